/** Coupon and point route definitions: the cart's (PATCH /carts/coupons/…, /carts/point) and my-page's (/me/…). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { PAGINATION_HEADERS } from '#contracts/common.ts';
import { cartSchema } from '#contracts/cart.ts';
import {
  cartCouponRequestSchema, cartPointRequestSchema, myCouponListSchema, myCouponQuerySchema, pointHistoryListSchema,
  pointHistoryQuerySchema, pointSummarySchema,
} from '#contracts/benefits.ts';

const cartOk = jsonResponse(cartSchema, 'The whole cart');
const cartErrors = {
  404: errorResponse('Unknown cart token, or a member\'s cart asked for without that member\'s token'),
  422: errorResponse('Invalid input, or the coupon or points refused: errors.code / errors.use_point carry the Japanese reason'),
};
const unauthorized = errorResponse('Not signed in');
const pagedOk = (schema: z.ZodType, description: string) => ({
  ...jsonResponse(schema, description),
  headers: z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()]))),
});

export const couponAdd = createRoute({
  method: 'patch', path: '/carts/coupons/add', tags: ['cart'], summary: 'Use a coupon code (one per order)',
  request: { body: jsonBody(cartCouponRequestSchema) }, responses: { 200: cartOk, ...cartErrors },
});
export const couponDelete = createRoute({
  method: 'patch', path: '/carts/coupons/delete', tags: ['cart'], summary: 'Stop using a coupon',
  request: { body: jsonBody(cartCouponRequestSchema) }, responses: { 200: cartOk, ...cartErrors },
});
export const point = createRoute({
  method: 'patch', path: '/carts/point', tags: ['cart'], middleware: [requireAuth],
  summary: 'Points to use on the order (whole points, at most the balance and the total; members only)',
  request: { body: jsonBody(cartPointRequestSchema) }, responses: { 200: cartOk, 401: unauthorized, ...cartErrors },
});
export const myCoupons = createRoute({
  method: 'get', path: '/me/coupons', tags: ['benefits'], middleware: [requireAuth],
  summary: 'The member\'s coupons: handed to the member (with their use) and open ones valid now',
  request: { query: myCouponQuerySchema },
  responses: { 200: pagedOk(myCouponListSchema, 'One page of coupons'), 401: unauthorized, 422: errorResponse('Bad page parameters') },
});
export const myPoints = createRoute({
  method: 'get', path: '/me/points', tags: ['benefits'], middleware: [requireAuth],
  summary: 'The member\'s point balance and the points expiring within 30 days',
  responses: { 200: jsonResponse(pointSummarySchema, 'The balance'), 401: unauthorized },
});
export const myPointHistories = createRoute({
  method: 'get', path: '/me/point-histories', tags: ['benefits'], middleware: [requireAuth],
  summary: 'The member\'s point moves, newest first',
  request: { query: pointHistoryQuerySchema },
  responses: { 200: pagedOk(pointHistoryListSchema, 'One page of point moves'), 401: unauthorized, 422: errorResponse('Bad page parameters') },
});
