/**
 * Member login, the verification-code step, unlock, refresh-token rotation and logout (channel-sync
 * login is sync-channel.ts). Access and refresh tokens of one login share a `family`: reusing a rotated refresh token
 * (a sign it was stolen) revokes the whole family, including the access tokens issued with it.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, not, or, sql } from 'drizzle-orm';
import { MAX_CODE_ATTEMPTS, TOKEN_TTL } from '#contracts/account.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auth_tokens, login_histories, users } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { ApiError, unauthenticated, unprocessable } from '../../lib/errors.ts';
import { countLoginRefusal } from '../../lib/metrics.ts';
import {
  accountLimitKeys,
  channelSetting,
  mailMember,
  memberName,
  PASSWORD_EXPIRE_SETTING,
  shopName,
  siteLink,
} from '../account/common.ts';
import { loginCodeMail, unlockMail } from '../account/mails.ts';
import { DUMMY_HASH, verifyPassword } from '../passwords/index.ts';
import { kdfPool } from '../passwords/kdf/pool.ts';
import { countRefusal, type RateLimitStore, rateLimitStore, tooManyAttempts } from '../rate-limit/index.ts';
import { hashToken, issueToken, issueTokens, randomToken, revokeTokens, spendToken } from '../tokens/index.ts';

/** Failed logins in a row before the account is locked, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/**
 * Bounced e-mails after which the storefront asks the member to check the address; the address counts
 * as undeliverable from then on (no memorial reminders go to it).
 */
export const MAIL_ERROR_LIMIT = 3;

/**
 * Rate limits of the auth endpoints (fixed windows, shared by every process). Per address: 30
 * login attempts in 5 minutes is far above a person (even behind a shared office NAT) yet stops a
 * scripted guesser; per login identifier: 10 in 5 minutes, reset by a successful login. Refresh is
 * cheap and legitimate often, so only a generous per-address cap applies to it. The code step
 * shares the login's per-address bucket.
 */
export const AUTH_LIMITS = {
  loginPerAddress: { limit: 30, windowSeconds: 300 },
  loginPerAccount: { limit: 10, windowSeconds: 300 },
  refreshPerAddress: { limit: 120, windowSeconds: 300 },
} as const;

/** The login limits of this configuration (LOGIN_LIMIT_PER_ADDRESS / _PER_ACCOUNT; defaults AUTH_LIMITS). */
export function loginLimits(env: Pick<ApiEnv, 'LOGIN_LIMIT_PER_ADDRESS' | 'LOGIN_LIMIT_PER_ACCOUNT'>) {
  return {
    loginPerAddress: { limit: env.LOGIN_LIMIT_PER_ADDRESS, windowSeconds: AUTH_LIMITS.loginPerAddress.windowSeconds },
    loginPerAccount: { limit: env.LOGIN_LIMIT_PER_ACCOUNT, windowSeconds: AUTH_LIMITS.loginPerAccount.windowSeconds },
  };
}

/** The rate-limit keys of the auth endpoints (one place, so tests and tools name the same buckets). */
export const authLimitKeys = {
  loginAddress: (ip: string) => `login:ip:${ip}`,
  loginAccount: (channelId: string, login: string) => `login:id:${channelId}:${normaliseLogin(login)}`,
  unknownAccountFailures: (channelId: string, login: string) => `login:unknown:${channelId}:${normaliseLogin(login)}`,
  refreshAddress: (ip: string) => `refresh:ip:${ip}`,
};

export const LOGIN_FAILED_MESSAGE = 'ログインIDまたはパスワードが正しくありません。';
export const LOCKED_MESSAGE =
  'ログインに続けて失敗したため、アカウントを一時的にロックしました。しばらく時間をおいてから再度お試しください。';
export const VERIFY_FAILED_MESSAGE = '認証コードが正しくありません。';
export const VERIFY_EXPIRED_MESSAGE = '認証コードの有効期限が切れたか、入力回数の上限に達しました。もう一度ログインしてください。';
export const UNLOCKED_MESSAGE = 'アカウントのロックを解除しました。ログインしてください。';
export const UNLOCK_INVALID_MESSAGE = 'ロック解除のリンクが無効か、有効期限が切れています。';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The answer of a login: the body for the client plus, when a session was opened, the refresh
 * secret for the cookie (null on the code step, which opens no session yet).
 */
export interface Session {
  body: LoginResponse;
  refreshSecret: string | null;
  refreshExpiresAt: Date | null;
}

