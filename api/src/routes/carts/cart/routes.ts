/** The cart itself (spec 7 /v1/carts/…): init, read by token, reset; every change answers with the whole Cart. */
import { createRoute } from '@hono/zod-openapi';
import { cartInitRequestSchema, cartTokenParamSchema, cartTokenRequestSchema } from '#contracts/cart.ts';
import { jsonBody } from '../../../lib/openapi.ts';
import { cartOk, cartErrors as errors, patch, tags } from '../shared.ts';

export const init = createRoute({
  method: 'post',
  path: '/carts/init',
  tags,
  summary:
    "The stored cart, or a new one; signed in, a guest cart is merged into the member's open cart (or adopted) and the member's cart is restored",
  request: { body: jsonBody(cartInitRequestSchema) },
  responses: { 200: cartOk, 422: errors[422] },
});
export const get = createRoute({
  method: 'get',
  path: '/carts/{token}',
  tags,
  summary: 'A cart by token',
  request: { params: cartTokenParamSchema },
  responses: { 200: cartOk, ...errors },
});
export const reset = patch('/carts/reset', 'Empty the cart', cartTokenRequestSchema);
