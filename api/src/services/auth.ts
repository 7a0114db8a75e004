/**
 * Member login, refresh-token rotation and logout. Access and refresh tokens of one login share a
 * `family`: reusing a rotated refresh token (a sign it was stolen) revokes the whole family,
 * including the access tokens issued with it.
 */
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ApiEnv } from '../env.ts';
import type { UserRow } from '../context.ts';
import { auth_tokens, login_histories, users } from '../db/schema.ts';
import { ApiError, unauthenticated, unprocessable } from '../lib/errors.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import { kdfPool } from './kdf/pool.ts';
import { DUMMY_HASH, verifyPassword } from './password.ts';
import { rateLimitStore, tooManyAttempts, type RateLimitStore } from './rate-limit/index.ts';
import { hashToken, issueToken, randomToken } from './tokens.ts';

/** Failed logins in a row before the account is locked, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** Bounced e-mails after which the storefront asks the member to check the address. */
const MAIL_ERROR_LIMIT = 3;

/**
 * Rate limits of the auth endpoints (fixed windows, shared by every process). Per address: 30
 * login attempts in 5 minutes is far above a person (even behind a shared office NAT) yet stops a
 * scripted guesser; per login identifier: 10 in 5 minutes, reset by a successful login. Refresh is
 * cheap and legitimate often, so only a generous per-address cap applies to it.
 */
export const AUTH_LIMITS = {
  loginPerAddress: { limit: 30, windowSeconds: 300 },
  loginPerAccount: { limit: 10, windowSeconds: 300 },
  refreshPerAddress: { limit: 120, windowSeconds: 300 },
} as const;

/** The rate-limit keys of the auth endpoints (one place, so tests and tools name the same buckets). */
export const authLimitKeys = {
  loginAddress: (ip: string) => `login:ip:${ip}`,
  loginAccount: (channelId: string, login: string) => `login:id:${channelId}:${normaliseLogin(login)}`,
  unknownAccountFailures: (channelId: string, login: string) => `login:unknown:${channelId}:${normaliseLogin(login)}`,
  refreshAddress: (ip: string) => `refresh:ip:${ip}`,
};

export const LOGIN_FAILED_MESSAGE = 'ログインIDまたはパスワードが正しくありません。';
export const LOCKED_MESSAGE = 'ログインに続けて失敗したため、アカウントを一時的にロックしました。しばらく時間をおいてから再度お試しください。';

export interface ClientInfo { ip: string | null; userAgent: string | null }

/** The issued pair: body for the client plus the refresh secret for the cookie. */
export interface Session { body: LoginResponse; refreshSecret: string; refreshExpiresAt: Date }

const failed = () => unprocessable(LOGIN_FAILED_MESSAGE, 'auth.failed');
const locked = () => unprocessable(LOCKED_MESSAGE, 'auth.locked');

/** The form a login identifier is counted under: what a person would call the same name. */
export const normaliseLogin = (login: string) => login.normalize('NFKC').trim().toLowerCase();

/**
 * The channel's member whose username or e-mail is `login` (lower-cased); username wins. Prepared
 * once per database: it runs on every login.
 */
const memberLookups = new WeakMap<Db, ReturnType<typeof prepareMemberLookup>>();
function prepareMemberLookup(db: Db) {
  const login = sql.placeholder('login');
  return db.select().from(users).where(and(
    eq(users.channel_id, sql.placeholder('channel')), isNull(users.deleted_at),
    sql`(lower(${users.username}) = ${login} or lower(${users.email}) = ${login})`,
  )).orderBy(desc(sql`lower(${users.username}) = ${login}`)).limit(1).prepare('auth_find_member');
}
async function findMember(db: Db, channelId: string, login: string): Promise<UserRow | null> {
  let lookup = memberLookups.get(db);
  if (!lookup) memberLookups.set(db, lookup = prepareMemberLookup(db));
  const [row] = await lookup.execute({ channel: channelId, login: login.toLowerCase() });
  return row ?? null;
}