const failed = () => unprocessable(LOGIN_FAILED_MESSAGE, 'auth.failed');
const locked = () => unprocessable(LOCKED_MESSAGE, 'auth.locked');
const verifyFailed = () => unprocessable(VERIFY_FAILED_MESSAGE, 'auth.verify_failed', { verify_code: [VERIFY_FAILED_MESSAGE] });
const verifyExpired = () => unprocessable(VERIFY_EXPIRED_MESSAGE, 'auth.verify_expired', { verify_code: [VERIFY_EXPIRED_MESSAGE] });

/** The form a login identifier is counted under: what a person would call the same name. */
export const normaliseLogin = (login: string) => login.normalize('NFKC').trim().toLowerCase();

/**
 * A login identifier matches a username or, of a registered member, an e-mail address, lower-cased.
 * An unverified registration logs in by its login ID only: its address may be a member's, and a
 * login by address that worked for a new address but not for a member's would tell which is which.
 */
export const matchesLogin = (login: unknown) =>
  sql`(lower(${users.username}) = ${login} or (lower(${users.email}) = ${login} and ${users.is_registered_member}))`;
/** Members who can log in with a password: live and not a guest purchase's member. */
export const canLogIn = and(isNull(users.deleted_at), not(users.is_guest));

/**
 * The channel's member whose username or e-mail is `login` (lower-cased, see matchesLogin); username
 * wins. Prepared
 * once per database: it runs on every login.
 */
const memberLookups = new WeakMap<Db, ReturnType<typeof prepareMemberLookup>>();
function prepareMemberLookup(db: Db) {
  const login = sql.placeholder('login');
  return db
    .select()
    .from(users)
    .where(and(eq(users.channel_id, sql.placeholder('channel')), canLogIn, matchesLogin(login)))
    .orderBy(desc(sql`lower(${users.username}) = ${login}`))
    .limit(1)
    .prepare('auth_find_member');
}
export async function findMember(db: Db, channelId: string, login: string): Promise<UserRow | null> {
  let lookup = memberLookups.get(db);
  if (!lookup) memberLookups.set(db, (lookup = prepareMemberLookup(db)));
  const [row] = await lookup.execute({ channel: channelId, login: login.toLowerCase() });
  return row ?? null;
}

const lockNotActive = or(isNull(users.locked_until), lte(users.locked_until, sql`now()`));

/**
 * Counts this attempt BEFORE the password is checked, in one UPDATE: refused when the account is
 * locked; an expired lock starts a fresh count; the attempt that goes past the limit locks it
 * ('newly_locked': this call set the lock). Parallel guesses serialise on the row, so at most
 * MAX_FAILED_LOGINS attempts are ever in play.
 */
async function claimAttempt(db: Db, userId: number): Promise<'go' | 'locked' | 'newly_locked'> {
  const [row] = await db
    .update(users)
    .set({
      failed_login_count: sql`case when ${users.locked_until} is not null then 1 else ${users.failed_login_count} + 1 end`,
      locked_until: sql`case when ${users.locked_until} is null and ${users.failed_login_count} + 1 > ${MAX_FAILED_LOGINS}
      then now() + make_interval(mins => ${LOCK_MINUTES}) end`,
    })
    .where(and(eq(users.id, userId), lockNotActive))
    .returning({ locked: sql<boolean>`${users.locked_until} is not null` });
  if (!row) return 'locked';
  return row.locked ? 'newly_locked' : 'go';
}

