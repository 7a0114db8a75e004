/** Handlers of the cart's payment: each parses, calls one cart or checkout operation and answers. */
import { cartScope } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { deleteTransactionError, modifyCartOrder } from '../../../services/carts/index.ts';
import { checkCartPayment, completeCardAuthentication } from '../../../services/checkout/index.ts';
import type * as routes from './routes.ts';

export const orderModify: AppRouteHandler<typeof routes.orderModify> = async (c) =>
  ok(c, await modifyCartOrder(cartScope(c), c.req.valid('json')));
export const check: AppRouteHandler<typeof routes.check> = async (c) => {
  const { token, payment_id } = c.req.valid('param');
  return ok(c, await checkCartPayment(cartScope(c), token, payment_id));
};
export const threeDs: AppRouteHandler<typeof routes.threeDs> = async (c) =>
  ok(c, await completeCardAuthentication(cartScope(c), c.req.valid('param').token, c.req.valid('json')));
export const transactionErrorDelete: AppRouteHandler<typeof routes.transactionErrorDelete> = async (c) =>
  ok(c, await deleteTransactionError(cartScope(c), c.req.valid('json')));
