/** Coupons (issue 8): the member's coupons in my-page, /v1/me/coupons (a cart's coupon is routes/carts/discounts). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const couponRoutes = createRouter().openapi(routes.myCoupons, handlers.myCoupons);
