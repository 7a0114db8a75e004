/** Restock-request route definitions: POST /v1/product-requests, GET/DELETE /v1/me/product-request-histories. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, PAGINATION_HEADERS } from '#contracts/common.ts';
import {
  historyPageQuerySchema,
  productRequestConfirmResponseSchema,
  productRequestConfirmSchema,
  productRequestCreateSchema,
  productRequestListSchema,
  productRequestSchema,
} from '#contracts/discovery.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const unauthorized = errorResponse('Not signed in');
const pageHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));
const tags = ['product-requests'];

export const create = createRoute({
  method: 'post',
  path: '/product-requests',
  tags,
  summary: "Ask for a restock mail for a sold-out product (e-mail required for a guest; a member's own address otherwise)",
  // Form data too (spec 7 "POST /v1/product-requests (form data)"); each is validated by the same schema.
  // Not `required`: with it, hono runs every media type's validator on every body.
  request: {
    body: {
      required: false,
      content: {
        'application/json': { schema: productRequestCreateSchema },
        'application/x-www-form-urlencoded': { schema: productRequestCreateSchema },
        'multipart/form-data': { schema: productRequestCreateSchema },
      },
    },
  },
  responses: {
    201: jsonResponse(productRequestSchema, 'Created'),
    200: jsonResponse(productRequestSchema, 'The same request was already waiting'),
    404: errorResponse('Unknown product'),
    422: errorResponse('Invalid body, or the product is in stock'),
  },
});

export const confirm = createRoute({
  method: 'post',
  path: '/product-requests/confirm',
  tags,
  summary: "Open the confirmation mail's link: every pending restock request of that address on the channel is confirmed (single use)",
  request: { body: jsonBody(productRequestConfirmSchema) },
  responses: {
    200: jsonResponse(productRequestConfirmResponseSchema, 'Confirmed'),
    422: errorResponse('Unknown, used or expired link (product_request.confirm.invalid)'),
  },
});

export const list = createRoute({
  method: 'get',
  path: '/me/product-request-histories',
  tags,
  summary: "The member's restock requests, newest first",
  middleware: [requireAuth],
  request: { query: historyPageQuerySchema },
  responses: {
    200: { ...jsonResponse(productRequestListSchema, 'One page'), headers: pageHeaders },
    401: unauthorized,
    422: errorResponse('Bad page parameters'),
  },
});

export const remove = createRoute({
  method: 'delete',
  path: '/me/product-request-histories/{id}',
  tags,
  summary: 'Withdraw a restock request',
  middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' }, 401: unauthorized, 404: errorResponse("Not the member's request") },
});
