/** Route definitions of the editor API's content (/admin/v1/{resource}): one CRUD set per content type. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { adminIdParamSchema, adminItemSchema, adminListQuerySchema } from '#contracts/admin.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import type { AdminResourceDef } from '../../../services/admin/content/resources.ts';

const security = [{ editorBearer: [] }];
const unauthorised = errorResponse("No live editor session (auth.unauthenticated); a member's token is never one");
const invalid = errorResponse('Validation failed (common.validation): Japanese messages by field');

/** The five routes of one content type, under /{resource}. */
export function crudRoutes(def: AdminResourceDef) {
  const base = `/${def.name}`;
  const tags = ['admin'];
  const item = jsonResponse(adminItemSchema, `The ${def.name} item (HTML fields as sanitised on save)`);
  const missing = errorResponse(`No such ${def.name} item in this channel (common.not_found)`);
  const conflict = errorResponse('Key or URL already used (common.duplicate), or still in use on delete (common.in_use)');
  return {
    list: createRoute({
      method: 'get',
      path: base,
      tags,
      security,
      summary: `List ${def.name} (page, per ≤ 100; pagination headers)`,
      request: { query: adminListQuerySchema },
      responses: { 200: jsonResponse(z.array(adminItemSchema), 'One page'), 401: unauthorised, 422: invalid },
    }),
    get: createRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      security,
      summary: `One ${def.name} item`,
      request: { params: adminIdParamSchema },
      responses: { 200: item, 401: unauthorised, 404: missing, 422: invalid },
    }),
    create: createRoute({
      method: 'post',
      path: base,
      tags,
      security,
      summary: `Create a ${def.name} item`,
      request: { body: jsonBody(def.input) },
      responses: { 201: item, 401: unauthorised, 409: conflict, 422: invalid },
    }),
    update: createRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      security,
      summary: `Replace a ${def.name} item's fields`,
      request: { params: adminIdParamSchema, body: jsonBody(def.input) },
      responses: { 200: item, 401: unauthorised, 404: missing, 409: conflict, 422: invalid },
    }),
    remove: createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      security,
      summary: `Delete a ${def.name} item`,
      request: { params: adminIdParamSchema },
      responses: { 204: { description: 'Deleted' }, 401: unauthorised, 404: missing, 409: conflict },
    }),
  };
}
