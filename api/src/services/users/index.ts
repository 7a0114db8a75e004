/** The signed-in member's own account: the wire User, updating it, changing the password. */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { labels } from '#contracts/labels.ts';
import { messages } from '#contracts/messages.ts';
import type { PasswordChangeRequest, User, UserUpdateRequest } from '#contracts/user.ts';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auth_tokens, users } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { unprocessable, validationFailed } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../passwords/index.ts';
import { countRefusal, RetryLaterError, rateLimitStore } from '../rate-limit/index.ts';
import { assertFree, mapTaken } from './duplicates.ts';
import { poolOf } from './register.ts';

/** The wire User: an explicit whitelist, so a new secret column can never leak by accident. */
export function serializeUser(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    last_name: u.last_name,
    first_name: u.first_name,
    last_name_kana: u.last_name_kana,
    first_name_kana: u.first_name_kana,
    school: u.school,
    phone_number: u.phone_number,
    cell_phone_number: u.cell_phone_number,
    contact_phone_number: u.contact_phone_number,
    fax: u.fax,
    job: u.job,
    gender: u.gender,
    birthday: u.birthday,
    newsletter: u.newsletter,
    is_registered_member: u.is_registered_member,
    security_question_ct: u.security_question_ct,
    created_at: u.created_at.toISOString(),
  };
}

/**
 * PUT /v1/me/user: replaces the member's fields (not the username). A member's e-mail must be free
 * among the channel's live members; a guest purchase's member may use any address (even a member's).
 */
export async function updateMe(db: Db, env: ApiEnv, me: UserRow, input: UserUpdateRequest): Promise<User> {
  const { password, ...fields } = input;
  if (!me.is_guest) {
    const errors: Record<string, string[]> = {};
    if (!password) errors.password = [messages.required(labels.password)];
    if (!fields.phone_number && !fields.cell_phone_number) {
      errors.phone_number = [messages.requiredWithoutAll()];
      errors.cell_phone_number = [messages.requiredWithoutAll()];
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
    await checkCurrentPassword(db, env, me, password!, 'password');
    await assertFree(db, me.channel_id, { email: fields.email }, me.id);
  }
  const [row] = await mapTaken(() =>
    db
      .update(users)
      .set({ ...fields, updated_at: new Date() })
      .where(eq(users.id, me.id))
      .returning(),
  );
  return serializeUser(row);
}

/**
 * The member's current password, checked at most PASSWORD_CHECK_LIMIT times per window (each costs a
 * scrypt, and a stolen access token must not become a way to guess it): 429 beyond, 422 on `field`
 * when wrong.
 */
async function checkCurrentPassword(db: Db, env: ApiEnv, me: UserRow, given: string, field: string): Promise<void> {
  const hit = await rateLimitStore(db, env).hit(`password:check:${me.id}`, PASSWORD_CHECK_LIMIT, PASSWORD_CHECK_WINDOW_SECONDS);
  if (!hit.allowed) {
    countRefusal('password:check');
    throw new RetryLaterError(
      429,
      'パスワードの確認回数が多すぎます。しばらく時間をおいてから再度お試しください。',
      'user.password.too_many_attempts',
      hit.retryAfterSeconds,
    );
  }
  if (!(await verifyPassword(given, me.password_hash, poolOf(env)))) {
    throw unprocessable('入力内容に誤りがあります。', 'user.password.mismatch', { [field]: ['現在のパスワードが正しくありません。'] });
  }
}

/** Current-password checks a member may make in PASSWORD_CHECK_WINDOW_SECONDS (each costs a scrypt). */
export const PASSWORD_CHECK_LIMIT = 10;
export const PASSWORD_CHECK_WINDOW_SECONDS = 300;

/**
 * PUT /v1/me/password: changes the password after checking the current one and sets
 * password_changed_at. Every other session (and any mailed link or code) ends; the current one
 * (its token family, `tokenId`) stays signed in. The checks are rate-limited per member, so a
 * stolen access token cannot be used to guess the password (and to keep the hashing workers busy).
 */
export async function changePassword(
  db: Db,
  env: ApiEnv,
  me: UserRow,
  tokenId: number,
  { current_password, password }: PasswordChangeRequest,
): Promise<void> {
  await checkCurrentPassword(db, env, me, current_password, 'current_password');
  await db
    .update(users)
    .set({ password_hash: await hashPassword(password, poolOf(env)), password_changed_at: new Date(), updated_at: new Date() })
    .where(eq(users.id, me.id));
  const [current] = await db.select({ family: auth_tokens.family }).from(auth_tokens).where(eq(auth_tokens.id, tokenId));
  await db
    .update(auth_tokens)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(auth_tokens.user_id, me.id),
        isNull(auth_tokens.revoked_at),
        ne(auth_tokens.id, tokenId),
        current?.family ? sql`${auth_tokens.family} is distinct from ${current.family}` : undefined,
      ),
    );
}
