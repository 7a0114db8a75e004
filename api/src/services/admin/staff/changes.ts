/**
 * Changes to the accounts of /admin/ (role admin): create, name and role, disable and enable, a new
 * password, unlock. Each is one transaction that writes its audit entry (staff.*) beside the change,
 * with the account's picture before and after and never its password or hash. Disabling an account
 * and giving it a new password end its sessions at once (the gate also refuses a disabled account's
 * session on its next call). No change may leave the shop without an enabled admin: the enabled
 * admins' rows are locked first, so two admins demoting each other at once cannot both succeed
 * (one waits, then sees it is the last).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { LAST_ADMIN_MESSAGE, type StaffAccount, type StaffCreateRequest, type StaffUpdateRequest } from '#contracts/admin-staff.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { editor_sessions, editors } from '../../../db/schema/index.ts';
import { ApiError, notFound, unprocessable } from '../../../lib/errors.ts';
import { normaliseLogin } from '../../auth/index.ts';
import { hashPassword } from '../../passwords/index.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { getStaff } from './accounts.ts';

type EditorRow = typeof editors.$inferSelect;

/** The audit log's picture of an account: what a person can change, never the hash. */
const picture = (e: EditorRow) => ({
  login: e.login,
  display_name: e.display_name,
  role: e.role,
  disabled: e.disabled,
  failed_login_count: e.failed_login_count,
  locked_until: e.locked_until,
});

const lastAdmin = () => unprocessable(LAST_ADMIN_MESSAGE, 'staff.last_admin', { role: [LAST_ADMIN_MESSAGE] });
const duplicate = () =>
  new ApiError(409, 'このログインIDはすでに使われています。', {
    code: 'common.duplicate',
    errors: { login: ['このログインIDはすでに使われています'] },
  });

/** The account locked for the change, after the enabled admins (always in that order: no deadlock). */
async function lockAccount(tx: Tx, id: number): Promise<{ row: EditorRow; otherAdmins: number }> {
  const admins = await tx
    .select({ id: editors.id })
    .from(editors)
    .where(and(eq(editors.role, 'admin'), eq(editors.disabled, false)))
    .orderBy(editors.id)
    .for('update');
  const [row] = await tx.select().from(editors).where(eq(editors.id, id)).for('update');
  if (!row) throw notFound('アカウント');
  return { row, otherAdmins: admins.filter((a) => a.id !== id).length };
}

async function endSessions(tx: Tx, editorId: number): Promise<number> {
  const ended = await tx
    .update(editor_sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(editor_sessions.editor_id, editorId), isNull(editor_sessions.revoked_at)))
    .returning({ id: editor_sessions.id });
  return ended.length;
}

/** Runs `change` on the locked account and records `action` with before and after; answers the account. */
async function change(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  apply: (
    tx: Tx,
    row: EditorRow,
    otherAdmins: number,
  ) => Promise<{ set: Partial<EditorRow>; endSessions?: boolean; extra?: Record<string, unknown> } | null>,
): Promise<StaffAccount> {
  await db.transaction(async (tx) => {
    const { row, otherAdmins } = await lockAccount(tx, id);
    const plan = await apply(tx, row, otherAdmins);
    if (!plan) return; // nothing to change: no entry either
    const [after] = await tx
      .update(editors)
      .set({ ...plan.set, updated_at: new Date() })
      .where(eq(editors.id, id))
      .returning();
    const ended = plan.endSessions ? await endSessions(tx, id) : 0;
    await recordAudit(tx, actor, {
      action,
      targetType: 'editor',
      targetId: id,
      before: picture(row),
      after: { ...picture(after), ...(plan.endSessions ? { sessions_ended: ended } : {}), ...plan.extra },
    });
  });
  return getStaff(db, id);
}

/** Whether the account stops being an enabled admin with `next`, and no other one is left. */
const leavesNoAdmin = (row: EditorRow, next: { role?: string; disabled?: boolean }, otherAdmins: number) =>
  row.role === 'admin' && !row.disabled && ((next.role ?? row.role) !== 'admin' || (next.disabled ?? row.disabled)) && otherAdmins === 0;

/** POST /admin/v1/staff: a new account (409 when the login is taken). */
export async function createStaff(db: Db, actor: Actor, input: StaffCreateRequest): Promise<StaffAccount> {
  const login = normaliseLogin(input.login);
  const password_hash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(editors)
      .values({ login, display_name: input.display_name, role: input.role, password_hash })
      .onConflictDoNothing({ target: editors.login })
      .returning();
    if (!row) throw duplicate();
    await recordAudit(tx, actor, { action: 'staff.create', targetType: 'editor', targetId: row.id, after: picture(row) });
    return row.id;
  });
  return getStaff(db, id);
}

/** PATCH /admin/v1/staff/{id}: the name and/or the role (a role change ends nothing: the next call is checked against the new role). */
export const updateStaff = (db: Db, actor: Actor, id: number, input: StaffUpdateRequest) =>
  change(db, actor, id, 'staff.update', async (_tx, row, otherAdmins) => {
    const set: Partial<EditorRow> = {};
    if (input.display_name !== undefined && input.display_name !== row.display_name) set.display_name = input.display_name;
    if (input.role !== undefined && input.role !== row.role) set.role = input.role;
    if (!Object.keys(set).length) return null;
    if (leavesNoAdmin(row, set, otherAdmins)) throw lastAdmin();
    return { set };
  });

/** POST /admin/v1/staff/{id}/disable: the account can no longer log in; its sessions end now. */
export const disableStaff = (db: Db, actor: Actor, id: number) =>
  change(db, actor, id, 'staff.disable', async (_tx, row, otherAdmins) => {
    if (row.disabled) return null;
    if (leavesNoAdmin(row, { disabled: true }, otherAdmins)) throw lastAdmin();
    return { set: { disabled: true }, endSessions: true };
  });

/** POST /admin/v1/staff/{id}/enable: the account may log in again (with its old password). */
export const enableStaff = (db: Db, actor: Actor, id: number) =>
  change(db, actor, id, 'staff.enable', async (_tx, row) => (row.disabled ? { set: { disabled: false } } : null));

/** POST /admin/v1/staff/{id}/password: a new password from the admin; the account's sessions end. */
export async function resetStaffPassword(db: Db, actor: Actor, id: number, password: string): Promise<StaffAccount> {
  const password_hash = await hashPassword(password);
  return change(db, actor, id, 'staff.password_reset', async () => ({
    set: { password_hash },
    endSessions: true,
    extra: { password_changed: true },
  }));
}

/** POST /admin/v1/staff/{id}/unlock: the failed-login count back to 0 and the lock lifted. */
export const unlockStaff = (db: Db, actor: Actor, id: number) =>
  change(db, actor, id, 'staff.unlock', async (_tx, row) =>
    row.failed_login_count === 0 && row.locked_until == null ? null : { set: { failed_login_count: 0, locked_until: null } },
  );
