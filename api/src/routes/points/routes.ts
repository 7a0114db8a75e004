/** The member's points route definitions (my-page): GET /v1/me/points and /v1/me/point-histories. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { pointHistoryListSchema, pointHistoryQuerySchema, pointSummarySchema } from '#contracts/benefits.ts';
import { PAGINATION_HEADERS } from '#contracts/common.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');
const pagedOk = (schema: z.ZodType, description: string) => ({
  ...jsonResponse(schema, description),
  headers: z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()]))),
});

export const myPoints = createRoute({
  method: 'get',
  path: '/me/points',
  tags: ['benefits'],
  middleware: [requireAuth],
  summary: "The member's point balance and the points expiring within 30 days",
  responses: { 200: jsonResponse(pointSummarySchema, 'The balance'), 401: unauthorized },
});
export const myPointHistories = createRoute({
  method: 'get',
  path: '/me/point-histories',
  tags: ['benefits'],
  middleware: [requireAuth],
  summary: "The member's point moves, newest first",
  request: { query: pointHistoryQuerySchema },
  responses: {
    200: pagedOk(pointHistoryListSchema, 'One page of point moves'),
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});
