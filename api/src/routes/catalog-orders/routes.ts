/** The paper catalogue route definitions: GET /v1/catalog and POST /v1/catalog-orders. */
import { createRoute } from '@hono/zod-openapi';
import { catalogListSchema, catalogOrderRequestSchema, catalogOrderResponseSchema } from '#contracts/catalog-order.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';

export const catalogs = createRoute({
  method: 'get',
  path: '/catalog',
  tags: ['content'],
  summary: "The channel's paper catalogues",
  responses: { 200: jsonResponse(catalogListSchema, 'Catalogues') },
});
export const catalogOrder = createRoute({
  method: 'post',
  path: '/catalog-orders',
  tags: ['content'],
  summary: 'Order a paper catalogue to an address (mailed to the shop; rate limited)',
  request: { body: jsonBody(catalogOrderRequestSchema) },
  responses: {
    201: jsonResponse(catalogOrderResponseSchema, 'Accepted'),
    422: errorResponse('Invalid input'),
    429: errorResponse('Too many orders from this client or e-mail address (Retry-After)'),
  },
});
