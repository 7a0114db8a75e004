/** The cart bought as a social gift (PATCH /v1/carts/social/receiver); the receiver's calls are routes/social-gifts. */
import { createRoute } from '@hono/zod-openapi';
import { cartSchema } from '#contracts/cart.ts';
import { socialReceiverRequestSchema } from '#contracts/social-gift.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';

export const receiver = createRoute({
  method: 'patch',
  path: '/carts/social/receiver',
  tags: ['cart', 'social-gift'],
  summary: "Buy the cart as a social gift (no address; 代金引換 not allowed), with the sender's name and message",
  request: { body: jsonBody(socialReceiverRequestSchema) },
  responses: {
    200: jsonResponse(cartSchema, 'The whole cart'),
    404: errorResponse('Unknown cart token'),
    422: errorResponse('Invalid input or a cart rule'),
  },
});
