/** Browsing history: POST /v1/product-histories, GET /v1/guest/product-histories, GET/DELETE /v1/me/product-histories. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const productHistoryRoutes = createRouter()
  .openapi(routes.create, handlers.create)
  .openapi(routes.guestList, handlers.guestList)
  .openapi(routes.memberList, handlers.memberList)
  .openapi(routes.remove, handlers.remove);
