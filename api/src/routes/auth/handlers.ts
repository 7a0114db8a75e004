/** Handlers of the auth group: each reads the request, calls one service function, answers. */
import { deleteCookie, getCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '#contracts/auth.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { noContent, ok } from '../../lib/respond.ts';
import { login, logout, refresh, unlockAccount, verifyLoginCode } from '../../services/auth/index.ts';
import { loginSyncChannel } from '../../services/auth/sync-channel.ts';
import type { loginRoute, loginSyncRoute, logoutRoute, refreshRoute, unlockRoute, verifyRoute } from './routes.ts';
import { clientInfo, isHttps, setRefreshCookie } from './session.ts';

export const loginHandler: AppRouteHandler<typeof loginRoute> = async (c) => {
  const session = await login(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json'), clientInfo(c));
  setRefreshCookie(c, session);
  return ok(c, session.body);
};

export const verifyHandler: AppRouteHandler<typeof verifyRoute> = async (c) => {
  const session = await verifyLoginCode(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json'), clientInfo(c));
  setRefreshCookie(c, session);
  return ok(c, session.body);
};

export const loginSyncHandler: AppRouteHandler<typeof loginSyncRoute> = async (c) => {
  const session = await loginSyncChannel(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json'), clientInfo(c));
  setRefreshCookie(c, session);
  return ok(c, session.body);
};

export const unlockHandler: AppRouteHandler<typeof unlockRoute> = async (c) =>
  ok(c, await unlockAccount(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('param').token));

export const refreshHandler: AppRouteHandler<typeof refreshRoute> = async (c) => {
  try {
    const session = await refresh(c.get('db'), c.get('env'), c.get('channel').id, getCookie(c, REFRESH_COOKIE), clientInfo(c).ip);
    setRefreshCookie(c, session);
    return ok(c, session.body);
  } catch (err) {
    // A refused refresh token is useless to keep; drop it so the client stops sending it.
    if ((err as { status?: number }).status === 401) deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: isHttps(c) });
    throw err;
  }
};

export const logoutHandler: AppRouteHandler<typeof logoutRoute> = async (c) => {
  await logout(c.get('db'), c.get('tokenId'), getCookie(c, REFRESH_COOKIE));
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: isHttps(c) });
  return noContent(c);
};
