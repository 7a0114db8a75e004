/** Sitemap route definitions: GET /v1/sitemap/products. */
import { createRoute } from '@hono/zod-openapi';
import { sitemapProductsQuerySchema, sitemapProductsSchema } from '#contracts/sitemap.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';

export const products = createRoute({
  method: 'get',
  path: '/sitemap/products',
  tags: ['sitemap'],
  summary: 'Published products of the channel for the sitemap (key, updated_at), 50,000 per page, by id',
  request: { query: sitemapProductsQuerySchema },
  responses: { 200: jsonResponse(sitemapProductsSchema, 'One page of product keys'), 422: errorResponse('Bad page') },
});
