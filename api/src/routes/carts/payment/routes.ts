/**
 * The cart's payment (spec 7, issue 8): the method and its details, whether a method suits the cart
 * now, the 3-D Secure return, and clearing the last payment failure.
 */
import { createRoute } from '@hono/zod-openapi';
import { paymentCheckParamSchema, paymentCheckSchema, threeDsReturnRequestSchema } from '#contracts/card-payments.ts';
import {
  cartDecisionResponseSchema,
  cartOrderModifyRequestSchema,
  cartSchema,
  cartTokenParamSchema,
  cartTokenRequestSchema,
} from '#contracts/cart.ts';
import { jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { requireAuth } from '../../../middleware/auth.ts';
import { e401, e404, e422 } from '../../payments/errors.ts';
import { patch } from '../shared.ts';

const tags = ['payments'];

export const orderModify = patch('/carts/order/modify', 'Choose the payment method', cartOrderModifyRequestSchema);

export const check = createRoute({
  method: 'get',
  path: '/carts/{token}/payment/{payment_id}/check',
  tags,
  summary: 'Whether this cart can pay with this method now (ceilings, social gift), with the reason and the fee',
  request: { params: paymentCheckParamSchema },
  responses: { 200: jsonResponse(paymentCheckSchema, 'The check'), 404: e404, 422: e422 },
});

export const threeDs = createRoute({
  method: 'post',
  path: '/carts/{token}/payment/3ds',
  tags,
  middleware: [requireAuth],
  summary: 'Back from 3-D Secure: completes the card authorisation and places the order (idempotent per cart)',
  request: { params: cartTokenParamSchema, body: jsonBody(threeDsReturnRequestSchema) },
  responses: { 200: jsonResponse(cartDecisionResponseSchema, 'The order'), 401: e401, 404: e404, 422: e422 },
});

export const transactionErrorDelete = createRoute({
  method: 'patch',
  path: '/carts/transaction/error/delete',
  tags: ['cart'],
  summary: "Clear the cart's last payment failure",
  request: { body: jsonBody(cartTokenRequestSchema) },
  responses: { 200: jsonResponse(cartSchema, 'The whole cart'), 404: e404, 422: e422 },
});
