/** Benefits: coupons and points in the cart and in my-page (issue 8). */
import { createRouter } from '../../lib/router.ts';

export const benefitRoutes = createRouter();
