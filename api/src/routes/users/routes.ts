/**
 * User route definitions: registration (POST /v1/users), the guest purchase's member
 * (GET /v1/users/dummy, POST /v1/me/convert), the signed-in member (GET/PUT/DELETE /v1/me/user),
 * PUT /v1/me/password and GET /v1/me/login-histories.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  convertGuestSchema,
  dummyUserResponseSchema,
  loginHistoryListSchema,
  loginHistoryQuerySchema,
  registerRequestSchema,
  withdrawRequestSchema,
} from '#contracts/account.ts';
import { loginResponseSchema } from '#contracts/auth.ts';
import { PAGINATION_HEADERS } from '#contracts/common.ts';
import { passwordChangeRequestSchema, userSchema, userUpdateRequestSchema } from '#contracts/user.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { retryAfter } from '../auth/routes.ts';

const unauthorized = errorResponse('Not signed in');
const tooMany = { ...errorResponse('Too many requests (Retry-After)'), headers: retryAfter };

export const register = createRoute({
  method: 'post',
  path: '/users',
  tags: ['user'],
  summary: 'Register a member and log in',
  description:
    'With PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE on the member is unregistered (is_registered_member false) until the mailed link (template email_verify) is opened; there an e-mail a registered member already uses is not refused: the answer is the same as for a new one and the address gets the template email_taken (the reminder pages) instead of the link. The first registration of an address to be verified wins; the other unverified ones are erased. Otherwise registered at once (template welcome), and a taken e-mail is 422 user.email.taken. Rate-limited per client address. A given address becomes the default address book entry.',
  request: { body: jsonBody(registerRequestSchema) },
  responses: {
    201: jsonResponse(loginResponseSchema, 'Registered and logged in; sets the refresh_token cookie'),
    422: errorResponse(
      'Invalid input; a login ID already used (user.username.taken), or, on a channel that does not verify the address first, an e-mail a registered member uses (user.email.taken), on that field',
    ),
    429: tooMany,
  },
});

export const dummy = createRoute({
  method: 'get',
  path: '/users/dummy',
  tags: ['user'],
  summary: 'A new guest member for a guest purchase, logged in',
  description:
    "is_guest true, is_registered_member false, no password; PUT /me/user fills its details (its e-mail may be a member's), then it checks out like a member. Rate-limited per client address.",
  responses: { 200: jsonResponse(dummyUserResponseSchema, "The guest member's session; sets the refresh_token cookie"), 429: tooMany },
});

export const convert = createRoute({
  method: 'post',
  path: '/me/convert',
  tags: ['user'],
  summary: 'Turn the signed-in guest member into a registered member',
  middleware: [requireAuth],
  request: { body: jsonBody(convertGuestSchema) },
  responses: {
    200: jsonResponse(loginResponseSchema, 'Registered; a new session (sets the refresh_token cookie)'),
    401: unauthorized,
    422: errorResponse('Not a guest (user.not_guest), no e-mail yet, or login ID / e-mail already used (on that field)'),
  },
});

export const getMe = createRoute({
  method: 'get',
  path: '/me/user',
  tags: ['user'],
  summary: 'The signed-in member',
  middleware: [requireAuth],
  responses: { 200: jsonResponse(userSchema, 'The member'), 401: unauthorized },
});

export const putMe = createRoute({
  method: 'put',
  path: '/me/user',
  tags: ['user'],
  summary: 'Update the member (not the username)',
  middleware: [requireAuth],
  description:
    "A member confirms with the current password (required; a guest purchase's member has none) and keeps one of phone_number / cell_phone_number.",
  request: { body: jsonBody(userUpdateRequestSchema) },
  responses: {
    200: jsonResponse(userSchema, 'The updated member'),
    401: unauthorized,
    422: errorResponse(
      "Invalid input, no or a wrong current password (on password; user.password.mismatch), or the e-mail is another member's",
    ),
    429: tooMany,
  },
});

export const deleteMe = createRoute({
  method: 'delete',
  path: '/me/user',
  tags: ['user'],
  summary: "Withdraw: erase the member's personal data and end every session (orders stay)",
  middleware: [requireAuth],
  request: { body: jsonBody(withdrawRequestSchema) },
  responses: { 204: { description: 'Withdrawn' }, 401: unauthorized, 422: errorResponse('Wrong password (on password)'), 429: tooMany },
});

export const putPassword = createRoute({
  method: 'put',
  path: '/me/password',
  tags: ['user'],
  summary: "Change the password (ends the member's other sessions)",
  middleware: [requireAuth],
  request: { body: jsonBody(passwordChangeRequestSchema) },
  responses: { 204: { description: 'Changed' }, 401: unauthorized, 422: errorResponse('Wrong current password'), 429: tooMany },
});

export const loginHistories = createRoute({
  method: 'get',
  path: '/me/login-histories',
  tags: ['user'],
  summary: "Login attempts on the member's account, newest first",
  middleware: [requireAuth],
  request: { query: loginHistoryQuerySchema },
  responses: {
    200: {
      ...jsonResponse(loginHistoryListSchema, 'One page of attempts'),
      headers: z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()]))),
    },
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});
