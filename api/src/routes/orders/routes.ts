/** Order route definitions: GET /v1/me/orders (newest first, paged) and /v1/me/orders/{id}. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { idParamSchema, PAGINATION_HEADERS } from '#contracts/common.ts';
import { orderListQuerySchema, orderListSchema, orderSchema } from '#contracts/orders.ts';

const unauthorized = errorResponse('Not signed in');

export const list = createRoute({
  method: 'get', path: '/me/orders', tags: ['orders'], summary: 'The member\'s orders, newest first', middleware: [requireAuth],
  // Paged only (no per=all): a long history must not come back in one answer.
  request: { query: orderListQuerySchema },
  responses: {
    200: { ...jsonResponse(orderListSchema, 'One page of orders'), headers: z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()]))) },
    401: unauthorized, 422: errorResponse('Bad page parameters'),
  },
});

export const detail = createRoute({
  method: 'get', path: '/me/orders/{id}', tags: ['orders'], summary: 'One of the member\'s orders', middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 200: jsonResponse(orderSchema, 'The order'), 401: unauthorized, 404: errorResponse('Not the member\'s order') },
});
