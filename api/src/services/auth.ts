/**
 * Member login, refresh-token rotation and logout. Access and refresh tokens of one login share a
 * `family`: reusing a rotated refresh token (a sign it was stolen) revokes the whole family,
 * including the access tokens issued with it.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ApiEnv } from '../env.ts';
import type { UserRow } from '../context.ts';
import { auth_tokens, login_histories, users } from '../db/schema.ts';
import { unauthenticated, unprocessable } from '../lib/errors.ts';
import type { LoginResponse } from '#contracts/auth.ts';
import { dummyHash, verifyPassword } from './password.ts';
import { hashToken, issueToken, randomToken } from './tokens.ts';

/** Failed logins in a row before the account is locked, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** Bounced e-mails after which the storefront asks the member to check the address. */
const MAIL_ERROR_LIMIT = 3;

export const LOGIN_FAILED_MESSAGE = 'ログインIDまたはパスワードが正しくありません。';
export const LOCKED_MESSAGE = 'ログインに続けて失敗したため、アカウントを一時的にロックしました。しばらく時間をおいてから再度お試しください。';

export interface ClientInfo { ip: string | null; userAgent: string | null }

/** The issued pair: body for the client plus the refresh secret for the cookie. */
export interface Session { body: LoginResponse; refreshSecret: string; refreshExpiresAt: Date }

/** Finds the channel's member whose username or e-mail is `login` (case-insensitive); username wins. */
async function findMember(db: Db, channelId: string, login: string): Promise<UserRow | null> {
  const l = login.toLowerCase();
  const [row] = await db.select().from(users).where(and(
    eq(users.channel_id, channelId), isNull(users.deleted_at),
    sql`(lower(${users.username}) = ${l} or lower(${users.email}) = ${l})`,
  )).orderBy(desc(sql`lower(${users.username}) = ${l}`)).limit(1);
  return row ?? null;
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

/** Checks the credentials, records the attempt, and opens a new token family. */
export async function login(db: Db, env: ApiEnv, channelId: string, creds: { username: string; password: string }, client: ClientInfo): Promise<Session> {
  const user = await findMember(db, channelId, creds.username);
  // Unknown users still cost one scrypt so the answer time does not tell which usernames exist.
  const ok = await verifyPassword(creds.password, user?.password_hash ?? await dummyHash());
  if (!user) throw unprocessable(LOGIN_FAILED_MESSAGE, 'auth.failed');

  const now = new Date();
  if (user.locked_until && user.locked_until > now) {
    await db.insert(login_histories).values({ user_id: user.id, ip: client.ip, user_agent: client.userAgent, succeeded: false });
    throw unprocessable(LOCKED_MESSAGE, 'auth.locked');
  }
  if (!ok) {
    // Counted in SQL so parallel attempts cannot undercount.
    const [row] = await db.update(users).set({ failed_login_count: sql`${users.failed_login_count} + 1` })
      .where(eq(users.id, user.id)).returning({ n: users.failed_login_count });
    if (row.n >= MAX_FAILED_LOGINS) {
      await db.update(users).set({ failed_login_count: 0, locked_until: new Date(now.getTime() + LOCK_MINUTES * 60_000) })
        .where(eq(users.id, user.id));
    }
    await db.insert(login_histories).values({ user_id: user.id, ip: client.ip, user_agent: client.userAgent, succeeded: false });
    throw unprocessable(LOGIN_FAILED_MESSAGE, 'auth.failed');
  }
  await db.update(users).set({ failed_login_count: 0, locked_until: null }).where(eq(users.id, user.id));
  await db.insert(login_histories).values({ user_id: user.id, ip: client.ip, user_agent: client.userAgent, succeeded: true });
  return issueSession(db, env, user, randomToken(16));
}

async function revokeFamily(db: Db, family: string) {
  await db.update(auth_tokens).set({ revoked_at: new Date() }).where(and(eq(auth_tokens.family, family), isNull(auth_tokens.revoked_at)));
}

/**
 * Rotates a refresh token: marks it used and issues a new access + refresh pair in the same family.
 * A token that was already used is a replay: the family is revoked and the caller gets 401.
 */
export async function refresh(db: Db, env: ApiEnv, channelId: string, secret: string | undefined): Promise<Session> {
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
