/** GET /public.json. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const publicJsonRoute = createRouter().openapi(routes.publicJson, handlers.publicJson);
