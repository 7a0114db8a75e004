/** The signed-in member: GET/PUT /v1/me/user, PUT /v1/me/password. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const userRoutes = createRouter()
  .openapi(routes.getMe, handlers.getMe)
  .openapi(routes.putMe, handlers.putMe)
  .openapi(routes.putPassword, handlers.putPassword);
