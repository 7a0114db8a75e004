/** Upload route definitions: POST /v1/upload-files (multipart file, dir) and GET /v1/upload-files/{key}. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { uploadFileSchema, uploadKeyParamSchema } from '#contracts/inquiries.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';

export const upload = createRoute({
  method: 'post',
  path: '/upload-files',
  tags: ['uploads'],
  summary: 'Keep a JPEG, PNG, GIF, WebP or PDF (type read from the bytes) under a random name; members and guests, rate limited',
  // A plain OpenAPI schema, not zod: the handler reads the form itself, so any other body gets the
  // same Japanese 422 on `file`.
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              file: { type: 'string', format: 'binary', description: 'The file, at most UPLOAD_MAX_BYTES (10 MB by default)' },
              dir: { type: 'string', description: "Folder: a-z 0-9 _ - segments separated by /, at most 64 characters; default ''" },
            },
          },
        },
      },
    },
  },
  responses: {
    201: jsonResponse(uploadFileSchema, 'Kept; url is where it is served'),
    413: errorResponse('The file (or body) is too large'),
    507: errorResponse("The shop's room for uploads not attached to an inquiry (UPLOAD_QUOTA_BYTES) is full"),
    422: errorResponse('No file, a type other than the five, or a bad dir (errors keyed file or dir)'),
    429: errorResponse('Too many uploads from this client or member (Retry-After)'),
  },
});

export const download = createRoute({
  method: 'get',
  path: '/upload-files/{key}',
  tags: ['uploads'],
  summary: 'An uploaded file, with the type read from its bytes, nosniff, a sandbox CSP; PDFs as attachments',
  request: { params: uploadKeyParamSchema },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
    404: errorResponse('No such file'),
    422: errorResponse('Not an upload key'),
  },
});
