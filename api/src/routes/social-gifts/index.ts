/**
 * Social gift (a gift sent by link, issue 8): the receiver's calls, /v1/social-gifts/…. The sender's
 * PATCH /v1/carts/social/receiver is routes/carts/social-gift; the gift's lead times
 * (/v1/shipping-leadtime/input/{token}) are routes/delivery.
 */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const socialGiftRoutes = createRouter()
  .openapi(routes.products, handlers.products)
  .openapi(routes.shipping, handlers.shipping)
  .openapi(routes.checkShipping, handlers.checkShipping)
  .openapi(routes.checkDelivery, handlers.checkDelivery)
  .openapi(routes.receive, handlers.receive)
  .openapi(routes.complete, handlers.complete);
