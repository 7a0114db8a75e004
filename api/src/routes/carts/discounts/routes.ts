/** The cart's coupon and points (PATCH /v1/carts/coupons/…, /v1/carts/point): what the order is lowered by. */
import { createRoute } from '@hono/zod-openapi';
import { cartCouponRequestSchema, cartPointRequestSchema } from '#contracts/benefits.ts';
import { errorResponse, jsonBody } from '../../../lib/openapi.ts';
import { requireAuth } from '../../../middleware/auth.ts';
import { cartErrors as cartNotFound, cartOk } from '../shared.ts';

const cartErrors = {
  404: cartNotFound[404],
  422: errorResponse('Invalid input, or the coupon or points refused: errors.code / errors.use_point carry the Japanese reason'),
};
const unauthorized = errorResponse('Not signed in');

export const couponAdd = createRoute({
  method: 'patch',
  path: '/carts/coupons/add',
  tags: ['cart'],
  summary: 'Use a coupon code (one per order)',
  request: { body: jsonBody(cartCouponRequestSchema) },
  responses: { 200: cartOk, ...cartErrors },
});
export const couponDelete = createRoute({
  method: 'patch',
  path: '/carts/coupons/delete',
  tags: ['cart'],
  summary: 'Stop using a coupon',
  request: { body: jsonBody(cartCouponRequestSchema) },
  responses: { 200: cartOk, ...cartErrors },
});
export const point = createRoute({
  method: 'patch',
  path: '/carts/point',
  tags: ['cart'],
  middleware: [requireAuth],
  summary: 'Points to use on the order (whole points, at most the balance and the total; members only)',
  request: { body: jsonBody(cartPointRequestSchema) },
  responses: { 200: cartOk, 401: unauthorized, ...cartErrors },
});
