/** Coupon and point handlers: each parses, runs one service function and answers. */
import { cartScope } from '../../lib/cart-scope.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { addCartCoupon, deleteCartCoupon, setCartPoint } from '../../services/benefits/cart.ts';
import { listMyCoupons, listPointHistories, pointSummary } from '../../services/points/index.ts';
import type * as routes from './routes.ts';

export const couponAdd: AppRouteHandler<typeof routes.couponAdd> = async (c) => ok(c, await addCartCoupon(cartScope(c), c.req.valid('json')));
export const couponDelete: AppRouteHandler<typeof routes.couponDelete> = async (c) => ok(c, await deleteCartCoupon(cartScope(c), c.req.valid('json')));
export const point: AppRouteHandler<typeof routes.point> = async (c) => ok(c, await setCartPoint(cartScope(c), c.req.valid('json')));
export const myCoupons: AppRouteHandler<typeof routes.myCoupons> = async (c) =>
  paged(c, await listMyCoupons(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));
export const myPoints: AppRouteHandler<typeof routes.myPoints> = async (c) =>
  ok(c, await pointSummary(c.get('db'), c.get('channel').id, c.get('user')!.id));
export const myPointHistories: AppRouteHandler<typeof routes.myPointHistories> = async (c) =>
  paged(c, await listPointHistories(c.get('db'), c.get('user')!.id, c.req.valid('query')));
