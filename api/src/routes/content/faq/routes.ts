/** FAQ route definitions: GET /v1/qas (category and keyword filters) and GET /v1/qa-categories. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { qaCategorySchema, qaListQuerySchema, qaSchema } from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';
import { invalidResponse } from '../shared.ts';

export const listQas = createRoute({
  method: 'get',
  path: '/qas',
  tags: ['content'],
  summary: 'FAQ items, ordered by category (per default 10, per=all)',
  request: { query: qaListQuerySchema },
  responses: { 200: jsonResponse(z.array(qaSchema), 'FAQ items with their category'), 422: invalidResponse },
});
export const listQaCategories = createRoute({
  method: 'get',
  path: '/qa-categories',
  tags: ['content'],
  summary: 'FAQ categories of the channel',
  responses: { 200: jsonResponse(z.array(qaCategorySchema), 'FAQ categories') },
});
