/** Registration, the guest member and the signed-in member: /v1/users, /v1/users/dummy, /v1/me/user, /v1/me/convert, /v1/me/password, /v1/me/login-histories. */
import { createRouter } from '../../lib/router.ts';
import * as handlers from './handlers.ts';
import * as routes from './routes.ts';

export const userRoutes = createRouter()
  .openapi(routes.register, handlers.register)
  .openapi(routes.dummy, handlers.dummy)
  .openapi(routes.convert, handlers.convert)
  .openapi(routes.getMe, handlers.getMe)
  .openapi(routes.putMe, handlers.putMe)
  .openapi(routes.deleteMe, handlers.deleteMe)
  .openapi(routes.putPassword, handlers.putPassword)
  .openapi(routes.loginHistories, handlers.loginHistories);
