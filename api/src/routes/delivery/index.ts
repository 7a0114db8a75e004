/**
 * Delivery: the business-day calendar (/v1/business-dates/…) and the lead times (/v1/shipping-leadtime/…):
 * a cart's shipments (services/delivery) and a social gift's link (its receiver's dates, read through
 * services/social-gifts, which owns the link). The cart's own delivery operations are routes/carts/shippings.
 */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const deliveryRoutes = createRouter()
  .openapi(routes.calendar, handlers.calendar)
  .openapi(routes.leadtime, handlers.leadtime)
  .openapi(routes.giftLeadtime, handlers.giftLeadtime);
