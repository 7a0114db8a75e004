/** Address book route definitions: /v1/me/user-addresses… (the postal-code lookup is routes/postal-codes). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { addressImportResultSchema, addressInputSchema, addressListSchema, addressSchema } from '#contracts/addresses.ts';
import { idParamSchema, LIMIT_HEADER } from '#contracts/common.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const body = jsonBody(addressInputSchema);
const errors = { 401: errorResponse('Not signed in'), 404: errorResponse("Not the member's address"), 422: errorResponse('Invalid input') };
const auth = { tags: ['addresses'], middleware: [requireAuth] };

export const list = createRoute({
  method: 'get',
  path: '/me/user-addresses',
  ...auth,
  summary: 'The address book (x-limit: maximum entries)',
  responses: {
    200: { ...jsonResponse(addressListSchema, 'Addresses, default first'), headers: z.object({ [LIMIT_HEADER]: z.string() }) },
    401: errors[401],
  },
});
export const getOne = createRoute({
  method: 'get',
  path: '/me/user-addresses/{id}',
  ...auth,
  summary: 'One address',
  request: { params: idParamSchema },
  responses: { 200: jsonResponse(addressSchema, 'The address'), ...errors },
});
export const create = createRoute({
  method: 'post',
  path: '/me/user-addresses',
  ...auth,
  summary: 'Add an address',
  request: { body },
  responses: { 201: jsonResponse(addressSchema, 'Created'), ...errors },
});
export const update = createRoute({
  method: 'put',
  path: '/me/user-addresses/{id}',
  ...auth,
  summary: 'Update an address',
  request: { params: idParamSchema, body },
  responses: { 200: jsonResponse(addressSchema, 'Updated'), ...errors },
});
export const remove = createRoute({
  method: 'delete',
  path: '/me/user-addresses/{id}',
  ...auth,
  summary: 'Delete an address',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
export const use = createRoute({
  method: 'patch',
  path: '/me/user-addresses/{id}/use',
  ...auth,
  summary: 'Make an address the default',
  request: { params: idParamSchema },
  responses: { 200: jsonResponse(addressSchema, 'Now the default'), ...errors },
});
export const removeAll = createRoute({
  method: 'delete',
  path: '/me/user-addresses-all',
  ...auth,
  summary: 'Delete every address of the member (all or nothing)',
  responses: { 204: { description: 'Deleted' }, 401: errors[401] },
});
export const importCsv = createRoute({
  method: 'post',
  path: '/me/user-addresses/import',
  ...auth,
  summary: 'Add the addresses of a CSV file (UTF-8 or Shift_JIS, header row of Japanese column names; all rows or none)',
  // A plain OpenAPI schema, not zod: no validator and no 415 gate runs, so a body of another type gets
  // the same Japanese 422 on `file` as a form without the file (handlers.ts reads the form itself).
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary', description: 'The CSV file (.csv), at most 1 MB' } },
          },
        },
      },
    },
  },
  responses: {
    201: { ...jsonResponse(addressImportResultSchema, 'Added; the whole address book'), headers: z.object({ [LIMIT_HEADER]: z.string() }) },
    401: errors[401],
    422: errorResponse('Refused file: errors keyed file, line_{n} or line_{n}.{field}; nothing added'),
  },
});
export const exportCsv = createRoute({
  method: 'get',
  path: '/me/user-addresses/export',
  ...auth,
  summary: "The address book as a CSV file (UTF-8 with BOM, CRLF, the import's header row)",
  responses: {
    200: { description: 'The file (Content-Disposition: attachment)', content: { 'text/csv': { schema: z.string() } } },
    401: errors[401],
  },
});
