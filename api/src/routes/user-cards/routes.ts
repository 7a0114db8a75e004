/**
 * Card and provider payment route definitions (issue 8): payment-service settings, the per-cart
 * payment check, the 3-D Secure return, the transaction-error reset, saved cards and the provider's
 * fraud-detection callback.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';
import {
  callbackAckSchema, paymentCheckParamSchema, paymentCheckSchema, paymentServiceParamSchema, paymentServiceSettingsSchema,
  providerParamSchema, threeDsReturnRequestSchema, userCardCreateRequestSchema, userCardListSchema, userCardSchema,
} from '#contracts/card-payments.ts';
import { cartDecisionResponseSchema, cartSchema, cartTokenParamSchema, cartTokenRequestSchema } from '#contracts/cart.ts';
import { idParamSchema, LIMIT_HEADER } from '#contracts/common.ts';

const tags = ['payments'];
const e401 = errorResponse('Not signed in');
const e404 = errorResponse('Unknown cart, method, card or transaction');
const e422 = errorResponse('Invalid input or a payment rule (code: cart.payment.declined, cart.payment.3ds_failed, …)');

export const settings = createRoute({
  method: 'get', path: '/settings/payment-service/{code}', tags,
  summary: 'Public settings of a payment method the browser needs (card: the provider\'s script, origin and public key; konbini: stores)',
  request: { params: paymentServiceParamSchema },
  responses: { 200: jsonResponse(paymentServiceSettingsSchema, 'Settings'), 404: e404, 422: e422 },
});

export const check = createRoute({
  method: 'get', path: '/carts/{token}/payment/{payment_id}/check', tags,
  summary: 'Whether this cart can pay with this method now (ceilings, social gift), with the reason and the fee',
  request: { params: paymentCheckParamSchema },
  responses: { 200: jsonResponse(paymentCheckSchema, 'The check'), 404: e404, 422: e422 },
});

export const threeDs = createRoute({
  method: 'post', path: '/carts/{token}/payment/3ds', tags, middleware: [requireAuth],
  summary: 'Back from 3-D Secure: completes the card authorisation and places the order (idempotent per cart)',
  request: { params: cartTokenParamSchema, body: jsonBody(threeDsReturnRequestSchema) },
  responses: { 200: jsonResponse(cartDecisionResponseSchema, 'The order'), 401: e401, 404: e404, 422: e422 },
});

export const transactionErrorDelete = createRoute({
  method: 'patch', path: '/carts/transaction/error/delete', tags: ['cart'], summary: 'Clear the cart\'s last payment failure',
  request: { body: jsonBody(cartTokenRequestSchema) },
  responses: { 200: jsonResponse(cartSchema, 'The whole cart'), 404: e404, 422: e422 },
});

export const fraudDetection = createRoute({
  method: 'post', path: '/{provider}/receive/fraud-detection', tags,
  summary: 'The card provider\'s fraud-detection callback, verified by its HMAC signature header (x-testpay-signature for the test provider)',
  request: { params: providerParamSchema },
  responses: { 200: jsonResponse(callbackAckSchema, 'Recorded'), 401: errorResponse('Bad or missing signature'), 404: e404, 422: e422 },
});

const auth = { tags: ['cards'], middleware: [requireAuth] };
export const cardList = createRoute({
  method: 'get', path: '/me/user-cards', ...auth, summary: 'Saved cards, main first (x-limit: maximum cards)',
  responses: { 200: { ...jsonResponse(userCardListSchema, 'Cards'), headers: z.object({ [LIMIT_HEADER]: z.string() }) }, 401: e401 },
});
export const cardCreate = createRoute({
  method: 'post', path: '/me/user-cards', ...auth, summary: 'Save a card from a provider token (never a card number)',
  request: { body: jsonBody(userCardCreateRequestSchema) },
  responses: { 201: jsonResponse(userCardSchema, 'Saved'), 401: e401, 422: e422 },
});
export const cardDelete = createRoute({
  method: 'delete', path: '/me/user-cards/{id}', ...auth, summary: 'Delete a saved card (the oldest other becomes main)',
  request: { params: idParamSchema }, responses: { 204: { description: 'Deleted' }, 401: e401, 404: e404, 422: e422 },
});
export const cardUse = createRoute({
  method: 'patch', path: '/me/user-cards/{id}/use', ...auth, summary: 'Make a saved card the main one (exactly one is main)',
  request: { params: idParamSchema }, responses: { 200: jsonResponse(userCardSchema, 'Now main'), 401: e401, 404: e404, 422: e422 },
});
