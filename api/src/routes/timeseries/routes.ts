/** Body measurements (GET/POST /v1/me/timeseries, DELETE /v1/me/timeseries/) route definitions. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { LIMIT_HEADER } from '#contracts/common.ts';
import {
  timeseriesDeleteQuerySchema,
  timeseriesEntrySchema,
  timeseriesInputSchema,
  timeseriesListSchema,
  timeseriesQuerySchema,
} from '#contracts/timeseries.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';

const errors = { 401: errorResponse('Not signed in'), 404: errorResponse("Not the member's entry"), 422: errorResponse('Invalid input') };
const auth = { tags: ['timeseries'], middleware: [requireAuth] };

export const list = createRoute({
  method: 'get',
  path: '/me/timeseries',
  ...auth,
  summary: "The member's measurements of a purpose (all purposes without it), newest first (x-limit: maximum entries per purpose)",
  request: { query: timeseriesQuerySchema },
  responses: {
    200: { ...jsonResponse(timeseriesListSchema, 'Measurements'), headers: z.object({ [LIMIT_HEADER]: z.string() }) },
    401: errors[401],
    422: errors[422],
  },
});
export const create = createRoute({
  method: 'post',
  path: '/me/timeseries',
  ...auth,
  summary: 'Add a measurement (422 timeseries.limit when the purpose is full)',
  request: { body: jsonBody(timeseriesInputSchema) },
  responses: { 201: jsonResponse(timeseriesEntrySchema, 'Created'), 401: errors[401], 422: errors[422] },
});
export const remove = createRoute({
  method: 'delete',
  path: '/me/timeseries/',
  ...auth,
  summary: "Delete one measurement (?id=) or every measurement of a purpose (?purpose=); 404 when the id is not the member's",
  request: { query: timeseriesDeleteQuerySchema },
  responses: { 204: { description: 'Deleted' }, ...errors },
});
