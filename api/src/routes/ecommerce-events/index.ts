/** POST /v1/ecommerce_events. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const ecommerceEventRoutes = createRouter().openapi(routes.create, handlers.create);
