/** Products: GET /v1/products and GET /v1/products/{key}. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const productRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.detail, handlers.detail);
