/** Memorial days (/v1/me/user-memorials…) and the name embroidery (/v1/me/name-embroidery). */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const memorialRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.getOne, handlers.getOne)
  .openapi(routes.create, handlers.create)
  .openapi(routes.update, handlers.update)
  .openapi(routes.remove, handlers.remove)
  .openapi(routes.getEmbroidery, handlers.getEmbroidery)
  .openapi(routes.putEmbroidery, handlers.putEmbroidery);
