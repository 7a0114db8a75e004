/**
 * Product route definitions: GET /v1/products (filters, pagination headers), /products/facets,
 * /products/suggest, /products/{key} and /products/{key}/reviews. The fixed paths are registered
 * before /products/{key} so `facets` and `suggest` are never read as a product key.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { PAGINATION_HEADERS, pagedQuerySchema } from '#contracts/common.ts';
import {
  productFacetsSchema,
  productFilterQuerySchema,
  productKeyParamSchema,
  productListQuerySchema,
  productListSchema,
  productReviewListSchema,
  productSchema,
  productSuggestQuerySchema,
  productSuggestSchema,
} from '#contracts/products.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';

const pagedHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));

export const list = createRoute({
  method: 'get',
  path: '/products',
  tags: ['products'],
  summary: 'Published products of the channel, filtered, sorted and paged (per default 15); one per model unless group=0',
  request: { query: productListQuerySchema },
  responses: {
    200: jsonResponse(productListSchema, 'Products; pagination in x-total, x-per-page, x-last-page, x-current-page'),
    422: errorResponse('Invalid query'),
  },
});

export const facets = createRoute({
  method: 'get',
  path: '/products/facets',
  tags: ['products'],
  summary: 'Counts beside each filter choice (each facet counted without its own filter)',
  request: { query: productFilterQuerySchema },
  responses: { 200: jsonResponse(productFacetsSchema, 'Facet counts'), 422: errorResponse('Invalid query') },
});

export const suggest = createRoute({
  method: 'get',
  path: '/products/suggest',
  tags: ['products'],
  summary: "Suggestions while typing: the member's recent searches, popular product words and products (2+ characters)",
  request: { query: productSuggestQuerySchema },
  responses: { 200: jsonResponse(productSuggestSchema, 'Words and products'), 422: errorResponse('Keyword too short') },
});

export const detail = createRoute({
  method: 'get',
  path: '/products/{key}',
  tags: ['products'],
  summary: 'One published product by key',
  request: { params: productKeyParamSchema },
  responses: { 200: jsonResponse(productSchema, 'The product'), 404: errorResponse('Unknown key') },
});

export const reviews = createRoute({
  method: 'get',
  path: '/products/{key}/reviews',
  tags: ['products'],
  summary: "Reviews of the product's model, newest first (10 per page)",
  request: { params: productKeyParamSchema, query: pagedQuerySchema },
  responses: {
    200: { ...jsonResponse(productReviewListSchema, 'One page of reviews'), headers: pagedHeaders },
    404: errorResponse('Unknown key'),
    422: errorResponse('Bad page parameters'),
  },
});
