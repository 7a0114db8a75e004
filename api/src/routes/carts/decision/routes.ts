/** The cart's decision (POST /v1/carts/{token}/decision) and the order it placed, by number. */
import { createRoute } from '@hono/zod-openapi';
import { cartDecisionActionSchema } from '#contracts/card-payments.ts';
import { cartDecisionResponseSchema, cartTokenParamSchema, orderNoParamSchema } from '#contracts/cart.ts';
import { orderSchema } from '#contracts/orders.ts';
import { errorResponse, jsonResponse } from '../../../lib/openapi.ts';
import { requireAuth } from '../../../middleware/auth.ts';
import { cartErrors as errors, tags } from '../shared.ts';

export const decision = createRoute({
  method: 'post',
  path: '/carts/{token}/decision',
  tags,
  summary: 'Place the order (idempotent per cart)',
  middleware: [requireAuth],
  request: { params: cartTokenParamSchema },
  responses: {
    200: jsonResponse(cartDecisionResponseSchema, 'The order (the same one on a repeated call)'),
    202: jsonResponse(
      cartDecisionActionSchema,
      'Card with 3-D Secure: nothing is ordered yet; send the shopper to redirect_url (they come back through POST /v1/carts/{token}/payment/3ds)',
    ),
    401: errorResponse('Not signed in'),
    ...errors,
  },
});
export const order = createRoute({
  method: 'get',
  path: '/carts/order/{order_no}',
  tags,
  summary: "The member's order by number",
  middleware: [requireAuth],
  request: { params: orderNoParamSchema },
  responses: { 200: jsonResponse(orderSchema, 'The order'), 401: errorResponse('Not signed in'), 404: errors[404] },
});
