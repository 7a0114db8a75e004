/** News read marks. Mounted before the posts group, so /news/readables is not read as /news/{id}. */
import { createRouter } from '../../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const readableRoutes = createRouter().openapi(routes.markRead, handlers.markRead).openapi(routes.listRead, handlers.listRead);
