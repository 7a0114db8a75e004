/** The auth group: login, refresh, logout. The refresh token lives only in an httpOnly cookie. */
import { createRouter } from '../../lib/router.ts';
import { loginHandler, logoutHandler, refreshHandler } from './handlers.ts';
import { loginRoute, logoutRoute, refreshRoute } from './routes.ts';

export const authRoutes = createRouter()
  .openapi(loginRoute, loginHandler)
  .openapi(refreshRoute, refreshHandler)
  .openapi(logoutRoute, logoutHandler);

export type AuthRoutes = typeof authRoutes;
