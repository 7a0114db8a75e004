/**
 * Reading the audit log (GET /admin/v1/audit, role admin): newest first, AUDIT_PER_PAGE a page, by
 * action (a code, or a kind ending in a dot: `order.`), account login, target and Japan date range.
 * Writing stays in services/admin/audit/record.ts (recordAudit), which every area imports; the log itself
 * refuses UPDATE and DELETE, so nothing here or anywhere else can change an entry.
 */
import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import { AUDIT_PER_PAGE, type AuditEntry, type AuditQuery } from '#contracts/admin-audit.ts';
import type { Db } from '../../../db/client.ts';
import { staff_audit_log } from '../../../db/schema/index.ts';
import type { PageResult } from '../../../lib/respond.ts';
import { normaliseLogin } from '../../auth/index.ts';

/** The instant a Japan date starts (midnight JST). */
const jstMidnight = (ymd: string, plusDays = 0) => new Date(Date.parse(`${ymd}T00:00:00+09:00`) + plusDays * 86_400_000);

/** `%` and `_` typed into a filter match themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function filters(q: AuditQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.action)
    where.push(q.action.endsWith('.') ? like(staff_audit_log.action, `${escapeLike(q.action)}%`) : eq(staff_audit_log.action, q.action));
  if (q.editor) where.push(eq(staff_audit_log.editor_login, normaliseLogin(q.editor)));
  if (q.target_type) where.push(eq(staff_audit_log.target_type, q.target_type));
  if (q.target_id) where.push(eq(staff_audit_log.target_id, q.target_id));
  if (q.from) where.push(gte(staff_audit_log.at, jstMidnight(q.from)));
  if (q.to) where.push(lt(staff_audit_log.at, jstMidnight(q.to, 1)));
  return where.length ? and(...where) : undefined;
}

const toEntry = (r: typeof staff_audit_log.$inferSelect): AuditEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  editor_id: r.editor_id,
  editor_login: r.editor_login,
  editor_name: r.editor_name,
  editor_role: r.editor_role,
  channel_id: r.channel_id,
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  before: r.before,
  after: r.after,
  ip: r.ip,
});

/** One page of the log, newest first (the at-desc index walks it in that order). */
export async function listAudit(db: Db, q: AuditQuery): Promise<PageResult<AuditEntry>> {
  const page = q.page ?? 1;
  const where = filters(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(staff_audit_log)
      .where(where)
      .orderBy(desc(staff_audit_log.at), desc(staff_audit_log.id))
      .limit(AUDIT_PER_PAGE)
      .offset((page - 1) * AUDIT_PER_PAGE),
    db.select({ total: count() }).from(staff_audit_log).where(where),
  ]);
  return { items: rows.map(toEntry), total, page: { page, per: AUDIT_PER_PAGE, offset: (page - 1) * AUDIT_PER_PAGE } };
}
