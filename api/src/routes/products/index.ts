/**
 * Products, every /v1/products/* path: the list, its facets, suggestions, one product and its reviews
 * (routes.ts), recommendations and accessories (recommend/), and favouriting a product (likes/).
 */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import { productLikeRoutes } from './likes/index.ts';
import { recommendRoutes } from './recommend/index.ts';
import * as routes from './routes.ts';

export const productRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.facets, handlers.facets)
  .openapi(routes.suggest, handlers.suggest)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.reviews, handlers.reviews)
  .route('/', productLikeRoutes)
  .route('/', recommendRoutes);