/** After a wrong password: lock the account once the failures reach the limit; true if this call locked it. */
async function lockIfExhausted(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ locked_until: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
    .where(and(eq(users.id, userId), sql`${users.failed_login_count} >= ${MAX_FAILED_LOGINS}`, isNull(users.locked_until)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** After a right password: clear the count, but only if no parallel attempt locked the account meanwhile. */
async function clearAttempts(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failed_login_count: 0, locked_until: null })
    .where(and(eq(users.id, userId), lockNotActive))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** An attempt the KDF pool refused never ran: it must not count towards the lock. */
async function uncountAttempt(db: Db, userId: number) {
  await db
    .update(users)
    .set({ failed_login_count: sql`greatest(${users.failed_login_count} - 1, 0)` })
    .where(eq(users.id, userId));
}

/**
 * The mail sent once, when an account gets locked: a link that lifts the lock at once
 * (GET /v1/auth/unlock/{token}). Older unlock links of the member stop working.
 */
async function sendUnlockMail(db: Db, env: ApiEnv, user: UserRow) {
  await db.transaction(async (tx) => {
    await revokeTokens(tx, user.id, ['unlock']);
    const token = await issueToken(tx, user.id, 'unlock', TOKEN_TTL.unlock);
    const text = unlockMail(
      { siteName: await shopName(tx, user.channel_id), name: memberName(user) },
      siteLink(env, '/login/unlock/', token.secret),
    );
    await mailMember(tx, user, 'unlock', text);
  });
}

/** Whether the member's password is older than AUTH.PASSWORD_EXPIRE_DAYS (0 or unset: never). */
export async function passwordExpired(db: Db, user: UserRow, now = new Date()): Promise<boolean> {
  const days = Number((await channelSetting(db, user.channel_id, PASSWORD_EXPIRE_SETTING)) ?? 0);
  if (!Number.isFinite(days) || days <= 0) return false;
  const since = user.password_changed_at ?? user.created_at;
  return now.getTime() - since.getTime() > days * 86_400_000;
}

/**
 * Opens a session for the member: an access + refresh pair in `family` (a new one by default), both
 * in one INSERT. `newAccount`: the member was created by this request (a guest purchase's member),
 * so its password cannot have expired and the expiry setting is not read.
 */
export async function issueSession(
  db: Db,
  env: ApiEnv,
  user: UserRow,
  family = randomToken(16),
  { newAccount = false }: { newAccount?: boolean } = {},
): Promise<Session> {
  const [[access, refresh], expired] = await Promise.all([
    issueTokens(db, user.id, [
      { kind: 'access', ttlSeconds: env.ACCESS_TOKEN_TTL, family },
      { kind: 'refresh', ttlSeconds: env.REFRESH_TOKEN_TTL, family },
    ]),
    newAccount ? false : passwordExpired(db, user),
  ]);
  return {
    body: {
      access_token: access.secret,
      expires_in: env.ACCESS_TOKEN_TTL,
      expires_at: access.expires_at.toISOString(),
      is_registered_member: user.is_registered_member,
      has_password_expired: expired,
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
  if (!hit.allowed) {
    countRefusal(key);
    throw tooManyAttempts(hit.retryAfterSeconds);
  }
}

/** Counts a refused login (shop_login_refusals_total) by its answer's code, then throws it on. */
export function countedLoginRefusal(error: unknown): never {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'auth.failed') countLoginRefusal('bad_credentials');
  else if (code === 'auth.locked') countLoginRefusal('locked');
  else if (code === 'auth.too_many_attempts') countLoginRefusal('rate_limited');
  throw error;
}

const recordLogin = (db: Db, userId: number, client: ClientInfo, succeeded: boolean) =>
  db.insert(login_histories).values({ user_id: userId, ip: client.ip, user_agent: client.userAgent, succeeded });

export type Credentials = { username: string; password: string };

/**
 * Checks the credentials and returns the member. Order: rate limits (address, then login
 * identifier), the atomic lock claim, then the password on the bounded KDF pool. Unknown names go
 * through the same steps (their failures counted in the rate-limit store), so neither the answers
 * nor the lock message tell which usernames exist. Failures are written to the login history;
 * `find` picks the member (this channel's by default).
 */
export function authenticate(
  db: Db,
  env: ApiEnv,
  channelId: string,
  creds: Credentials,
  client: ClientInfo,
  find: (login: string) => Promise<UserRow | null> = (login) => findMember(db, channelId, login),
): Promise<UserRow> {
  return checkCredentials(db, env, channelId, creds, client, find).catch(countedLoginRefusal);
}

async function checkCredentials(
  db: Db,
  env: ApiEnv,
  channelId: string,
  creds: Credentials,
  client: ClientInfo,
  find: (login: string) => Promise<UserRow | null>,
): Promise<UserRow> {
  const store = rateLimitStore(db, env);
  const pool = kdfPool({ concurrency: env.KDF_CONCURRENCY, queueMax: env.KDF_QUEUE_MAX });
  // A flood beyond the hashing bound is refused before it costs a single query.
  pool.assertRoom();
  // Without a known address (in-process calls) only the per-account limit applies.
  const limits = loginLimits(env);
  if (client.ip) await enforceLimit(store, authLimitKeys.loginAddress(client.ip), limits.loginPerAddress);
  const accountKey = authLimitKeys.loginAccount(channelId, creds.username);
  await enforceLimit(store, accountKey, limits.loginPerAccount);

  const user = await find(creds.username);
  if (!user) {
    const fails = await store.hit(authLimitKeys.unknownAccountFailures(channelId, creds.username), MAX_FAILED_LOGINS, LOCK_MINUTES * 60);
    if (!fails.allowed) throw locked();
    await verifyPassword(creds.password, DUMMY_HASH, pool); // same cost as a real check
    throw failed();
  }

  const claim = await claimAttempt(db, user.id);
  if (claim !== 'go') {
    if (claim === 'newly_locked') await sendUnlockMail(db, env, user);
    await recordLogin(db, user.id, client, false);
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
    if (await lockIfExhausted(db, user.id)) await sendUnlockMail(db, env, user);
    await recordLogin(db, user.id, client, false);
    throw failed();
  }
  if (!(await clearAttempts(db, user.id))) {
    await recordLogin(db, user.id, client, false);
    throw locked();
  }
  await store.reset(accountKey);
  return user;
}

/**
 * After the password: a member with the code step on gets a 6-digit code by mail (only its hash
 * is stored, as an `mfa` token; older codes stop working) and an answer with is_verify true and no
 * session; anyone else is logged in (a success row in the login history and a new token family).
 */
export async function completeLogin(db: Db, env: ApiEnv, user: UserRow, client: ClientInfo): Promise<Session> {
  if (!user.mfa_enabled) {
    await recordLogin(db, user.id, client, true);
    return issueSession(db, env, user);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const nonce = randomToken(16);
  await db.transaction(async (tx) => {
    await revokeTokens(tx, user.id, ['mfa']);
    // The nonce keeps hashes unique (and unguessable offline) although codes repeat across members.
    await issueToken(tx, user.id, 'mfa', TOKEN_TTL.loginCode, { secret: codeSecret(user.id, nonce, code), data: { nonce } });
    await mailMember(
      tx,
      user,
      'login_code',
      loginCodeMail({ siteName: await shopName(tx, user.channel_id), name: memberName(user) }, code),
    );
  });
  return {
    body: {
      access_token: '',
      expires_in: 0,
      expires_at: '',
      is_registered_member: user.is_registered_member,
      has_password_expired: false,
      has_mail_error_count_over: user.mail_error_count >= MAIL_ERROR_LIMIT,
      user_id: user.id,
      is_verify: true,
      verify_code: null,
    },
    refreshSecret: null,
    refreshExpiresAt: null,
  };
}

const codeSecret = (userId: number, nonce: string, code: string) => `mfa:${userId}:${nonce}:${code}`;

/** POST /v1/auth/login: the credentials, then a session or the code step. */
export async function login(db: Db, env: ApiEnv, channelId: string, creds: Credentials, client: ClientInfo): Promise<Session> {
  const user = await authenticate(db, env, channelId, creds, client);
  return completeLogin(db, env, user, client);
}

/**
 * POST /v1/auth/verify: the code mailed by the password step. Each try is counted per code before it
 * is compared, so parallel guesses get at most MAX_CODE_ATTEMPTS comparisons; the last wrong one
 * spends the code. Without a live code (no password step, expired, spent) the answer is verify_expired.
 */
export async function verifyLoginCode(
  db: Db,
  env: ApiEnv,
  channelId: string,
  input: { verify_code: string; user_id: number },
  client: ClientInfo,
): Promise<Session> {
  const store = rateLimitStore(db, env);
  if (client.ip) await enforceLimit(store, authLimitKeys.loginAddress(client.ip), loginLimits(env).loginPerAddress);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, input.user_id), eq(users.channel_id, channelId), canLogIn))
    .limit(1);
  if (!user) throw verifyExpired();
  const [token] = await db
    .select()
    .from(auth_tokens)
    .where(
      and(
        eq(auth_tokens.user_id, user.id),
        eq(auth_tokens.kind, 'mfa'),
        gt(auth_tokens.expires_at, new Date()),
        isNull(auth_tokens.used_at),
        isNull(auth_tokens.revoked_at),
      ),
    )
    .orderBy(desc(auth_tokens.id))
    .limit(1);
  if (!token) throw verifyExpired();
  const tries = await store.hit(accountLimitKeys.code(token.id), MAX_CODE_ATTEMPTS, TOKEN_TTL.loginCode);
  const spend = () => db.update(auth_tokens).set({ revoked_at: new Date() }).where(eq(auth_tokens.id, token.id));
  if (!tries.allowed) {
    await spend();
    throw verifyExpired();
  }
  const nonce = String((token.data as { nonce?: unknown } | null)?.nonce ?? '');
  const given = Buffer.from(hashToken(codeSecret(user.id, nonce, input.verify_code)));
  if (!timingSafeEqual(given, Buffer.from(token.token_hash))) {
    if (tries.count >= MAX_CODE_ATTEMPTS) await spend();
    await recordLogin(db, user.id, client, false);
    throw verifyFailed();
  }
  const claimed = await db
    .update(auth_tokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(auth_tokens.id, token.id),
        isNull(auth_tokens.used_at),
        isNull(auth_tokens.revoked_at),
        gt(auth_tokens.expires_at, new Date()),
      ),
    )
    .returning({ id: auth_tokens.id });
  if (!claimed.length) throw verifyExpired();
  if (user.locked_until && user.locked_until > new Date()) throw locked();
  await recordLogin(db, user.id, client, true);
  return issueSession(db, env, user);
}

