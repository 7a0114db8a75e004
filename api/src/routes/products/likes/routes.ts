/** Favourite route definitions on a product: POST/DELETE /v1/products/{id}/likes (the member's own list is routes/likes). */
import { createRoute } from '@hono/zod-openapi';
import { idParamSchema } from '#contracts/common.ts';
import { likeResultSchema } from '#contracts/discovery.ts';
import { errorResponse, jsonResponse } from '../../../lib/openapi.ts';
import { requireAuth } from '../../../middleware/auth.ts';

const likeRoute = (method: 'post' | 'delete', summary: string) =>
  createRoute({
    method,
    path: '/products/{id}/likes',
    tags: ['likes'],
    summary,
    middleware: [requireAuth],
    request: { params: idParamSchema },
    responses: {
      200: jsonResponse(likeResultSchema, 'The product and its favourite flag'),
      401: errorResponse('Not signed in'),
      404: errorResponse('Unknown product'),
    },
  });

export const like = likeRoute('post', 'Favourite a product (member only; idempotent)');
export const unlike = likeRoute('delete', 'Unfavourite a product (member only; idempotent)');
