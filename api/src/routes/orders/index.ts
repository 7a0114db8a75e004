/** The member's orders: GET /v1/me/orders and GET /v1/me/orders/{id}. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const orderRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.detail, handlers.detail);
