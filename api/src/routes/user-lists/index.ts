/** User lists: GET /v1/me/user-lists, /{key}; PATCH attach, detach, /{key}/detach. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const userListRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.attach, handlers.attach)
  .openapi(routes.detach, handlers.detach)
  .openapi(routes.detail, handlers.detail)
  .openapi(routes.detachFrom, handlers.detachFrom);
