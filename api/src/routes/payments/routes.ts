/** Payment method route definitions: GET /v1/payments and the ones usable for a cart. */
import { createRoute } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { cartTokenParamSchema } from '#contracts/cart.ts';
import { paymentMethodListSchema } from '#contracts/payments.ts';

export const list = createRoute({
  method: 'get', path: '/payments', tags: ['payments'], summary: 'Payment methods the shop accepts',
  responses: { 200: jsonResponse(paymentMethodListSchema, 'Active methods in display order') },
});

export const forCart = createRoute({
  method: 'get', path: '/payments/carts/{token}', tags: ['payments'], summary: 'Payment methods usable for a cart',
  request: { params: cartTokenParamSchema },
  responses: { 200: jsonResponse(paymentMethodListSchema, 'Usable methods'), 404: errorResponse('Unknown cart'), 422: errorResponse('Expired cart') },
});
