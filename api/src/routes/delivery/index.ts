/** Delivery: several shipments per cart, divide, packing and のし, 備考, the business-day calendar and delivery lead times (issue 8). */
import { createRouter } from '../../lib/router.ts';

export const deliveryRoutes = createRouter();
