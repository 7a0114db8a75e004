/** Restock requests: POST /v1/product-requests, POST /v1/product-requests/confirm, GET/DELETE /v1/me/product-request-histories. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const productRequestRoutes = createRouter()
  .openapi(routes.create, handlers.create)
  .openapi(routes.confirm, handlers.confirm)
  .openapi(routes.list, handlers.list)
  .openapi(routes.remove, handlers.remove);
