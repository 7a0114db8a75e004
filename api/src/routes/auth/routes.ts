/** Route definitions of the auth group: POST /v1/auth/login, /refresh, /logout. */
import { createRoute } from '@hono/zod-openapi';
import { emptyBodySchema, loginRequestSchema, loginResponseSchema } from '#contracts/auth.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';

const optionalEmptyBody = { content: { 'application/json': { schema: emptyBodySchema } }, required: false };
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const } } };

export const loginRoute = createRoute({
  method: 'post', path: '/auth/login', tags: ['auth'], summary: 'Log in with username or e-mail',
  request: { body: jsonBody(loginRequestSchema) },
  responses: {
    200: jsonResponse(loginResponseSchema, 'Logged in; sets the refresh_token cookie'),
    422: errorResponse('Bad credentials (auth.failed) or locked (auth.locked), the same for unknown usernames'),
    429: { ...errorResponse('Too many attempts from this address or for this login (auth.too_many_attempts), or password checks at capacity (common.busy)'), headers: retryAfter },
  },
});

export const refreshRoute = createRoute({
  method: 'post', path: '/auth/refresh', tags: ['auth'], summary: 'Rotate the refresh token (cookie) and get a new access token',
  request: { body: optionalEmptyBody },
  responses: {
    200: jsonResponse(loginResponseSchema, 'New tokens'),
    401: errorResponse('Missing, expired or reused refresh token'),
    429: { ...errorResponse('Too many refreshes from this address (auth.too_many_attempts)'), headers: retryAfter },
  },
});

export const logoutRoute = createRoute({
  method: 'post', path: '/auth/logout', tags: ['auth'], summary: 'Revoke the session',
  request: { body: optionalEmptyBody },
  responses: { 204: { description: 'Logged out' } },
});
