/** Favourite route definitions: GET /v1/me/likes?ids= and /v1/me/likes/products (liking a product is routes/products/likes). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { PAGINATION_HEADERS } from '#contracts/common.ts';
import { historyPageQuerySchema, likedIdsQuerySchema, likedIdsSchema } from '#contracts/discovery.ts';
import { productListSchema } from '#contracts/products.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');
const pageHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));

export const likedIds = createRoute({
  method: 'get',
  path: '/me/likes',
  tags: ['likes'],
  summary: 'Which of the given product ids the member has favourited',
  middleware: [requireAuth],
  request: { query: likedIdsQuerySchema },
  responses: { 200: jsonResponse(likedIdsSchema, 'The favourited ids among `ids`'), 401: unauthorized, 422: errorResponse('Bad ids') },
});

export const likedProducts = createRoute({
  method: 'get',
  path: '/me/likes/products',
  tags: ['likes'],
  summary: "The member's favourite products, last favourited first",
  middleware: [requireAuth],
  request: { query: historyPageQuerySchema },
  responses: {
    200: { ...jsonResponse(productListSchema, 'One page of products'), headers: pageHeaders },
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});
