/** Delivery handlers: each parses, runs one delivery operation and answers. */
import { cartScope as scopeOf } from '../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { businessCalendar } from '../../services/delivery/business-calendar.ts';
import {
  addCartPacking, cartLeadtimes, divideCartProduct, modifyCartOther, modifyCartPacking, modifyCartShipping,
} from '../../services/delivery/cart-leadtimes.ts';
import type * as routes from './routes.ts';

export const calendar: AppRouteHandler<typeof routes.calendar> = async (c) => ok(c, await businessCalendar(c.get('db'), c.req.valid('query')));
export const leadtime: AppRouteHandler<typeof routes.leadtime> = async (c) =>
  ok(c, await cartLeadtimes(scopeOf(c), c.req.valid('param').token, c.req.valid('query')));
export const shippingModify: AppRouteHandler<typeof routes.shippingModify> = async (c) => ok(c, await modifyCartShipping(scopeOf(c), c.req.valid('json')));
export const divide: AppRouteHandler<typeof routes.divide> = async (c) => ok(c, await divideCartProduct(scopeOf(c), c.req.valid('json')));
export const packingAdd: AppRouteHandler<typeof routes.packingAdd> = async (c) => ok(c, await addCartPacking(scopeOf(c), c.req.valid('json')));
export const packingModify: AppRouteHandler<typeof routes.packingModify> = async (c) => ok(c, await modifyCartPacking(scopeOf(c), c.req.valid('json')));
export const otherModify: AppRouteHandler<typeof routes.otherModify> = async (c) => ok(c, await modifyCartOther(scopeOf(c), c.req.valid('json')));
