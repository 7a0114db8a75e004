/** The member's coupons route definition (my-page): GET /v1/me/coupons. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { myCouponListSchema, myCouponQuerySchema } from '#contracts/benefits.ts';
import { PAGINATION_HEADERS } from '#contracts/common.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const pageHeaders = z.object(Object.fromEntries(Object.values(PAGINATION_HEADERS).map((h) => [h, z.string()])));

export const myCoupons = createRoute({
  method: 'get',
  path: '/me/coupons',
  tags: ['benefits'],
  middleware: [requireAuth],
  summary: "The member's coupons: handed to the member (with their use) and open ones valid now",
  request: { query: myCouponQuerySchema },
  responses: {
    200: { ...jsonResponse(myCouponListSchema, 'One page of coupons'), headers: pageHeaders },
    401: errorResponse('Not signed in'),
    422: errorResponse('Bad page parameters'),
  },
});