const lockNotActive = or(isNull(users.locked_until), lte(users.locked_until, sql`now()`));

/**
 * Counts this attempt BEFORE the password is checked, in one UPDATE: refused (null) when the account
 * is locked; an expired lock starts a fresh count; the attempt that goes past the limit locks it.
 * Parallel guesses serialise on the row, so at most MAX_FAILED_LOGINS attempts are ever in play.
 */
async function claimAttempt(db: Db, userId: number): Promise<'go' | 'locked'> {
  const [row] = await db.update(users).set({
    failed_login_count: sql`case when ${users.locked_until} is not null then 1 else ${users.failed_login_count} + 1 end`,
    locked_until: sql`case when ${users.locked_until} is null and ${users.failed_login_count} + 1 > ${MAX_FAILED_LOGINS}
      then now() + make_interval(mins => ${LOCK_MINUTES}) end`,
  }).where(and(eq(users.id, userId), lockNotActive)).returning({ locked: sql<boolean>`${users.locked_until} is not null` });
  return row && !row.locked ? 'go' : 'locked';
}

/** After a wrong password: lock the account once the failures reach the limit. */
async function lockIfExhausted(db: Db, userId: number) {
  await db.update(users).set({ locked_until: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
    .where(and(eq(users.id, userId), sql`${users.failed_login_count} >= ${MAX_FAILED_LOGINS}`, isNull(users.locked_until)));
}

/** After a right password: clear the count, but only if no parallel attempt locked the account meanwhile. */
async function clearAttempts(db: Db, userId: number): Promise<boolean> {
  const rows = await db.update(users).set({ failed_login_count: 0, locked_until: null })
    .where(and(eq(users.id, userId), lockNotActive)).returning({ id: users.id });
  return rows.length > 0;
}

/** An attempt the KDF pool refused never ran: it must not count towards the lock. */
async function uncountAttempt(db: Db, userId: number) {
  await db.update(users).set({ failed_login_count: sql`greatest(${users.failed_login_count} - 1, 0)` }).where(eq(users.id, userId));
}

async function issueSession(db: Db, env: ApiEnv, user: UserRow, family: string): Promise<Session> {
  const access = await issueToken(db, user.id, 'access', env.ACCESS_TOKEN_TTL, { family });
  const refresh = await issueToken(db, user.id, 'refresh', env.REFRESH_TOKEN_TTL, { family });
  return {
    body: {
      access_token: access.secret,
      expires_in: env.ACCESS_TOKEN_TTL,
      expires_at: access.expires_at.toISOString(),
      is_registered_member: user.is_registered_member,
      has_password_expired: false,
      has_mail_error_count_over: user.mail_error_count >= MAIL_ERROR_LIMIT,
      user_id: user.id,
      is_verify: false,
      verify_code: null,
    },
    refreshSecret: refresh.secret,
    refreshExpiresAt: refresh.expires_at,
  };
}

async function enforceLimit(store: RateLimitStore, key: string, rule: { limit: number; windowSeconds: number }) {
  const hit = await store.hit(key, rule.limit, rule.windowSeconds);
  if (!hit.allowed) throw tooManyAttempts(hit.retryAfterSeconds);
}

/**
 * Checks the credentials and opens a new token family. Order: rate limits (address, then login
 * identifier), the atomic lock claim, then the password on the bounded KDF pool. Unknown names go
 * through the same steps (their failures counted in the rate-limit store), so neither the answers
 * nor the lock message tell which usernames exist.
 */
export async function login(db: Db, env: ApiEnv, channelId: string, creds: { username: string; password: string }, client: ClientInfo): Promise<Session> {
  const store = rateLimitStore(db, env);
  const pool = kdfPool({ concurrency: env.KDF_CONCURRENCY, queueMax: env.KDF_QUEUE_MAX });
  // A flood beyond the hashing bound is refused before it costs a single query.
  pool.assertRoom();
  // Without a known address (in-process calls) only the per-account limit applies.
  if (client.ip) await enforceLimit(store, authLimitKeys.loginAddress(client.ip), AUTH_LIMITS.loginPerAddress);
  const accountKey = authLimitKeys.loginAccount(channelId, creds.username);
  await enforceLimit(store, accountKey, AUTH_LIMITS.loginPerAccount);

  const user = await findMember(db, channelId, creds.username);
  if (!user) {
    const fails = await store.hit(authLimitKeys.unknownAccountFailures(channelId, creds.username), MAX_FAILED_LOGINS, LOCK_MINUTES * 60);
    if (!fails.allowed) throw locked();
    await verifyPassword(creds.password, DUMMY_HASH, pool); // same cost as a real check
    throw failed();
  }

  const record = (succeeded: boolean) =>
    db.insert(login_histories).values({ user_id: user.id, ip: client.ip, user_agent: client.userAgent, succeeded });
  if (await claimAttempt(db, user.id) === 'locked') {
    await record(false);
    throw locked();
  }
  let ok: boolean;
  try {
    ok = await verifyPassword(creds.password, user.password_hash, pool);
  } catch (error) {
    if (error instanceof ApiError) await uncountAttempt(db, user.id);
    throw error;
  }
  if (!ok) {
    await lockIfExhausted(db, user.id);
    await record(false);
    throw failed();
  }
  if (!(await clearAttempts(db, user.id))) {
    await record(false);
    throw locked();
  }
  await store.reset(accountKey);
  await record(true);
  return issueSession(db, env, user, randomToken(16));
}

async function revokeFamily(db: Db, family: string) {
  await db.update(auth_tokens).set({ revoked_at: new Date() }).where(and(eq(auth_tokens.family, family), isNull(auth_tokens.revoked_at)));
}

/**
 * Rotates a refresh token (within the per-address cap): marks it used and issues a new access + refresh pair in the same family.
 * A token that was already used is a replay: the family is revoked and the caller gets 401.
 */
export async function refresh(db: Db, env: ApiEnv, channelId: string, secret: string | undefined, ip: string | null): Promise<Session> {
  if (ip) await enforceLimit(rateLimitStore(db, env), authLimitKeys.refreshAddress(ip), AUTH_LIMITS.refreshPerAddress);
  if (!secret) throw unauthenticated();
  const [token] = await db.select().from(auth_tokens)
    .where(and(eq(auth_tokens.token_hash, hashToken(secret)), eq(auth_tokens.kind, 'refresh'))).limit(1);
  if (!token || token.revoked_at || token.expires_at <= new Date()) throw unauthenticated();
  // The conditional update is the single winner of a race between two uses of the same token.
  const claimed = await db.update(auth_tokens).set({ used_at: new Date() })
    .where(and(eq(auth_tokens.id, token.id), isNull(auth_tokens.used_at), isNull(auth_tokens.revoked_at)))
    .returning({ id: auth_tokens.id });
  if (!claimed.length) {
    if (token.family) await revokeFamily(db, token.family);
    throw unauthenticated();
  }
  const [user] = await db.select().from(users)
    .where(and(eq(users.id, token.user_id), eq(users.channel_id, channelId), isNull(users.deleted_at))).limit(1);
  if (!user) throw unauthenticated();
  return issueSession(db, env, user, token.family ?? randomToken(16));
}

/** Revokes the access token in use and the family of the presented refresh token. */
export async function logout(db: Db, accessTokenId: number | null, refreshSecret: string | undefined) {
  const families = new Set<string>();
  if (accessTokenId != null) {
    const [row] = await db.update(auth_tokens).set({ revoked_at: new Date() }).where(eq(auth_tokens.id, accessTokenId))
      .returning({ family: auth_tokens.family });
    if (row?.family) families.add(row.family);
  }
  if (refreshSecret) {
    const [row] = await db.select({ family: auth_tokens.family }).from(auth_tokens)
      .where(and(eq(auth_tokens.token_hash, hashToken(refreshSecret)), eq(auth_tokens.kind, 'refresh'))).limit(1);
    if (row?.family) families.add(row.family);
  }
  for (const f of families) await revokeFamily(db, f);
}
