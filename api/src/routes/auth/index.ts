/** The auth group: login, the code step, channel-sync login, unlock, refresh, logout. The refresh token lives only in an httpOnly cookie. */
import { createRouter } from '../../lib/router.ts';
import { loginHandler, loginSyncHandler, logoutHandler, refreshHandler, unlockHandler, verifyHandler } from './handlers.ts';
import { loginRoute, loginSyncRoute, logoutRoute, refreshRoute, unlockRoute, verifyRoute } from './routes.ts';

export const authRoutes = createRouter()
  .openapi(loginRoute, loginHandler)
  .openapi(verifyRoute, verifyHandler)
  .openapi(loginSyncRoute, loginSyncHandler)
  .openapi(unlockRoute, unlockHandler)
  .openapi(refreshRoute, refreshHandler)
  .openapi(logoutRoute, logoutHandler);

export type AuthRoutes = typeof authRoutes;
