/** GET /public.json (root, no /v1, no auth): channel, site name, API base URL and theme for the storefront. */
import { createRoute } from '@hono/zod-openapi';
import { publicJsonSchema } from '#contracts/settings.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';

export const publicJson = createRoute({
  method: 'get',
  path: '/public.json',
  tags: ['settings'],
  summary: 'Channel, site name, API base URL and theme for the storefront',
  responses: { 200: jsonResponse(publicJsonSchema, 'Public configuration'), 404: errorResponse('Unknown channel') },
});
