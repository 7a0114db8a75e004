/** Handlers of the cart's shippings: each parses, runs one cart operation for the request's scope and answers the Cart. */
import { cartScope as scopeOf } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import {
  addCartPacking,
  addCartShipping,
  modifyCartOther,
  modifyCartPacking,
  modifyCartShipping,
  resetCartShippings,
} from '../../../services/carts/index.ts';
import type * as routes from './routes.ts';

export const shippingAdd: AppRouteHandler<typeof routes.shippingAdd> = async (c) =>
  ok(c, await addCartShipping(scopeOf(c), c.req.valid('json')));
export const shippingReset: AppRouteHandler<typeof routes.shippingReset> = async (c) =>
  ok(c, await resetCartShippings(scopeOf(c), c.req.valid('json')));
export const shippingModify: AppRouteHandler<typeof routes.shippingModify> = async (c) =>
  ok(c, await modifyCartShipping(scopeOf(c), c.req.valid('json')));
export const packingAdd: AppRouteHandler<typeof routes.packingAdd> = async (c) =>
  ok(c, await addCartPacking(scopeOf(c), c.req.valid('json')));
export const packingModify: AppRouteHandler<typeof routes.packingModify> = async (c) =>
  ok(c, await modifyCartPacking(scopeOf(c), c.req.valid('json')));
export const otherModify: AppRouteHandler<typeof routes.otherModify> = async (c) =>
  ok(c, await modifyCartOther(scopeOf(c), c.req.valid('json')));
