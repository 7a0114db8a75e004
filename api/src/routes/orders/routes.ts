/**
 * Order route definitions: GET /v1/me/orders (newest first, paged), /v1/me/orders/{id}, its
 * cancellation and its receipt (領収書, a PDF).
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, PAGINATION_HEADERS } from '#contracts/common.ts';
import { orderCancelRequestSchema, orderListQuerySchema, orderListSchema, orderSchema, receiptQuerySchema } from '#contracts/orders.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');

export const list = createRoute({
  method: 'get',
  path: '/me/orders',
  tags: ['orders'],
  summary: "The member's orders, newest first",
  middleware: [requireAuth],
  // Paged only (no per=all): a long history must not come back in one answer.
  request: { query: orderListQuerySchema },
  responses: {
    200: {
      ...jsonResponse(orderListSchema, 'One page of orders'),
      headers: z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()]))),
    },
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});

export const detail = createRoute({
  method: 'get',
  path: '/me/orders/{id}',
  tags: ['orders'],
  summary: "One of the member's orders",
  middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 200: jsonResponse(orderSchema, 'The order'), 401: unauthorized, 404: errorResponse("Not the member's order") },
});

export const cancel = createRoute({
  method: 'put',
  path: '/me/orders/{id}/cancel',
  tags: ['orders'],
  summary: "Cancel one of the member's orders that has not shipped",
  middleware: [requireAuth],
  request: { params: idParamSchema, body: jsonBody(orderCancelRequestSchema) },
  responses: {
    200: jsonResponse(orderSchema, 'The cancelled order (cancel_only_ecd_key: a warning while the card authorisation is not voided yet)'),
    401: unauthorized,
    404: errorResponse("Not the member's order"),
    422: errorResponse('No reason, already cancelled (order.cancel.already_cancelled) or shipped (order.cancel.shipped)'),
  },
});

export const receipt = createRoute({
  method: 'get',
  path: '/me/orders/{id}/download/receipt',
  tags: ['orders'],
  summary: "The order's receipt (適格請求書) as a PDF download",
  middleware: [requireAuth],
  request: { params: idParamSchema, query: receiptQuerySchema },
  responses: {
    200: {
      description: 'The receipt (Content-Disposition: attachment)',
      content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
    },
    401: unauthorized,
    404: errorResponse("Not the member's order"),
    422: errorResponse('No or too long addressee, or a cancelled order (order.receipt.cancelled)'),
    429: errorResponse('Over 30 receipts in 10 minutes for this member (Retry-After)'),
  },
});
