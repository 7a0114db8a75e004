/**
 * The audit log of the shop's people (staff_audit_log): every change made through /admin/v1 writes
 * one entry, who (the account as it was then), what (a dotted action), on what, before and after,
 * from where, in the same transaction as the change, so a change without its entry cannot commit and
 * an entry never names a change that rolled back. The table refuses UPDATE and DELETE (migration
 * 0025). Secrets never enter it: `redact` drops password hashes, tokens and security answers from the
 * before and after pictures whatever the caller passes.
 */
import type { Db, Tx } from '../../../db/client.ts';
import { staff_audit_log } from '../../../db/schema/index.ts';

/** The person acting, as the admin API's gate knows them (routes/admin/middleware.ts). */
export interface Actor {
  id: number;
  login: string;
  name: string;
  role: string;
  ip: string | null;
  channelId: string | null;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Keys whose values never reach the log (matched case-insensitively anywhere in the picture). */
const SECRET_KEYS =
  /^(password|password_hash|security_answer|security_answer_hash|token|token_hash|access_token|refresh_token|secret|card_number|provider_ref|source)$/i;

/** A copy of `value` without secret keys, dates as ISO strings, at most 8 levels deep. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 8) return '…';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !SECRET_KEYS.test(k))
      .map(([k, v]) => [k, redact(v, depth + 1)]),
  );
}

/** Writes one entry; call it inside the transaction of the change it records. */
export async function recordAudit(conn: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await conn.insert(staff_audit_log).values({
    editor_id: actor.id,
    editor_login: actor.login,
    editor_name: actor.name,
    editor_role: actor.role,
    channel_id: actor.channelId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId == null ? null : String(entry.targetId),
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    ip: actor.ip,
  });
}
