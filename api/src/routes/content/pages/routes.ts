/** Static page (by URL) and landing page (by key) route definitions. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { keyParamSchema } from '#contracts/common.ts';
import {
  contentListQuerySchema,
  landingPageSchema,
  staticPagePathParamSchema,
  staticPageSchema,
  staticPageUrlSchema,
} from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';
import { invalidResponse, notFoundResponse } from '../shared.ts';

export const listUrls = createRoute({
  method: 'get',
  path: '/static-pages/urls',
  tags: ['content'],
  summary: "URLs and titles of the channel's static pages",
  responses: { 200: jsonResponse(z.array(staticPageUrlSchema), 'Static page URLs') },
});
/** Documented as {path}; served by a regex route (index.ts) because the path spans several segments. */
export const getByUrl = createRoute({
  method: 'get',
  path: '/static-pages/url/{path}',
  tags: ['content'],
  summary:
    'A static page by its URL, e.g. /v1/static-pages/url/company/ for /company/; {{ORDER.…}} and {{PAYMENT_FEE:code}} placeholders filled',
  request: { params: staticPagePathParamSchema },
  responses: { 200: jsonResponse(staticPageSchema, 'The page'), 404: notFoundResponse },
});
export const listLp = createRoute({
  method: 'get',
  path: '/lp',
  tags: ['content'],
  summary: 'Landing pages (per default 10, per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(landingPageSchema), 'Landing pages'), 422: invalidResponse },
});
export const getLp = createRoute({
  method: 'get',
  path: '/lp/{key}',
  tags: ['content'],
  summary: 'One landing page by key',
  request: { params: keyParamSchema },
  responses: { 200: jsonResponse(landingPageSchema, 'The landing page'), 404: notFoundResponse },
});
