/** Reminder route definitions: POST /v1/reminder/request, /check, /reset. */
import { createRoute } from '@hono/zod-openapi';
import {
  messageResponseSchema,
  reminderCheckResponseSchema,
  reminderCheckSchema,
  reminderRequestSchema,
  reminderResetResponseSchema,
  reminderResetSchema,
} from '#contracts/account.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { retryAfter } from '../auth/routes.ts';

const tags = ['reminder'];
const invalid = errorResponse('Invalid, used or expired link, or a link of the other type (reminder.invalid)');

export const request = createRoute({
  method: 'post',
  path: '/reminder/request',
  tags,
  summary:
    'Mail a password (type password) or login-ID (type username) link to a registered member; the same answer, in about the same time, for an unknown address',
  request: { body: jsonBody(reminderRequestSchema) },
  responses: {
    200: jsonResponse(messageResponseSchema, 'Accepted (templates reminder_password / reminder_username)'),
    422: errorResponse('Invalid input'),
    429: { ...errorResponse('Too many requests from this address or for this e-mail'), headers: retryAfter },
  },
});

export const check = createRoute({
  method: 'post',
  path: '/reminder/check',
  tags,
  summary: "The link's security question (null when the member set none)",
  request: { body: jsonBody(reminderCheckSchema) },
  responses: { 200: jsonResponse(reminderCheckResponseSchema, 'The question'), 422: invalid },
});

export const reset = createRoute({
  method: 'post',
  path: '/reminder/reset',
  tags,
  summary: 'Answer the security question (and set a new password for type password): spends the link, ends every other session, logs in',
  request: { body: jsonBody(reminderResetSchema) },
  responses: {
    200: jsonResponse(reminderResetResponseSchema, "Logged in (sets the refresh_token cookie) with the member's login ID"),
    422: errorResponse('Wrong answer (reminder.answer_mismatch, on security_answer, counted) or invalid link (reminder.invalid)'),
    429: { ...errorResponse('Too many wrong answers for this member (reminder.too_many_attempts)'), headers: retryAfter },
  },
});
