/** Handlers of the cart's coupon and points: each parses, runs one cart operation and answers the Cart. */
import { cartScope } from '../../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { addCartCoupon, deleteCartCoupon, setCartPoint } from '../../../services/carts/index.ts';
import type * as routes from './routes.ts';

export const couponAdd: AppRouteHandler<typeof routes.couponAdd> = async (c) =>
  ok(c, await addCartCoupon(cartScope(c), c.req.valid('json')));
export const couponDelete: AppRouteHandler<typeof routes.couponDelete> = async (c) =>
  ok(c, await deleteCartCoupon(cartScope(c), c.req.valid('json')));
export const point: AppRouteHandler<typeof routes.point> = async (c) => ok(c, await setCartPoint(cartScope(c), c.req.valid('json')));
