/** Message centre route definitions (spec 7 "GET /v1/me/system-messages…"). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, PAGINATION_HEADERS, pagedQuerySchema } from '#contracts/common.ts';
import { systemMessageListSchema, systemMessageSchema, unreadCountSchema } from '#contracts/system-messages.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const auth = { tags: ['system-messages'], middleware: [requireAuth] };
const unauthorized = errorResponse('Not signed in');
const pageHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));

export const list = createRoute({
  method: 'get',
  path: '/me/system-messages',
  ...auth,
  summary: "The member's messages, newest first, 10 per page (pagination headers)",
  request: { query: pagedQuerySchema },
  responses: {
    200: { ...jsonResponse(systemMessageListSchema, 'One page of messages, each with is_read'), headers: pageHeaders },
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});

export const unreadCount = createRoute({
  method: 'get',
  path: '/me/system-messages/unread-count',
  ...auth,
  summary: "How many of the member's messages are unread",
  responses: { 200: jsonResponse(unreadCountSchema, 'The unread count'), 401: unauthorized },
});

export const getOne = createRoute({
  method: 'get',
  path: '/me/system-messages/{id}',
  ...auth,
  summary: 'One message; opening it marks it read (read_at set once)',
  request: { params: idParamSchema },
  responses: {
    200: jsonResponse(systemMessageSchema, 'The message'),
    401: unauthorized,
    404: errorResponse("Not the member's message"),
    422: errorResponse('Bad id'),
  },
});
