/** The auth group: login, refresh, logout. The refresh token lives only in an httpOnly cookie. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { createRouter } from '../../lib/router.ts';
import { RetryLaterError } from '../../services/rate-limit/index.ts';
import { loginHandler, logoutHandler, refreshHandler } from './handlers.ts';
import { loginRoute, logoutRoute, refreshRoute } from './routes.ts';

/** Puts Retry-After on refusals that say when to come back (rate limit or full hashing queue, both 429). */
const retryAfterHeader = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.error instanceof RetryLaterError) c.res.headers.set('Retry-After', String(c.error.retryAfterSeconds));
});

const router = createRouter();
// Scoped to /auth/*: middleware on a sub-app mounted at '/' would otherwise run for all of /v1.
router.use('/auth/*', retryAfterHeader);

export const authRoutes = router
  .openapi(loginRoute, loginHandler)
  .openapi(refreshRoute, refreshHandler)
  .openapi(logoutRoute, logoutHandler);

export type AuthRoutes = typeof authRoutes;
