/** Cart handlers: each parses, runs one cart operation for the request's scope and answers the Cart. */
import { cartScope as scopeOf } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import {
  addCartAccessory, addCartProduct, addCartSet, addCartShipping, deleteCartAccessory, modifyCartAccessory, decideShopCart, deleteCartProducts, getCart, initShopCart, modifyCartOrder, modifyCartProduct,
  resetCartShippings, resetShopCart,
} from '../../../services/carts/index.ts';
import { getOrderByNo } from '../../../services/orders/index.ts';
import type * as routes from './routes.ts';


export const init: AppRouteHandler<typeof routes.init> = async (c) => ok(c, await initShopCart(scopeOf(c), c.req.valid('json')));
export const get: AppRouteHandler<typeof routes.get> = async (c) => ok(c, await getCart(scopeOf(c), c.req.valid('param').token));
export const reset: AppRouteHandler<typeof routes.reset> = async (c) => ok(c, await resetShopCart(scopeOf(c), c.req.valid('json')));
export const add: AppRouteHandler<typeof routes.add> = async (c) => ok(c, await addCartProduct(scopeOf(c), c.req.valid('json')));
export const accessoryAdd: AppRouteHandler<typeof routes.accessoryAdd> = async (c) => ok(c, await addCartAccessory(scopeOf(c), c.req.valid('json')));
export const accessoryModify: AppRouteHandler<typeof routes.accessoryModify> = async (c) => ok(c, await modifyCartAccessory(scopeOf(c), c.req.valid('json')));
export const accessoryDelete: AppRouteHandler<typeof routes.accessoryDelete> = async (c) => ok(c, await deleteCartAccessory(scopeOf(c), c.req.valid('json')));
export const addSet: AppRouteHandler<typeof routes.addSet> = async (c) => ok(c, await addCartSet(scopeOf(c), c.req.valid('json')));
export const modify: AppRouteHandler<typeof routes.modify> = async (c) => ok(c, await modifyCartProduct(scopeOf(c), c.req.valid('json')));
export const remove: AppRouteHandler<typeof routes.remove> = async (c) => ok(c, await deleteCartProducts(scopeOf(c), c.req.valid('json')));
export const shippingAdd: AppRouteHandler<typeof routes.shippingAdd> = async (c) => ok(c, await addCartShipping(scopeOf(c), c.req.valid('json')));
export const shippingReset: AppRouteHandler<typeof routes.shippingReset> = async (c) => ok(c, await resetCartShippings(scopeOf(c), c.req.valid('json')));
export const orderModify: AppRouteHandler<typeof routes.orderModify> = async (c) => ok(c, await modifyCartOrder(scopeOf(c), c.req.valid('json')));
export const decision: AppRouteHandler<typeof routes.decision> = async (c) => {
  const result = await decideShopCart(scopeOf(c), c.req.valid('param').token);
  // 202: a card needs 3-D Secure first; nothing is ordered or taken yet.
  return 'redirect_url' in result ? c.json(result, 202) : ok(c, result);
};
export const order: AppRouteHandler<typeof routes.order> = async (c) =>
  ok(c, await getOrderByNo(c.get('db'), c.get('user')!.id, c.req.valid('param').order_no));
