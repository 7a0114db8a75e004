/** Categories: GET /v1/categories/hierarchy. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const categoryRoutes = createRouter().openapi(routes.hierarchy, handlers.hierarchy);
