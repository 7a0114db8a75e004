/** Favourites: GET /v1/me/likes, GET /v1/me/likes/products (POST/DELETE /v1/products/{id}/likes: routes/products/likes). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const likeRoutes = createRouter().openapi(routes.likedIds, handlers.likedIds).openapi(routes.likedProducts, handlers.likedProducts);
