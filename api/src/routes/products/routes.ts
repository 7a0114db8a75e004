/** Product route definitions: GET /v1/products (filters, pagination headers) and GET /v1/products/{key}. */
import { createRoute } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { productKeyParamSchema, productListQuerySchema, productListSchema, productSchema } from '#contracts/products.ts';

export const list = createRoute({
  method: 'get', path: '/products', tags: ['products'],
  summary: 'Published products of the channel, filtered and paged (per default 15)',
  request: { query: productListQuerySchema },
  responses: { 200: jsonResponse(productListSchema, 'Products; pagination in x-total, x-per-page, x-last-page, x-current-page'), 422: errorResponse('Invalid query') },
});

export const detail = createRoute({
  method: 'get', path: '/products/{key}', tags: ['products'], summary: 'One published product by key',
  request: { params: productKeyParamSchema },
  responses: { 200: jsonResponse(productSchema, 'The product'), 404: errorResponse('Unknown key') },
});
