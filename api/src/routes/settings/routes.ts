/** Settings route definitions: GET /v1/settings/front and GET /v1/colorschemes/selected/front. */
import { createRoute } from '@hono/zod-openapi';
import { colorschemeSchema, frontSettingsSchema } from '#contracts/settings.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';

export const front = createRoute({
  method: 'get',
  path: '/settings/front',
  tags: ['settings'],
  summary:
    "The channel's public site settings keyed by the spec section 9 names, plus the shop's terms (ORDER.DELIVERY_LEAD_TIME, ORDER.RETURN_POLICY, ORDER.RETURN_POLICY_FOOD)",
  responses: { 200: jsonResponse(frontSettingsSchema, 'Flat settings object') },
});

export const colorscheme = createRoute({
  method: 'get',
  path: '/colorschemes/selected/front',
  tags: ['settings'],
  summary: "The channel's selected colour scheme",
  responses: { 200: jsonResponse(colorschemeSchema, 'Colour scheme tokens'), 404: errorResponse('No scheme selected') },
});
