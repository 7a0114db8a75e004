/** Category route definitions: GET /v1/categories/hierarchy?table=products|inquiries. */
import { createRoute } from '@hono/zod-openapi';
import { categoryHierarchyQuerySchema, categoryHierarchySchema } from '#contracts/products.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';

export const hierarchy = createRoute({
  method: 'get',
  path: '/categories/hierarchy',
  tags: ['categories'],
  summary: 'Category tree of products or inquiries',
  request: { query: categoryHierarchyQuerySchema },
  responses: { 200: jsonResponse(categoryHierarchySchema, 'Root categories with nested children'), 422: errorResponse('Invalid query') },
});
