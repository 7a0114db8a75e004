/**
 * Search history routes: POST /v1/product-search-histories (a member's word is stored; a guest's
 * answers 204 and nothing is stored), GET /v1/me/product-search-histories (newest first, paged)
 * and DELETE /v1/me/product-search-histories/{id}.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, PAGINATION_HEADERS, pagedQuerySchema } from '#contracts/common.ts';
import { productSearchHistoryBodySchema, productSearchHistoryListSchema, productSearchHistorySchema } from '#contracts/products.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');

export const add = createRoute({
  method: 'post',
  path: '/product-search-histories',
  tags: ['histories'],
  summary: "Remember a member's search word (same word moves to the top, 50 kept); a guest's is not stored (204)",
  request: { body: jsonBody(productSearchHistoryBodySchema) },
  responses: {
    201: jsonResponse(productSearchHistorySchema, 'Stored'),
    204: { description: 'Guest: nothing stored' },
    422: errorResponse('Blank word'),
  },
});

export const list = createRoute({
  method: 'get',
  path: '/me/product-search-histories',
  tags: ['histories'],
  summary: "The member's searches, newest first",
  middleware: [requireAuth],
  request: { query: pagedQuerySchema },
  responses: {
    200: {
      ...jsonResponse(productSearchHistoryListSchema, 'One page'),
      headers: z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()]))),
    },
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});

export const remove = createRoute({
  method: 'delete',
  path: '/me/product-search-histories/{id}',
  tags: ['histories'],
  summary: "Forget one of the member's searches",
  middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' }, 401: unauthorized, 404: errorResponse("Not the member's search") },
});
