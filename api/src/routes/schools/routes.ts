/** School key route definition: POST /v1/schools/check (the storefront may call it under a provider prefix). */
import { createRoute } from '@hono/zod-openapi';
import { schoolCheckRequestSchema, schoolCheckResponseSchema } from '#contracts/account.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { retryAfter } from '../auth/routes.ts';

export const check = createRoute({
  method: 'post',
  path: '/schools/check',
  tags: ['schools'],
  summary: "Whether a school key is one of the channel's active keys (width and case ignored)",
  request: { body: jsonBody(schoolCheckRequestSchema) },
  responses: {
    200: jsonResponse(schoolCheckResponseSchema, 'The key as sent and whether it is valid'),
    422: errorResponse('Invalid input'),
    429: { ...errorResponse('Too many checks from this address'), headers: retryAfter },
  },
});
