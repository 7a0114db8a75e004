/** Layouts (GET /v1/layouts/{page}, GET /v1/pages/front/layout/{id}) and collections (GET /v1/collections/{alias}). */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const layoutRoutes = createRouter()
  .openapi(routes.getLayout, handlers.getLayout)
  .openapi(routes.getFrontLayout, handlers.getFrontLayout)
  .openapi(routes.getCollection, handlers.getCollection);
