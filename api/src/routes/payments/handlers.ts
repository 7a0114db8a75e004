/** Payment method handlers. */
import { cartScope } from '../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { paymentsForCart } from '../../services/carts/index.ts';
import { listPayments } from '../../services/payments/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) => ok(c, await listPayments(c.get('db')));
export const forCart: AppRouteHandler<typeof routes.forCart> = async (c) => ok(c, await paymentsForCart(cartScope(c), c.req.valid('param').token));
