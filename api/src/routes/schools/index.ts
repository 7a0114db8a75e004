/** School keys: POST /v1/schools/check. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const schoolRoutes = createRouter().openapi(routes.check, handlers.check);
