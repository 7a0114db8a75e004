/** Route definitions of the auth group: login (and its code step, channel-sync login), unlock, refresh, logout. */
import { createRoute } from '@hono/zod-openapi';
import { authVerifyRequestSchema, loginSyncRequestSchema, messageResponseSchema, unlockParamsSchema } from '#contracts/account.ts';
import { emptyBodySchema, loginRequestSchema, loginResponseSchema } from '#contracts/auth.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';

const optionalEmptyBody = { content: { 'application/json': { schema: emptyBodySchema } }, required: false };
export const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const } } };
const tooMany = {
  ...errorResponse(
    'Too many attempts from this address or for this login (auth.too_many_attempts), or password checks at capacity (common.busy)',
  ),
  headers: retryAfter,
};

export const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  tags: ['auth'],
  summary: 'Log in with username or e-mail',
  description:
    'A member with the code step on (users.mfa_enabled) gets is_verify true, user_id and an empty access_token; a 6-digit code is mailed (template login_code) and POST /auth/verify completes the login.',
  request: { body: jsonBody(loginRequestSchema) },
  responses: {
    200: jsonResponse(loginResponseSchema, 'Logged in (sets the refresh_token cookie), or the code step (is_verify true, no cookie)'),
    422: errorResponse(
      'Bad credentials (auth.failed) or locked (auth.locked), the same for unknown usernames; the lock mails an unlock link once',
    ),
    429: tooMany,
  },
});

export const verifyRoute = createRoute({
  method: 'post',
  path: '/auth/verify',
  tags: ['auth'],
  summary: 'Complete a login with the mailed 6-digit code',
  request: { body: jsonBody(authVerifyRequestSchema) },
  responses: {
    200: jsonResponse(loginResponseSchema, 'Logged in; sets the refresh_token cookie'),
    422: errorResponse(
      'Wrong code (auth.verify_failed, counted); no live code, expired, or spent after MAX_CODE_ATTEMPTS wrong ones (auth.verify_expired): log in again',
    ),
    429: tooMany,
  },
});

export const loginSyncRoute = createRoute({
  method: 'post',
  path: '/auth/login-sync-channel',
  tags: ['auth'],
  summary:
    "Log in with the account of any channel of this shop: a member of this channel logs in as for login; a registered member of another channel is checked against that account's password and lockout and logged in here as its linked member, created on first use (same profile and password) under this channel's registration rules: a valid school_key where SITE.SCHOOL_KEY_REQUIRED is on, and unregistered with the verification mail where first-login verification is on",
  request: { body: jsonBody(loginSyncRequestSchema) },
  responses: {
    200: jsonResponse(loginResponseSchema, 'As for login: logged in, or the code step'),
    422: errorResponse(
      'As for login (auth.failed, auth.locked; also for an unverified source member); user.school_key.required / user.school_key.invalid on school_key, as registration answers (nothing created); auth.sync_conflict when this channel has another member with the same login ID or e-mail',
    ),
    429: tooMany,
  },
});

export const unlockRoute = createRoute({
  method: 'get',
  path: '/auth/unlock/{token}',
  tags: ['auth'],
  summary: 'Lift a lock with the mailed unlock link (single use)',
  request: { params: unlockParamsSchema },
  responses: {
    200: jsonResponse(messageResponseSchema, 'Unlocked'),
    422: errorResponse('Invalid, used or expired link (auth.unlock_invalid)'),
  },
});

export const refreshRoute = createRoute({
  method: 'post',
  path: '/auth/refresh',
  tags: ['auth'],
  summary: 'Rotate the refresh token (cookie) and get a new access token',
  request: { body: optionalEmptyBody },
  responses: {
    200: jsonResponse(loginResponseSchema, 'New tokens'),
    401: errorResponse('Missing, expired or reused refresh token'),
    429: { ...errorResponse('Too many refreshes from this address (auth.too_many_attempts)'), headers: retryAfter },
  },
});

export const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  tags: ['auth'],
  summary: 'Revoke the session',
  request: { body: optionalEmptyBody },
  responses: { 204: { description: 'Logged out' } },
});
