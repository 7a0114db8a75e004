/** POST/DELETE /v1/products/{id}/likes: favourite or unfavourite a product (members only). */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const productLikeRoutes = createRouter().openapi(routes.like, handlers.like).openapi(routes.unlike, handlers.unlike);
