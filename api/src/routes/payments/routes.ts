/**
 * Payment route definitions: GET /v1/payments, the methods usable for a cart, a method's public
 * settings (GET /v1/settings/payment-service/{code}) and the provider's callback.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  callbackAckSchema,
  paymentServiceParamSchema,
  paymentServiceSettingsSchema,
  providerParamSchema,
} from '#contracts/card-payments.ts';
import { cartTokenParamSchema } from '#contracts/cart.ts';
import { paymentMethodListSchema } from '#contracts/payments.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { e404, e422 } from './errors.ts';

const tags = ['payments'];

export const list = createRoute({
  method: 'get',
  path: '/payments',
  tags: ['payments'],
  summary: 'Payment methods the shop accepts',
  responses: { 200: jsonResponse(paymentMethodListSchema, 'Active methods in display order') },
});

export const forCart = createRoute({
  method: 'get',
  path: '/payments/carts/{token}',
  tags: ['payments'],
  summary: 'Payment methods usable for a cart',
  request: { params: cartTokenParamSchema },
  responses: {
    200: jsonResponse(paymentMethodListSchema, 'Usable methods'),
    404: errorResponse('Unknown cart'),
    422: errorResponse('Expired cart'),
  },
});

export const settings = createRoute({
  method: 'get',
  path: '/settings/payment-service/{code}',
  tags,
  summary: "Public settings of a payment method the browser needs (card: the provider's script, origin and public key; konbini: stores)",
  request: { params: paymentServiceParamSchema },
  responses: { 200: jsonResponse(paymentServiceSettingsSchema, 'Settings'), 404: e404, 422: e422 },
});

export const fraudDetection = createRoute({
  method: 'post',
  path: '/{provider}/receive/fraud-detection',
  tags,
  summary:
    "The card provider's fraud-detection callback, verified by its HMAC signature header (x-testpay-signature for the test provider)",
  request: { params: providerParamSchema },
  responses: { 200: jsonResponse(callbackAckSchema, 'Recorded'), 401: errorResponse('Bad or missing signature'), 404: e404, 422: e422 },
});
