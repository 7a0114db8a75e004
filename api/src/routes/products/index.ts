/** Products: the list, its facets, suggestions, one product and its reviews. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const productRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.facets, handlers.facets)
  .openapi(routes.suggest, handlers.suggest)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.reviews, handlers.reviews);
