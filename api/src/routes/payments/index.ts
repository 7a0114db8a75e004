/** Payment methods: GET /v1/payments and the ones usable for a cart. */
import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../../lib/router.ts';
import { activePayments, readCart, serializePayment } from '../../services/cart.ts';
import { cartTokenParamSchema } from '#contracts/cart.ts';
import { errorBodySchema } from '#contracts/common.ts';
import { paymentMethodListSchema } from '#contracts/payments.ts';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

const list = createRoute({
  method: 'get', path: '/payments', tags: ['payments'], summary: 'Payment methods the shop accepts',
  responses: { 200: json(paymentMethodListSchema, 'Active methods in display order') },
});

const forCart = createRoute({
  method: 'get', path: '/payments/carts/{token}', tags: ['payments'], summary: 'Payment methods usable for a cart',
  request: { params: cartTokenParamSchema },
  responses: { 200: json(paymentMethodListSchema, 'Usable methods'), 404: json(errorBodySchema, 'Unknown cart'), 422: json(errorBodySchema, 'Expired cart') },
});

export const paymentRoutes = createRouter()
  .openapi(list, async (c) => c.json((await activePayments(c.get('db'))).map(serializePayment), 200))
  .openapi(forCart, async (c) => {
    await readCart(c.get('db'), c.get('channel').id, c.get('user'), c.req.valid('param').token);
    // Every active method suits every cart today; per-cart rules (e.g. a 代引 ceiling) go here.
    return c.json((await activePayments(c.get('db'))).map(serializePayment), 200);
  });
