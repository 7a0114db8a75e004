/** Social gift (a gift sent by link) and the paper catalogue order (issue 8). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const socialGiftRoutes = createRouter()
  .openapi(routes.receiver, handlers.receiver)
  .openapi(routes.products, handlers.products)
  .openapi(routes.shipping, handlers.shipping)
  .openapi(routes.checkShipping, handlers.checkShipping)
  .openapi(routes.checkDelivery, handlers.checkDelivery)
  .openapi(routes.leadtime, handlers.leadtime)
  .openapi(routes.receive, handlers.receive)
  .openapi(routes.complete, handlers.complete)
  .openapi(routes.catalogs, handlers.catalogs)
  .openapi(routes.catalogOrder, handlers.catalogOrder);
