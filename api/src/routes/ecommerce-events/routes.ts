/** POST /v1/ecommerce_events. */
import { createRoute } from '@hono/zod-openapi';
import { ecommerceEventSchema } from '#contracts/discovery.ts';
import { errorResponse, jsonBody } from '../../lib/openapi.ts';

export const create = createRoute({
  method: 'post',
  path: '/ecommerce_events',
  tags: ['events'],
  summary: 'An e-commerce event (name, args as a JSON object ≤ 10 KB; for recommendation clicks the cart token and logreco_rcmd_ct)',
  request: { body: jsonBody(ecommerceEventSchema) },
  responses: { 204: { description: 'Accepted' }, 422: errorResponse('Invalid event') },
});
