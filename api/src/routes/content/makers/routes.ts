/** Maker, brand and stylist route definitions (shared by every channel). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { brandSchema, contentListQuerySchema, idOrKeyParamSchema, makerSchema, stylistSchema } from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';
import { invalidResponse, notFoundResponse } from '../shared.ts';

export const listMakers = createRoute({
  method: 'get',
  path: '/makers',
  tags: ['content'],
  summary: 'Makers (per=all or paged)',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(makerSchema), 'Makers'), 422: invalidResponse },
});
export const getMaker = createRoute({
  method: 'get',
  path: '/makers/{id}',
  tags: ['content'],
  summary: 'One maker by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: jsonResponse(makerSchema, 'The maker'), 404: notFoundResponse },
});
export const listBrands = createRoute({
  method: 'get',
  path: '/brands',
  tags: ['content'],
  summary: 'Brands (per=all or paged)',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(brandSchema), 'Brands'), 422: invalidResponse },
});
export const listStylists = createRoute({
  method: 'get',
  path: '/stylists',
  tags: ['content'],
  summary: 'Stylists (per=all or paged)',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(stylistSchema), 'Stylists'), 422: invalidResponse },
});
export const getStylist = createRoute({
  method: 'get',
  path: '/stylists/{id}',
  tags: ['content'],
  summary: 'One stylist by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: jsonResponse(stylistSchema, 'The stylist'), 404: notFoundResponse },
});
