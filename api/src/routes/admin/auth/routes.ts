/** Route definitions of the editors' accounts (/admin/v1): login, logout and the signed-in editor. */
import { createRoute } from '@hono/zod-openapi';
import { editorLoginRequestSchema, editorLoginResponseSchema, editorSchema } from '#contracts/admin.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { retryAfter } from '../../auth/routes.ts';

const security = [{ editorBearer: [] }];
const unauthorised = errorResponse("No live editor session (auth.unauthenticated); a member's token is never one");

export const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['admin'],
  summary: 'Editor login: a bearer token for /admin/v1 (never valid on /v1)',
  request: { body: jsonBody(editorLoginRequestSchema) },
  responses: {
    200: jsonResponse(editorLoginResponseSchema, 'Logged in'),
    422: errorResponse(
      'Bad credentials (auth.failed) or locked after repeated failures (auth.locked); unknown and disabled logins answer alike',
    ),
    429: { ...errorResponse('Too many attempts from this address or for this login (auth.too_many_attempts)'), headers: retryAfter },
  },
});

export const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['admin'],
  summary: 'Ends this editor session',
  security,
  responses: { 204: { description: 'Logged out' }, 401: unauthorised },
});

export const meRoute = createRoute({
  method: 'get',
  path: '/me',
  tags: ['admin'],
  summary: 'The signed-in editor',
  security,
  responses: { 200: jsonResponse(editorSchema, 'The editor'), 401: unauthorised },
});
