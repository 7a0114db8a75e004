/** Route definitions of the files content links to: a banner's download and a stored text file's content. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { idParamSchema } from '#contracts/common.ts';
import { fileContentsSchema, filesContentsQuerySchema, SUGGESTED_FILENAME_HEADER } from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';
import { invalidResponse, notFoundResponse } from '../shared.ts';

export const bannerDownload = createRoute({
  method: 'get',
  path: '/banners/{id}/download',
  tags: ['content'],
  summary: "A shown banner's file; its name (URL-encoded UTF-8) in x-suggested-filename and Content-Disposition",
  request: { params: idParamSchema },
  responses: {
    200: {
      description: 'The file',
      headers: z.object({ [SUGGESTED_FILENAME_HEADER]: z.string() }),
      content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
    },
    404: notFoundResponse,
    422: invalidResponse,
  },
});
export const filesContents = createRoute({
  method: 'get',
  path: '/files-contents',
  tags: ['content'],
  summary: 'A stored text file (SVG, CSV, text) by its URL, as text to inline',
  request: { query: filesContentsQuerySchema },
  responses: { 200: jsonResponse(fileContentsSchema, 'The file and its text'), 404: notFoundResponse, 422: invalidResponse },
});
