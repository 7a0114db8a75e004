/** User route definitions: GET/PUT /v1/me/user, PUT /v1/me/password. */
import { createRoute } from '@hono/zod-openapi';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { passwordChangeRequestSchema, userSchema, userUpdateRequestSchema } from '#contracts/user.ts';

const unauthorized = errorResponse('Not signed in');

export const getMe = createRoute({
  method: 'get', path: '/me/user', tags: ['user'], summary: 'The signed-in member', middleware: [requireAuth],
  responses: { 200: jsonResponse(userSchema, 'The member'), 401: unauthorized },
});

export const putMe = createRoute({
  method: 'put', path: '/me/user', tags: ['user'], summary: 'Update the member (not the username)', middleware: [requireAuth],
  request: { body: jsonBody(userUpdateRequestSchema) },
  responses: { 200: jsonResponse(userSchema, 'The updated member'), 401: unauthorized, 422: errorResponse('Invalid input') },
});

export const putPassword = createRoute({
  method: 'put', path: '/me/password', tags: ['user'], summary: 'Change the password', middleware: [requireAuth],
  request: { body: jsonBody(passwordChangeRequestSchema) },
  responses: { 204: { description: 'Changed' }, 401: unauthorized, 422: errorResponse('Wrong current password') },
});
