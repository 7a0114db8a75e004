/**
 * Editor accounts and sessions (/admin/v1/auth/…). The same defences as the member login
 * (services/auth/index.ts): rate limits per address and per login name in the shared store, the attempt
 * counted atomically before the password is checked, a temporary lock after MAX_FAILED_LOGINS
 * failures in a row, unknown names costing one scrypt like known ones, passwords on the bounded KDF
 * pool. Sessions are random bearer secrets stored as SHA-256 hashes, expiring after
 * EDITOR_SESSION_SECONDS, revoked by logout; a staff or admin session also ends after
 * STAFF_IDLE_SECONDS without a call. Logins, failures and logouts are written to the audit log.
 * Nothing here reads or writes members' tables.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { EDITOR_SESSION_SECONDS, type Editor, type EditorLoginResponse } from '#contracts/admin.ts';
import { type AdminRole, STAFF_IDLE_SECONDS } from '#contracts/admin-roles.ts';
import type { Db } from '../../../db/client.ts';
import { editor_sessions, editors } from '../../../db/schema/index.ts';
import type { ApiEnv } from '../../../env.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import {
  type ClientInfo,
  countedLoginRefusal,
  LOCK_MINUTES,
  LOCKED_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  loginLimits,
  MAX_FAILED_LOGINS,
  normaliseLogin,
} from '../../auth/index.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../passwords/index.ts';
import { kdfPool } from '../../passwords/kdf/pool.ts';
import { countRefusal, rateLimitStore, tooManyAttempts } from '../../rate-limit/index.ts';
import { hashToken, randomToken } from '../../tokens/index.ts';
import { type Actor, recordAudit } from '../audit/record.ts';

export type EditorRow = typeof editors.$inferSelect;

/** Rate-limit buckets of the editor login: apart from the members' so neither can exhaust the other's. */
export const editorLimitKeys = {
  address: (ip: string) => `admin-login:ip:${ip}`,
  account: (login: string) => `admin-login:id:${normaliseLogin(login)}`,
  unknownFailures: (login: string) => `admin-login:unknown:${normaliseLogin(login)}`,
};

const failed = () => unprocessable(LOGIN_FAILED_MESSAGE, 'auth.failed');
const locked = () => unprocessable(LOCKED_MESSAGE, 'auth.locked');

const lockNotActive = or(isNull(editors.locked_until), lte(editors.locked_until, sql`now()`));

/** Counts this attempt before the password is checked (one UPDATE, so parallel guesses serialise on the row). */
async function claimAttempt(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .update(editors)
    .set({
      failed_login_count: sql`case when ${editors.locked_until} is not null then 1 else ${editors.failed_login_count} + 1 end`,
      locked_until: sql`case when ${editors.locked_until} is null and ${editors.failed_login_count} + 1 > ${MAX_FAILED_LOGINS}
      then now() + make_interval(mins => ${LOCK_MINUTES}) end`,
    })
    .where(and(eq(editors.id, id), lockNotActive))
    .returning({ locked: sql<boolean>`${editors.locked_until} is not null` });
  return row != null && !row.locked;
}

async function enforce(db: Db, env: ApiEnv, key: string, rule: { limit: number; windowSeconds: number }) {
  const hit = await rateLimitStore(db, env).hit(key, rule.limit, rule.windowSeconds);
  if (!hit.allowed) {
    countRefusal(key);
    throw tooManyAttempts(hit.retryAfterSeconds);
  }
}

/** The wire form of an editor. */
export const toEditor = (e: EditorRow): Editor => ({ id: e.id, login: e.login, display_name: e.display_name, role: e.role as AdminRole });

/** The audit log's picture of an account acting from `ip` on `channelId`. */
export const actorOf = (e: EditorRow, ip: string | null, channelId: string | null): Actor => ({
  id: e.id,
  login: e.login,
  name: e.display_name,
  role: e.role,
  ip,
  channelId,
});

/** POST /admin/v1/auth/login: checks the credentials and opens a session. */
export function loginEditor(
  db: Db,
  env: ApiEnv,
  creds: { login: string; password: string },
  client: ClientInfo,
  channelId: string | null = null,
): Promise<EditorLoginResponse> {
  return checkEditorLogin(db, env, creds, client, channelId).catch(countedLoginRefusal);
}

