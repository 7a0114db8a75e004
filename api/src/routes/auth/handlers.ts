/** Handlers of the auth group: each reads the request, calls one service function, answers. */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '#contracts/auth.ts';
import type { AppEnv } from '../../context.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { noContent, ok } from '../../lib/respond.ts';
import { clientAddress, isHttpsRequest } from '../../middleware/client-address.ts';
import { login, logout, refresh, type ClientInfo, type Session } from '../../services/auth.ts';
import type { loginRoute, logoutRoute, refreshRoute } from './routes.ts';

const isHttps = (c: Context<AppEnv>) => isHttpsRequest(c.req.url, c.req.header('x-forwarded-proto'), c.get('env').TRUST_PROXY);

function clientInfo(c: Context<AppEnv>): ClientInfo {
  return { ip: clientAddress(c, c.get('env').TRUST_PROXY), userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null };
}

function setRefreshCookie(c: Context<AppEnv>, session: Session) {
  setCookie(c, REFRESH_COOKIE, session.refreshSecret, {
    httpOnly: true, path: REFRESH_COOKIE_PATH, sameSite: 'Lax', secure: isHttps(c), expires: session.refreshExpiresAt,
  });
}

export const loginHandler: AppRouteHandler<typeof loginRoute> = async (c) => {
  const session = await login(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json'), clientInfo(c));
  setRefreshCookie(c, session);
  return ok(c, session.body);
};

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
