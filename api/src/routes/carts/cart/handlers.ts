/** Handlers of the cart itself: each parses, runs one cart operation for the request's scope and answers the Cart. */
import { cartScope as scopeOf } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { getCart, initShopCart, resetShopCart } from '../../../services/carts/index.ts';
import type * as routes from './routes.ts';

export const init: AppRouteHandler<typeof routes.init> = async (c) => ok(c, await initShopCart(scopeOf(c), c.req.valid('json')));
export const get: AppRouteHandler<typeof routes.get> = async (c) => ok(c, await getCart(scopeOf(c), c.req.valid('param').token));
export const reset: AppRouteHandler<typeof routes.reset> = async (c) => ok(c, await resetShopCart(scopeOf(c), c.req.valid('json')));
