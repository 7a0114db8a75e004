/** Page layout and collection route definitions (the blocks of a front page and the product selections they name). */
import { createRoute } from '@hono/zod-openapi';
import {
  collectionAliasParamSchema,
  collectionQuerySchema,
  collectionSchema,
  layoutIdParamSchema,
  layoutPageParamSchema,
  layoutSchema,
} from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';
import { invalidResponse, notFoundResponse } from '../shared.ts';

export const getLayout = createRoute({
  method: 'get',
  path: '/layouts/{page}',
  tags: ['content'],
  summary: "A page's layout (top, …): its blocks in order",
  request: { params: layoutPageParamSchema },
  responses: { 200: jsonResponse(layoutSchema, 'The layout'), 404: notFoundResponse, 422: invalidResponse },
});
export const getFrontLayout = createRoute({
  method: 'get',
  path: '/pages/front/layout/{id}',
  tags: ['content'],
  summary: 'One layout of the channel by id',
  request: { params: layoutIdParamSchema },
  responses: { 200: jsonResponse(layoutSchema, 'The layout'), 404: notFoundResponse, 422: invalidResponse },
});
export const getCollection = createRoute({
  method: 'get',
  path: '/collections/{alias}',
  tags: ['content'],
  summary: 'A collection and a page of its products (x-total, x-per-page, …; max_page_size caps per, the single-collection call sends 1)',
  request: { params: collectionAliasParamSchema, query: collectionQuerySchema },
  responses: { 200: jsonResponse(collectionSchema, 'The collection with its products'), 404: notFoundResponse, 422: invalidResponse },
});
