/** Handlers of the cart's decision and of the order it placed. */
import { cartScope as scopeOf } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { decideShopCart } from '../../../services/checkout/index.ts';
import { getOrderByNo } from '../../../services/orders/index.ts';
import type * as routes from './routes.ts';

export const decision: AppRouteHandler<typeof routes.decision> = async (c) => {
  const result = await decideShopCart(scopeOf(c), c.req.valid('param').token);
  // 202: a card needs 3-D Secure first; nothing is ordered or taken yet.
  return 'redirect_url' in result ? c.json(result, 202) : ok(c, result);
};
export const order: AppRouteHandler<typeof routes.order> = async (c) =>
  ok(c, await getOrderByNo(c.get('db'), c.get('user')!.id, c.req.valid('param').order_no));
