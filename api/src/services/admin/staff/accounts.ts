/**
 * Reading the accounts of /admin/ for the staff screens: each account with its lock, its live
 * sessions and its last login (the newest auth.login of the audit log, which outlives the sessions
 * the hourly purge deletes). Never the password hash.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { type AdminRole, STAFF_IDLE_SECONDS } from '#contracts/admin-roles.ts';
import type { StaffAccount } from '#contracts/admin-staff.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { editor_sessions, editors, staff_audit_log } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

type Conn = Db | Tx;

// Written out with the table names: drizzle leaves a single-table select's columns unqualified, and
// `id` inside the subquery would then be the subquery's own.
const lastLogin = sql<Date | null>`(select max(a.at) from ${staff_audit_log} a where a.editor_id = "editors"."id" and a.action = 'auth.login')`;

/** Sessions that still open the admin API (the rule of services/admin/auth/index.ts findEditorSession). */
const liveSessions = sql<number>`(select count(*)::int from ${editor_sessions} s
  where s.editor_id = "editors"."id" and s.revoked_at is null and s.expires_at > now()
    and ("editors"."role" = 'editor' or s.last_used_at > now() - make_interval(secs => ${STAFF_IDLE_SECONDS})))`;

const columns = {
  id: editors.id,
  login: editors.login,
  display_name: editors.display_name,
  role: editors.role,
  disabled: editors.disabled,
  failed_login_count: editors.failed_login_count,
  locked_until: editors.locked_until,
  created_at: editors.created_at,
  updated_at: editors.updated_at,
  last_login_at: lastLogin.mapWith((v) => (v == null ? null : new Date(v))),
  active_sessions: liveSessions.mapWith(Number),
  locked: sql<boolean>`coalesce(${editors.locked_until} > now(), false)`,
};

const select = (conn: Conn) => conn.select(columns).from(editors);
type Row = Awaited<ReturnType<typeof select>>[number];

const iso = (v: Date | null) => (v == null ? null : v.toISOString());

/** The wire form of an account row. */
function toAccount(r: Row): StaffAccount {
  return {
    id: r.id,
    login: r.login,
    display_name: r.display_name,
    role: r.role as AdminRole,
    disabled: r.disabled,
    locked: r.locked,
    locked_until: r.locked ? iso(r.locked_until) : null,
    failed_login_count: r.failed_login_count,
    last_login_at: iso(r.last_login_at),
    active_sessions: r.active_sessions,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** Every account, admins first, then staff, then editors, each by login. */
export async function listStaff(conn: Conn): Promise<StaffAccount[]> {
  const rows = await select(conn).orderBy(sql`case ${editors.role} when 'admin' then 0 when 'staff' then 1 else 2 end`, asc(editors.login));
  return rows.map(toAccount);
}

/** One account; 404 when there is none. */
export async function getStaff(conn: Conn, id: number): Promise<StaffAccount> {
  const [row] = await select(conn).where(eq(editors.id, id)).limit(1);
  if (!row) throw notFound('アカウント');
  return toAccount(row);
}