async function checkEditorLogin(
  db: Db,
  env: ApiEnv,
  creds: { login: string; password: string },
  client: ClientInfo,
  channelId: string | null,
): Promise<EditorLoginResponse> {
  const pool = kdfPool({ concurrency: env.KDF_CONCURRENCY, queueMax: env.KDF_QUEUE_MAX });
  pool.assertRoom();
  const limits = loginLimits(env);
  if (client.ip) await enforce(db, env, editorLimitKeys.address(client.ip), limits.loginPerAddress);
  const accountKey = editorLimitKeys.account(creds.login);
  await enforce(db, env, accountKey, limits.loginPerAccount);

  const [editor] = await db
    .select()
    .from(editors)
    .where(eq(editors.login, normaliseLogin(creds.login)))
    .limit(1);
  // A disabled account answers like an unknown one: the same cost, the same words.
  if (!editor || editor.disabled) {
    const fails = await rateLimitStore(db, env).hit(editorLimitKeys.unknownFailures(creds.login), MAX_FAILED_LOGINS, LOCK_MINUTES * 60);
    if (!fails.allowed) throw locked();
    await verifyPassword(creds.password, DUMMY_HASH, pool);
    throw failed();
  }
  const actor = actorOf(editor, client.ip ?? null, channelId);
  if (!(await claimAttempt(db, editor.id))) {
    await recordAudit(db, actor, { action: 'auth.login_locked', targetType: 'editor', targetId: editor.id });
    throw locked();
  }
  let ok: boolean;
  try {
    ok = await verifyPassword(creds.password, editor.password_hash, pool);
  } catch (error) {
    // Refused by a full KDF pool: the attempt never ran, so it must not count towards the lock.
    if (error instanceof ApiError)
      await db
        .update(editors)
        .set({ failed_login_count: sql`greatest(${editors.failed_login_count} - 1, 0)` })
        .where(eq(editors.id, editor.id));
    throw error;
  }
  if (!ok) {
    await recordAudit(db, actor, { action: 'auth.login_failed', targetType: 'editor', targetId: editor.id });
    throw failed();
  }
  const cleared = await db
    .update(editors)
    .set({ failed_login_count: 0, locked_until: null })
    .where(and(eq(editors.id, editor.id), lockNotActive))
    .returning({ id: editors.id });
  if (!cleared.length) throw locked();
  await rateLimitStore(db, env).reset(accountKey);

  const secret = randomToken();
  const expiresAt = new Date(Date.now() + EDITOR_SESSION_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await tx.insert(editor_sessions).values({ editor_id: editor.id, token_hash: hashToken(secret), expires_at: expiresAt });
    await recordAudit(tx, actor, { action: 'auth.login', targetType: 'editor', targetId: editor.id });
  });
  return { access_token: secret, expires_in: EDITOR_SESSION_SECONDS, expires_at: expiresAt.toISOString(), editor: toEditor(editor) };
}

/** A session's last use is written at most this often (ms), so a screen's calls do not each write a row. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The live session for a bearer secret: unexpired by the database's clock, not revoked, the account
 * enabled, and for staff and admin used within STAFF_IDLE_SECONDS. Marks it used.
 */
export async function findEditorSession(db: Db, secret: string): Promise<{ editor: EditorRow; sessionId: number } | null> {
  const [row] = await db
    .select({ editor: editors, sessionId: editor_sessions.id, lastUsed: editor_sessions.last_used_at })
    .from(editor_sessions)
    .innerJoin(editors, eq(editors.id, editor_sessions.editor_id))
    .where(
      and(
        eq(editor_sessions.token_hash, hashToken(secret)),
        gt(editor_sessions.expires_at, sql`now()`),
        isNull(editor_sessions.revoked_at),
        eq(editors.disabled, false),
        or(eq(editors.role, 'editor'), gt(editor_sessions.last_used_at, sql`now() - make_interval(secs => ${STAFF_IDLE_SECONDS})`)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastUsed.getTime() > TOUCH_EVERY_MS) {
    await db.update(editor_sessions).set({ last_used_at: sql`now()` }).where(eq(editor_sessions.id, row.sessionId));
  }
  return { editor: row.editor, sessionId: row.sessionId };
}

/** POST /admin/v1/auth/logout: revokes this session only. */
export async function logoutEditor(db: Db, sessionId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(editor_sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(editor_sessions.id, sessionId), isNull(editor_sessions.revoked_at)))
      .returning({ id: editor_sessions.id });
    if (ended.length) await recordAudit(tx, actor, { action: 'auth.logout', targetType: 'editor', targetId: actor.id });
  });
}

/**
 * Deletes sessions that can never open the admin API again: expired by the database's clock, revoked
 * (logout, a password change), or a staff or admin session idle past STAFF_IDLE_SECONDS. Run hourly by the API's maintenance job
 * (services/product-requests/restock-watcher.ts startMaintenance), `batch` rows at a time; returns how many.
 */
export async function purgeEditorSessions(db: Db, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await db
      .delete(editor_sessions)
      .where(sql`${editor_sessions.id} in (
      select s.id from ${editor_sessions} s join ${editors} e on e.id = s.editor_id
      where s.expires_at <= now() or s.revoked_at is not null
        or (e.role <> 'editor' and s.last_used_at <= now() - make_interval(secs => ${STAFF_IDLE_SECONDS}))
      limit ${batch})`)
      .returning({ id: editor_sessions.id });
    total += gone.length;
    if (gone.length < batch) return total;
  }
}

/**
 * Creates an account of /admin/ with its role (editor unless given), or sets the password, name and
 * (when given) role of an existing one and enables it again (`npm run editor:create`, the seed). Its open sessions end when the
 * password changes.
 */
export async function upsertEditor(
  db: Db,
  input: { login: string; displayName: string; password: string; role?: AdminRole },
): Promise<{ editor: EditorRow; created: boolean }> {
  const login = normaliseLogin(input.login);
  const password_hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(editors).where(eq(editors.login, login)).limit(1);
    if (existing) {
      const [row] = await tx
        .update(editors)
        .set({
          display_name: input.displayName,
          password_hash,
          role: input.role ?? existing.role,
          disabled: false,
          failed_login_count: 0,
          locked_until: null,
          updated_at: new Date(),
        })
        .where(eq(editors.id, existing.id))
        .returning();
      await tx
        .update(editor_sessions)
        .set({ revoked_at: new Date() })
        .where(and(eq(editor_sessions.editor_id, existing.id), isNull(editor_sessions.revoked_at)));
      return { editor: row, created: false };
    }
    const [row] = await tx
      .insert(editors)
      .values({ login, display_name: input.displayName, password_hash, role: input.role ?? 'editor' })
      .returning();
    return { editor: row, created: true };
  });
}
