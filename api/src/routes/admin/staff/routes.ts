/** Route definitions of the staff accounts (/admin/v1/staff, role admin; contracts/admin-staff.ts). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { adminIdParamSchema } from '#contracts/admin.ts';
import {
  staffAccountSchema,
  staffCreateRequestSchema,
  staffPasswordRequestSchema,
  staffUpdateRequestSchema,
} from '#contracts/admin-staff.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { adminSecurity as security } from '../area.ts';

const tags = ['admin'];
const account = jsonResponse(staffAccountSchema, 'The account after the change (never a password or hash)');
const common = {
  401: errorResponse('No live session (auth.unauthenticated)'),
  403: errorResponse('The role is not admin (auth.forbidden)'),
};
const missing = errorResponse('No such account (common.not_found)');
const lastAdmin = errorResponse('Validation failed (common.validation), or the change would leave no enabled admin (staff.last_admin)');
const params = adminIdParamSchema;

export const listStaffRoute = createRoute({
  method: 'get',
  path: '/staff',
  tags,
  security,
  summary: 'Every account of /admin/ with its role, state, lock, live sessions and last login',
  responses: { 200: jsonResponse(z.array(staffAccountSchema), 'The accounts, admins first'), ...common },
});

export const getStaffRoute = createRoute({
  method: 'get',
  path: '/staff/{id}',
  tags,
  security,
  summary: 'One account',
  request: { params },
  responses: {
    200: jsonResponse(staffAccountSchema, 'The account'),
    ...common,
    404: missing,
    422: errorResponse('Bad id (common.validation)'),
  },
});

export const createStaffRoute = createRoute({
  method: 'post',
  path: '/staff',
  tags,
  security,
  summary: 'Creates an account (login, name, role, an initial password of 12 characters or more); audited as staff.create',
  request: { body: jsonBody(staffCreateRequestSchema) },
  responses: {
    201: account,
    ...common,
    409: errorResponse('The login ID is taken (common.duplicate)'),
    422: errorResponse('Validation failed (common.validation)'),
  },
});

export const updateStaffRoute = createRoute({
  method: 'patch',
  path: '/staff/{id}',
  tags,
  security,
  summary: 'Changes the name and/or role; audited as staff.update',
  request: { params, body: jsonBody(staffUpdateRequestSchema) },
  responses: { 200: account, ...common, 404: missing, 422: lastAdmin },
});

const action = (path: string, summary: string, body?: typeof staffPasswordRequestSchema) =>
  createRoute({
    method: 'post',
    path: `/staff/{id}/${path}`,
    tags,
    security,
    summary,
    request: body ? { params, body: jsonBody(body) } : { params },
    responses: { 200: account, ...common, 404: missing, 422: lastAdmin },
  });

export const disableStaffRoute = action('disable', 'Disables the account and ends its sessions at once; audited as staff.disable');
export const enableStaffRoute = action('enable', 'Enables a disabled account again; audited as staff.enable');
export const resetStaffPasswordRoute = action(
  'password',
  "Sets a new password (12 characters or more) and ends the account's sessions; audited as staff.password_reset",
  staffPasswordRequestSchema,
);
export const unlockStaffRoute = action('unlock', 'Lifts a login lock (failed-login count 0); audited as staff.unlock');
