/** E-mail verification route definitions: POST /v1/email-verify/request and /check. */
import { createRoute } from '@hono/zod-openapi';
import { emailVerifyCheckSchema, emailVerifyRequestSchema, messageResponseSchema } from '#contracts/account.ts';
import { loginResponseSchema } from '#contracts/auth.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { retryAfter } from '../auth/routes.ts';

export const request = createRoute({
  method: 'post',
  path: '/email-verify/request',
  tags: ['email-verify'],
  summary: 'Mail a new verification link to the signed-in unregistered member (older links stop working)',
  middleware: [requireAuth],
  request: { body: { content: { 'application/json': { schema: emailVerifyRequestSchema } }, required: false } },
  responses: {
    200: jsonResponse(messageResponseSchema, 'Mailed (template email_verify)'),
    401: errorResponse('Not signed in'),
    422: errorResponse('Already registered, or a guest member (email_verify.not_required)'),
    429: { ...errorResponse('More than 5 links in an hour'), headers: retryAfter },
  },
});

export const check = createRoute({
  method: 'post',
  path: '/email-verify/check',
  tags: ['email-verify'],
  summary: 'Open the link: the member becomes registered and is logged in (single use)',
  request: { body: jsonBody(emailVerifyCheckSchema) },
  responses: {
    200: jsonResponse(loginResponseSchema, 'Registered and logged in; sets the refresh_token cookie'),
    422: errorResponse('Invalid, used or expired link (email_verify.invalid)'),
  },
});
