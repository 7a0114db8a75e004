/** GET /v1/products/{key}/recommend and /v1/products/{key}/accessories. */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const recommendRoutes = createRouter()
  .openapi(routes.recommend, handlers.recommend)
  .openapi(routes.accessories, handlers.accessories);
