/** Social gift and catalogue handlers: each parses, calls one service function and answers. */
import type { Context } from 'hono';
import { cartScope } from '../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, ok } from '../../lib/respond.ts';
import { listCatalogs, orderCatalog } from '../../services/catalog-orders/index.ts';
import { findPostalAddresses } from '../../services/postal.ts';
import * as gifts from '../../services/social-gifts/index.ts';
import { clientInfo } from '../auth/session.ts';
import type * as routes from './routes.ts';

/**
 * The receiver's reads are keyed by the link's secret and change when the gift is received: never
 * kept by a browser or a shared cache (a used link must say so at once, and no cache holds the secret).
 */
const secretRead = <C extends Context>(c: C) => { c.header('Cache-Control', 'private, no-store'); return c; };

export const receiver: AppRouteHandler<typeof routes.receiver> = async (c) => ok(c, await gifts.setCartSocialReceiver(cartScope(c), c.req.valid('json')));
export const products: AppRouteHandler<typeof routes.products> = async (c) =>
  ok(secretRead(c), await gifts.giftProducts(c.get('db'), c.get('channel').id, c.req.valid('param').token));
export const shipping: AppRouteHandler<typeof routes.shipping> = async (c) =>
  ok(secretRead(c), await gifts.giftShipping(c.get('db'), c.get('channel'), c.req.valid('param').token));
export const checkShipping: AppRouteHandler<typeof routes.checkShipping> = async (c) => ok(c, gifts.checkGiftShipping(c.req.valid('json')));
export const checkDelivery: AppRouteHandler<typeof routes.checkDelivery> = async (c) =>
  ok(c, await gifts.checkGiftDelivery(c.get('db'), c.get('channel').id, c.req.valid('json')));
export const leadtime: AppRouteHandler<typeof routes.leadtime> = async (c) => {
  const { postal, pref } = c.req.valid('query');
  // The prefecture given, else the one the postal code lies in (null: no regional extra days).
  const prefecture = pref || (postal ? findPostalAddresses(postal.replace('-', ''))[0]?.prefecture : undefined) || null;
  return ok(secretRead(c), await gifts.giftLeadtime(c.get('db'), c.get('channel').id, c.req.valid('param').token, { prefecture }));
};
export const receive: AppRouteHandler<typeof routes.receive> = async (c) =>
  ok(c, await gifts.receiveGift(c.get('db'), c.get('channel'), c.req.valid('param').token, c.req.valid('json')));
export const complete: AppRouteHandler<typeof routes.complete> = async (c) =>
  ok(secretRead(c), await gifts.giftComplete(c.get('db'), c.get('channel').id, c.req.valid('param').token));
export const catalogs: AppRouteHandler<typeof routes.catalogs> = async (c) => ok(c, await listCatalogs(c.get('db'), c.get('channel').id));
export const catalogOrder: AppRouteHandler<typeof routes.catalogOrder> = async (c) =>
  created(c, await orderCatalog(c.get('db'), c.get('env'), c.get('channel'), c.get('user'), c.req.valid('json'), clientInfo(c)));
