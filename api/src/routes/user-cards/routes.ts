/** Saved cards route definitions (spec 3 "User card", issue 8): /v1/me/user-cards, never a card number. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { userCardCreateRequestSchema, userCardListSchema, userCardSchema } from '#contracts/card-payments.ts';
import { idParamSchema, LIMIT_HEADER } from '#contracts/common.ts';
import { jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { e401, e404, e422 } from '../payments/errors.ts';

const auth = { tags: ['cards'], middleware: [requireAuth] };
export const cardList = createRoute({
  method: 'get',
  path: '/me/user-cards',
  ...auth,
  summary: 'Saved cards, main first (x-limit: maximum cards)',
  responses: { 200: { ...jsonResponse(userCardListSchema, 'Cards'), headers: z.object({ [LIMIT_HEADER]: z.string() }) }, 401: e401 },
});
export const cardCreate = createRoute({
  method: 'post',
  path: '/me/user-cards',
  ...auth,
  summary: 'Save a card from a provider token (never a card number)',
  request: { body: jsonBody(userCardCreateRequestSchema) },
  responses: { 201: jsonResponse(userCardSchema, 'Saved'), 401: e401, 422: e422 },
});
export const cardDelete = createRoute({
  method: 'delete',
  path: '/me/user-cards/{id}',
  ...auth,
  summary: 'Delete a saved card (the oldest other becomes main)',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' }, 401: e401, 404: e404, 422: e422 },
});
export const cardUse = createRoute({
  method: 'patch',
  path: '/me/user-cards/{id}/use',
  ...auth,
  summary: 'Make a saved card the main one (exactly one is main)',
  request: { params: idParamSchema },
  responses: { 200: jsonResponse(userCardSchema, 'Now main'), 401: e401, 404: e404, 422: e422 },
});
