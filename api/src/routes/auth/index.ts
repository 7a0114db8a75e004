/** POST /v1/auth/login, /refresh, /logout. The refresh token lives only in an httpOnly cookie. */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createRouter } from '../../lib/router.ts';
import { login, logout, refresh, type ClientInfo, type Session } from '../../services/auth.ts';
import { emptyBodySchema, loginRequestSchema, loginResponseSchema, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '#contracts/auth.ts';
import { errorBodySchema } from '#contracts/common.ts';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const optionalEmptyBody = { content: { 'application/json': { schema: emptyBodySchema } }, required: false };

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0].trim() === 'https';
}

function clientInfo(c: Context): ClientInfo {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0].trim();
  // On @hono/node-server the socket is in c.env.incoming; in-process tests have none.
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  return { ip: forwarded || socket?.remoteAddress || null, userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null };
}

function setRefreshCookie(c: Context, session: Session) {
  setCookie(c, REFRESH_COOKIE, session.refreshSecret, {
    httpOnly: true, path: REFRESH_COOKIE_PATH, sameSite: 'Lax', secure: isHttps(c), expires: session.refreshExpiresAt,
  });
}

const loginRoute = createRoute({
  method: 'post', path: '/auth/login', tags: ['auth'], summary: 'Log in with username or e-mail',
  request: { body: { content: { 'application/json': { schema: loginRequestSchema } }, required: true } },
  responses: { 200: json(loginResponseSchema, 'Logged in; sets the refresh_token cookie'), 422: json(errorBodySchema, 'Bad credentials or locked') },
});

const refreshRoute = createRoute({
  method: 'post', path: '/auth/refresh', tags: ['auth'], summary: 'Rotate the refresh token (cookie) and get a new access token',
  request: { body: optionalEmptyBody },
  responses: { 200: json(loginResponseSchema, 'New tokens'), 401: json(errorBodySchema, 'Missing, expired or reused refresh token') },
});

const logoutRoute = createRoute({
  method: 'post', path: '/auth/logout', tags: ['auth'], summary: 'Revoke the session',
  request: { body: optionalEmptyBody },
  responses: { 204: { description: 'Logged out' } },
});

export const authRoutes = createRouter()
  .openapi(loginRoute, async (c) => {
    const session = await login(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json'), clientInfo(c));
    setRefreshCookie(c, session);
    return c.json(session.body, 200);
  })
  .openapi(refreshRoute, async (c) => {
    try {
      const session = await refresh(c.get('db'), c.get('env'), c.get('channel').id, getCookie(c, REFRESH_COOKIE));
      setRefreshCookie(c, session);
      return c.json(session.body, 200);
    } catch (err) {
      // A refused refresh token is useless to keep; drop it so the client stops sending it.
      deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: isHttps(c) });
      throw err;
    }
  })
  .openapi(logoutRoute, async (c) => {
    await logout(c.get('db'), c.get('tokenId'), getCookie(c, REFRESH_COOKIE));
    deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: isHttps(c) });
    return c.body(null, 204);
  });

export type AuthRoutes = typeof authRoutes;
