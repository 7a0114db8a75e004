/** The member's orders: GET /v1/me/orders (newest first, paged) and /v1/me/orders/{id}. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { pageOf, setPaginationHeaders } from '../../lib/pagination.ts';
import { createRouter } from '../../lib/router.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { getOrder, listOrders } from '../../services/orders.ts';
import { errorBodySchema, idParamSchema, PAGINATION_HEADERS } from '#contracts/common.ts';
import { orderListSchema, orderSchema } from '#contracts/orders.ts';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const unauthorized = json(errorBodySchema, 'Not signed in');

/** Orders are paged only (no per=all): a long history must not come back in one answer. */
const orderPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  per: z.coerce.number().int().min(1).max(100).optional(),
});

const list = createRoute({
  method: 'get', path: '/me/orders', tags: ['orders'], summary: 'The member\'s orders, newest first', middleware: [requireAuth],
  request: { query: orderPageQuerySchema },
  responses: {
    200: { ...json(orderListSchema, 'One page of orders'), headers: z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()]))) },
    401: unauthorized, 422: json(errorBodySchema, 'Bad page parameters'),
  },
});

const detail = createRoute({
  method: 'get', path: '/me/orders/{id}', tags: ['orders'], summary: 'One of the member\'s orders', middleware: [requireAuth],
  request: { params: idParamSchema },
  responses: { 200: json(orderSchema, 'The order'), 401: unauthorized, 404: json(errorBodySchema, 'Not the member\'s order') },
});

export const orderRoutes = createRouter()
  .openapi(list, async (c) => {
    const page = pageOf(c.req.valid('query'), 10)!;
    const { items, total } = await listOrders(c.get('db'), c.get('channel').id, c.get('user')!.id, page);
    setPaginationHeaders(c, total, page);
    return c.json(items, 200);
  })
  .openapi(detail, async (c) => c.json(await getOrder(c.get('db'), c.get('user')!.id, c.req.valid('param').id), 200));
