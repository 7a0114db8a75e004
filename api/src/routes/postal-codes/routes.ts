/** Postal-code route definitions: GET /v1/postal-code (the lookup) and GET /v1/postal-codes/prefectures. */
import { createRoute } from '@hono/zod-openapi';
import { prefectureListSchema } from '#contracts/account.ts';
import { postalCodeQuerySchema, postalCodeResultSchema } from '#contracts/addresses.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';

export const postal = createRoute({
  method: 'get',
  path: '/postal-code',
  tags: ['addresses'],
  summary: 'Address parts for a postal code (Japan Post KEN_ALL)',
  request: { query: postalCodeQuerySchema },
  responses: {
    200: jsonResponse(postalCodeResultSchema, 'Found'),
    404: errorResponse('Unknown code'),
    422: errorResponse('Invalid input'),
  },
});
export const prefectures = createRoute({
  method: 'get',
  path: '/postal-codes/prefectures',
  tags: ['addresses'],
  summary: 'The 47 prefectures in JIS order',
  responses: { 200: jsonResponse(prefectureListSchema, 'Prefectures 01 北海道 … 47 沖縄県') },
});
