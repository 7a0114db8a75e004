/** Memorial days (/v1/me/user-memorials…) and the name embroidery (/v1/me/name-embroidery) route definitions. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema, LIMIT_HEADER } from '#contracts/common.ts';
import {
  memorialInputSchema,
  memorialListSchema,
  memorialSchema,
  nameEmbroideryInputSchema,
  nameEmbroideryOrNullSchema,
  nameEmbroiderySchema,
} from '#contracts/memorials.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const body = jsonBody(memorialInputSchema);
const errors = {
  401: errorResponse('Not signed in'),
  404: errorResponse("Not the member's memorial"),
  422: errorResponse('Invalid input'),
};
const auth = { tags: ['memorials'], middleware: [requireAuth] };

export const list = createRoute({
  method: 'get',
  path: '/me/user-memorials',
  ...auth,
  summary: "The member's memorial days in calendar order (x-limit: maximum entries)",
  responses: {
    200: { ...jsonResponse(memorialListSchema, 'Memorial days'), headers: z.object({ [LIMIT_HEADER]: z.string() }) },
    401: errors[401],
  },
});
export const getOne = createRoute({
  method: 'get',
  path: '/me/user-memorials/{id}',
  ...auth,
  summary: 'One memorial day',
  request: { params: idParamSchema },
  responses: { 200: jsonResponse(memorialSchema, 'The memorial day'), ...errors },
});
export const create = createRoute({
  method: 'post',
  path: '/me/user-memorials',
  ...auth,
  summary: 'Add a memorial day (422 user_memorial.limit when full)',
  request: { body },
  responses: { 201: jsonResponse(memorialSchema, 'Created'), 401: errors[401], 422: errors[422] },
});
export const update = createRoute({
  method: 'put',
  path: '/me/user-memorials/{id}',
  ...auth,
  summary: 'Update a memorial day',
  request: { params: idParamSchema, body },
  responses: { 200: jsonResponse(memorialSchema, 'Updated'), ...errors },
});
export const remove = createRoute({
  method: 'delete',
  path: '/me/user-memorials/{id}',
  ...auth,
  summary: 'Delete a memorial day',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
export const getEmbroidery = createRoute({
  method: 'get',
  path: '/me/name-embroidery',
  tags: ['memorials'],
  middleware: [requireAuth],
  summary: "The member's name embroidery (null while none is saved)",
  responses: { 200: jsonResponse(nameEmbroideryOrNullSchema, 'The name embroidery or null'), 401: errors[401] },
});
export const putEmbroidery = createRoute({
  method: 'put',
  path: '/me/name-embroidery',
  tags: ['memorials'],
  middleware: [requireAuth],
  summary: "Save the member's name embroidery",
  request: { body: jsonBody(nameEmbroideryInputSchema) },
  responses: { 200: jsonResponse(nameEmbroiderySchema, 'Saved'), 401: errors[401], 422: errors[422] },
});
