/** Route definitions of the editors' maintenance switch: GET and PUT /admin/v1/maintenance. */
import { createRoute } from '@hono/zod-openapi';
import { adminMaintenanceSchema, maintenanceUpdateSchema } from '#contracts/maintenance.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';

const security = [{ editorBearer: [] }];
const tags = ['admin'];
const unauthorised = errorResponse('No live editor session (auth.unauthenticated)');
const state = jsonResponse(adminMaintenanceSchema, "The switch: in effect, the editors' setting, MAINTENANCE=1, the wording");

export const getMaintenanceRoute = createRoute({
  method: 'get',
  path: '/maintenance',
  tags,
  security,
  summary: 'The maintenance switch and its wording',
  responses: { 200: state, 401: unauthorised },
});

export const putMaintenanceRoute = createRoute({
  method: 'put',
  path: '/maintenance',
  tags,
  security,
  summary:
    'Turns maintenance on or off for every API process (within a second) and sets its title and message (omitted: kept; null or blank: the default)',
  request: { body: jsonBody(maintenanceUpdateSchema) },
  responses: { 200: state, 401: unauthorised, 422: errorResponse('Validation failed (common.validation): Japanese messages by field') },
});
