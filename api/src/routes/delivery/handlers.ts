/** Delivery handlers: each parses, runs one delivery read and answers. */
import { cartScope as scopeOf } from '../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { businessCalendar } from '../../services/delivery/business-calendar.ts';
import { cartLeadtimes } from '../../services/delivery/cart-leadtimes.ts';
import { findPostalAddresses } from '../../services/postal-codes/index.ts';
import { giftLeadtime as giftChoices } from '../../services/social-gifts/index.ts';
import { secretRead } from '../social-gifts/link.ts';
import type * as routes from './routes.ts';

export const calendar: AppRouteHandler<typeof routes.calendar> = async (c) =>
  ok(c, await businessCalendar(c.get('db'), c.req.valid('query')));
export const leadtime: AppRouteHandler<typeof routes.leadtime> = async (c) =>
  ok(c, await cartLeadtimes(scopeOf(c), c.req.valid('param').token, c.req.valid('query')));
export const giftLeadtime: AppRouteHandler<typeof routes.giftLeadtime> = async (c) => {
  const { postal, pref } = c.req.valid('query');
  // The prefecture given, else the one the postal code lies in (null: no regional extra days).
  const prefecture = pref || (postal ? findPostalAddresses(postal.replace('-', ''))[0]?.prefecture : undefined) || null;
  return ok(secretRead(c), await giftChoices(c.get('db'), c.get('channel').id, c.req.valid('param').token, { prefecture }));
};
