/** Handlers of the cart's lines: each parses, runs one cart operation for the request's scope and answers the Cart. */
import { cartScope as scopeOf } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import {
  addCartAccessory,
  addCartProduct,
  addCartSet,
  deleteCartAccessory,
  deleteCartProducts,
  divideCartProduct,
  modifyCartAccessory,
  modifyCartProduct,
} from '../../../services/carts/index.ts';
import type * as routes from './routes.ts';

export const add: AppRouteHandler<typeof routes.add> = async (c) => ok(c, await addCartProduct(scopeOf(c), c.req.valid('json')));
export const accessoryAdd: AppRouteHandler<typeof routes.accessoryAdd> = async (c) =>
  ok(c, await addCartAccessory(scopeOf(c), c.req.valid('json')));
export const accessoryModify: AppRouteHandler<typeof routes.accessoryModify> = async (c) =>
  ok(c, await modifyCartAccessory(scopeOf(c), c.req.valid('json')));
export const accessoryDelete: AppRouteHandler<typeof routes.accessoryDelete> = async (c) =>
  ok(c, await deleteCartAccessory(scopeOf(c), c.req.valid('json')));
export const addSet: AppRouteHandler<typeof routes.addSet> = async (c) => ok(c, await addCartSet(scopeOf(c), c.req.valid('json')));
export const modify: AppRouteHandler<typeof routes.modify> = async (c) => ok(c, await modifyCartProduct(scopeOf(c), c.req.valid('json')));
export const remove: AppRouteHandler<typeof routes.remove> = async (c) => ok(c, await deleteCartProducts(scopeOf(c), c.req.valid('json')));
export const divide: AppRouteHandler<typeof routes.divide> = async (c) => ok(c, await divideCartProduct(scopeOf(c), c.req.valid('json')));
