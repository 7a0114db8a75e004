/** Route definition of the audit log (GET /admin/v1/audit, role admin; contracts/admin-audit.ts). */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '#contracts/admin-audit.ts';
import { errorResponse, jsonResponse } from '../../../lib/openapi.ts';
import { adminSecurity as security } from '../area.ts';

export const listAuditRoute = createRoute({
  method: 'get',
  path: '/audit',
  tags: ['admin'],
  security,
  summary: 'The audit log, newest first, 50 a page (pagination headers), filtered by action, account, target and Japan dates; append-only',
  request: { query: auditQuerySchema },
  responses: {
    200: jsonResponse(z.array(auditEntrySchema), 'One page of entries'),
    401: errorResponse('No live session (auth.unauthenticated)'),
    403: errorResponse('The role is not admin (auth.forbidden)'),
    422: errorResponse('A filter is malformed (common.validation): dates are YYYY-MM-DD'),
  },
});
