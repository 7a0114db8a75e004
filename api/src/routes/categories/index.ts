/** GET /v1/categories/hierarchy?table=products|inquiries: the category tree. */
import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '#contracts/common.ts';
import { categoryHierarchyQuerySchema, categoryHierarchySchema } from '#contracts/products.ts';
import { createRouter } from '../../lib/router.ts';
import { categoryTree } from '../../services/catalog.ts';

const hierarchyRoute = createRoute({
  method: 'get',
  path: '/categories/hierarchy',
  tags: ['categories'],
  summary: 'Category tree of products or inquiries',
  request: { query: categoryHierarchyQuerySchema },
  responses: {
    200: { description: 'Root categories with nested children', content: { 'application/json': { schema: categoryHierarchySchema } } },
    422: { description: 'Invalid query', content: { 'application/json': { schema: errorBodySchema } } },
  },
});

export const categoryRoutes = createRouter()
  .openapi(hierarchyRoute, async (c) => {
    const { table } = c.req.valid('query');
    return c.json(await categoryTree(c.get('db'), table), 200);
  });
