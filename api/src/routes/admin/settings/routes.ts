/** Route definitions of the editable shop settings (/admin/v1/settings; contracts/admin-settings.ts). */
import { createRoute } from '@hono/zod-openapi';
import { editableSettingsSchema, settingsPatchSchema } from '#contracts/admin-settings.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';

const security = [{ editorBearer: [] }];
const unauthorised = errorResponse('No live editor session (auth.unauthenticated)');

export const getSettingsRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags: ['admin'],
  security,
  summary: 'The shop settings editors may change, with their current values (defaults for unset keys)',
  responses: { 200: jsonResponse(editableSettingsSchema, 'Every editable setting'), 401: unauthorised },
});

export const patchSettingsRoute = createRoute({
  method: 'patch',
  path: '/settings',
  tags: ['admin'],
  security,
  summary: 'Changes the named settings (others kept); the live shop rebuilds with them',
  request: { body: jsonBody(settingsPatchSchema) },
  responses: {
    200: jsonResponse(editableSettingsSchema, 'Every editable setting after the change'),
    401: unauthorised,
    422: errorResponse('Validation failed (common.validation): unknown keys, wrong types, the phone breakpoint not below the tablet one'),
  },
});
