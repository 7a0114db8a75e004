/** Bookmarks: GET/POST /v1/me/bookmarks, GET/DELETE /v1/me/bookmarks/{id}. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const bookmarkRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.create, handlers.create)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.remove, handlers.remove);
