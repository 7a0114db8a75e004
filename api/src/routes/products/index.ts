/** GET /v1/products (filters, pagination headers) and GET /v1/products/{key}. */
import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '#contracts/common.ts';
import { productKeyParamSchema, productListQuerySchema, productListSchema, productSchema } from '#contracts/products.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf, setPaginationHeaders } from '../../lib/pagination.ts';
import { createRouter } from '../../lib/router.ts';
import { getProductByKey, listProducts } from '../../services/catalog.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

const listRoute = createRoute({
  method: 'get',
  path: '/products',
  tags: ['products'],
  summary: 'Published products of the channel, filtered and paged (per default 15)',
  request: { query: productListQuerySchema },
  responses: { 200: json(productListSchema, 'Products; pagination in x-total, x-per-page, x-last-page, x-current-page'), 422: json(errorBodySchema, 'Invalid query') },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/products/{key}',
  tags: ['products'],
  summary: 'One published product by key',
  request: { params: productKeyParamSchema },
  responses: { 200: json(productSchema, 'The product'), 404: json(errorBodySchema, 'Unknown key') },
});

export const productRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid('query');
    const page = pageOf(q, 15)!;
    const { items, total } = await listProducts(c.get('db'), {
      channelId: c.get('channel').id, category: q.category, child: q.child, maker: q.maker, brand: q.brand,
      keyword: q.keyword, sort: q.sort,
    }, page, c.get('user')?.id ?? null);
    setPaginationHeaders(c, total, page);
    return c.json(items, 200);
  })
  .openapi(detailRoute, async (c) => {
    const { key } = c.req.valid('param');
    const product = await getProductByKey(c.get('db'), c.get('channel').id, key, c.get('user')?.id ?? null);
    if (!product) throw notFound('商品');
    return c.json(product, 200);
  });