/** Whether an error (or what it wraps) is a unique violation (SQLSTATE 23505); returns its constraint name. */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, n = 0;
    e && n < 10;
    e = e.cause as typeof e, n++
  ) {
    if (e.code === '23505')
      return { constraint: typeof e.constraint === 'string' ? e.constraint : String((e as { message?: unknown }).message ?? '') };
  }
  return null;
}

/** GET /v1/auth/unlock/{token}: spends the mailed link and lifts the lock and the failure count. */
export async function unlockAccount(db: Db, env: ApiEnv, channelId: string, secret: string): Promise<{ message: string }> {
  const user = await db.transaction(async (tx) => {
    const token = await spendToken(tx, secret, 'unlock', channelId);
    if (!token) throw unprocessable(UNLOCK_INVALID_MESSAGE, 'auth.unlock_invalid');
    const [row] = await tx
      .update(users)
      .set({ locked_until: null, failed_login_count: 0, updated_at: new Date() })
      .where(eq(users.id, token.user_id))
      .returning();
    return row;
  });
  // The per-login window would still refuse the member for a few minutes after a burst of tries.
  const store = rateLimitStore(db, env);
  for (const login of [user.username, user.email]) if (login) await store.reset(authLimitKeys.loginAccount(channelId, login));
  return { message: UNLOCKED_MESSAGE };
}

