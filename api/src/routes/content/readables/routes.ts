/** News read marks (members only): POST /v1/news/readables and the member's read list. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { newsReadableRequestSchema, newsReadableSchema } from '#contracts/content.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { requireAuth } from '../../../middleware/auth.ts';
import { invalidResponse, notFoundResponse } from '../shared.ts';

const auth = { tags: ['content'], middleware: [requireAuth] };

export const markRead = createRoute({
  method: 'post',
  path: '/news/readables',
  ...auth,
  summary: 'Mark a news item read by the member (again: the first read time kept)',
  request: { body: jsonBody(newsReadableRequestSchema) },
  responses: {
    200: jsonResponse(newsReadableSchema, 'Read'),
    401: errorResponse('Not signed in'),
    404: notFoundResponse,
    422: invalidResponse,
  },
});
export const listRead = createRoute({
  method: 'get',
  path: '/news/readables',
  ...auth,
  summary: "The member's read news of the channel (for the read marks of the static news pages)",
  responses: { 200: jsonResponse(z.array(newsReadableSchema), 'Read news'), 401: errorResponse('Not signed in') },
});
