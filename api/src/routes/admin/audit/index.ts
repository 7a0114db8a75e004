/** The audit log (role admin): every action of the shop's people, newest first, with filters. */
import type { Context } from 'hono';
import type { AuditQuery } from '#contracts/admin-audit.ts';
import { paged } from '../../../lib/respond.ts';
import { listAudit } from '../../../services/admin/audit/index.ts';
import type { AdminApp } from '../area.ts';
import type { AdminEnv } from '../middleware.ts';
import { listAuditRoute } from './routes.ts';

const list = async (c: Context<AdminEnv>) => paged(c, await listAudit(c.get('db'), (c.req.valid as (t: 'query') => AuditQuery)('query')));

export function registerAuditRoutes(admin: AdminApp) {
  admin.openapi(listAuditRoute, list as never);
}