async function revokeFamily(db: Db, family: string) {
  await db
    .update(auth_tokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(auth_tokens.family, family), isNull(auth_tokens.revoked_at)));
}

/**
 * Rotates a refresh token (within the per-address cap): marks it used and issues a new access + refresh pair in the same family.
 * A token that was already used is a replay: the family is revoked and the caller gets 401.
 */
export async function refresh(db: Db, env: ApiEnv, channelId: string, secret: string | undefined, ip: string | null): Promise<Session> {
  if (ip) await enforceLimit(rateLimitStore(db, env), authLimitKeys.refreshAddress(ip), AUTH_LIMITS.refreshPerAddress);
  if (!secret) throw unauthenticated();
  const [token] = await db
    .select()
    .from(auth_tokens)
    .where(and(eq(auth_tokens.token_hash, hashToken(secret)), eq(auth_tokens.kind, 'refresh')))
    .limit(1);
  if (!token || token.revoked_at || token.expires_at <= new Date()) throw unauthenticated();
  // The conditional update is the single winner of a race between two uses of the same token.
  const claimed = await db
    .update(auth_tokens)
    .set({ used_at: new Date() })
    .where(and(eq(auth_tokens.id, token.id), isNull(auth_tokens.used_at), isNull(auth_tokens.revoked_at)))
    .returning({ id: auth_tokens.id });
  if (!claimed.length) {
    if (token.family) await revokeFamily(db, token.family);
    throw unauthenticated();
  }
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, token.user_id), eq(users.channel_id, channelId), isNull(users.deleted_at)))
    .limit(1);
  if (!user) throw unauthenticated();
  return issueSession(db, env, user, token.family ?? randomToken(16));
}

/** Revokes the access token in use and the family of the presented refresh token. */
export async function logout(db: Db, accessTokenId: number | null, refreshSecret: string | undefined) {
  const families = new Set<string>();
  if (accessTokenId != null) {
    const [row] = await db
      .update(auth_tokens)
      .set({ revoked_at: new Date() })
      .where(eq(auth_tokens.id, accessTokenId))
      .returning({ family: auth_tokens.family });
    if (row?.family) families.add(row.family);
  }
  if (refreshSecret) {
    const [row] = await db
      .select({ family: auth_tokens.family })
      .from(auth_tokens)
      .where(and(eq(auth_tokens.token_hash, hashToken(refreshSecret)), eq(auth_tokens.kind, 'refresh')))
      .limit(1);
    if (row?.family) families.add(row.family);
  }
  for (const f of families) await revokeFamily(db, f);
}
