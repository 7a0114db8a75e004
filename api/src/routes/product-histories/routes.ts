/** Browsing-history route definitions (spec 7 "History"). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, PAGINATION_HEADERS } from '#contracts/common.ts';
import {
  guestHistoryQuerySchema,
  historyPageQuerySchema,
  productHistoryCreateSchema,
  productHistoryListSchema,
} from '#contracts/discovery.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');
const pageHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));
const listResponse = {
  ...jsonResponse(productHistoryListSchema, 'Newest view per product first; 10 per page by default'),
  headers: pageHeaders,
};

export const create = createRoute({
  method: 'post',
  path: '/product-histories',
  tags: ['histories'],
  summary: 'Record a product view: the member by bearer, a guest by `token` (the guest_history token)',
  request: { body: jsonBody(productHistoryCreateSchema) },
  responses: {
    201: jsonResponse(z.object({ id: z.number().int(), product_id: z.number().int() }), 'Recorded'),
    404: errorResponse('Unknown product'),
    422: errorResponse('Invalid body (a guest without token)'),
  },
});

export const guestList = createRoute({
  method: 'get',
  path: '/guest/product-histories',
  tags: ['histories'],
  summary: "A guest's browsing history by token",
  request: { query: guestHistoryQuerySchema },
  responses: { 200: listResponse, 422: errorResponse('Bad token or page parameters') },
});

export const memberList = createRoute({
  method: 'get',
  path: '/me/product-histories',
  tags: ['histories'],
  summary: "The member's browsing history",
  middleware: [requireAuth],
  request: { query: historyPageQuerySchema },
  responses: { 200: listResponse, 401: unauthorized, 422: errorResponse('Bad page parameters') },
});

export const remove = createRoute({
  method: 'delete',
  path: '/me/product-histories/{id}',
  tags: ['histories'],
  summary: "Delete one of the member's history entries",
  middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' }, 401: unauthorized, 404: errorResponse("Not the member's entry") },
});
