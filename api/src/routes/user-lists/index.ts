/** User lists: GET/POST /v1/me/user-lists, GET/PATCH/DELETE /{key}; PATCH attach, detach, /{key}/detach. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const userListRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.attach, handlers.attach)
  .openapi(routes.detach, handlers.detach)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.detachFrom, handlers.detachFrom)
  .openapi(routes.create, handlers.create)
  // After attach and detach, so PATCH /attach is never read as a list key.
  .openapi(routes.rename, handlers.rename)
  .openapi(routes.remove, handlers.remove);
