/** Message centre: GET /v1/me/system-messages, …/unread-count, …/{id}. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

// unread-count before {id}: the literal path must win over the parameter.
export const systemMessageRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.unreadCount, handlers.unreadCount)
  .openapi(routes.getOne, handlers.getOne);
