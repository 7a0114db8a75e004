/** Delivery: several shipments per cart, divide, packing and のし, 備考, the business-day calendar and delivery lead times (issue 8). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const deliveryRoutes = createRouter()
  .openapi(routes.calendar, handlers.calendar)
  .openapi(routes.leadtime, handlers.leadtime)
  .openapi(routes.shippingModify, handlers.shippingModify)
  .openapi(routes.divide, handlers.divide)
  .openapi(routes.packingAdd, handlers.packingAdd)
  .openapi(routes.packingModify, handlers.packingModify)
  .openapi(routes.otherModify, handlers.otherModify);
