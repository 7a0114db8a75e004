/** Benefits: coupons and points in the cart and in my-page (issue 8). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const benefitRoutes = createRouter()
  .openapi(routes.couponAdd, handlers.couponAdd)
  .openapi(routes.couponDelete, handlers.couponDelete)
  .openapi(routes.point, handlers.point)
  .openapi(routes.myCoupons, handlers.myCoupons)
  .openapi(routes.myPoints, handlers.myPoints)
  .openapi(routes.myPointHistories, handlers.myPointHistories);
