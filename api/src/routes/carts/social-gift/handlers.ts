/** Handler of the cart bought as a social gift. */
import { cartScope } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { setCartSocialReceiver } from '../../../services/carts/index.ts';
import type * as routes from './routes.ts';

export const receiver: AppRouteHandler<typeof routes.receiver> = async (c) =>
  ok(c, await setCartSocialReceiver(cartScope(c), c.req.valid('json')));
