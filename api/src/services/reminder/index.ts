/**
 * Password and login-ID reminders: a mailed link (reminder token, type in its data), the security
 * question, and the reset that logs the member in. The request answers alike, and in about the same
 * time, whether or not the address belongs to a member.
 */
import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { SECURITY_QUESTIONS, type SecurityQuestionCode, TOKEN_TTL } from '#contracts/account.ts';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { auth_tokens, users } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { unprocessable, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { ACCOUNT_LIMITS, accountLimitKeys, enforce, mailMember, memberName, padTo, shopName, siteLink } from '../account/common.ts';
import { reminderPasswordMail, reminderUsernameMail } from '../account/mails.ts';
import { authLimitKeys, type ClientInfo, issueSession, type Session } from '../auth/index.ts';
import { hashPassword, verifyAnswer } from '../passwords/index.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { findLiveToken, issueToken, revokeTokens, spendToken } from '../tokens/index.ts';
import { poolOf } from '../users/register.ts';

export type ReminderType = 'password' | 'username';

export const REMINDER_SENT_MESSAGES: Record<ReminderType, string> = {
  password: 'ご入力のメールアドレスが会員として登録されている場合、パスワード再設定のご案内をお送りしました。メールをご確認ください。',
  username: 'ご入力のメールアドレスが会員として登録されている場合、ログインIDのご案内をお送りしました。メールをご確認ください。',
};
export const REMINDER_INVALID_MESSAGE = 'このリンクは無効か、有効期限が切れています。もう一度お手続きください。';
export const ANSWER_MISMATCH_MESSAGE = '秘密の質問の答えが正しくありません';

/** Both branches of the request take at least this long, so the answer time tells nothing. */
const REQUEST_MIN_MS = 250;

const LINK_PATHS: Record<ReminderType, string> = { password: '/reminder/reset/', username: '/reminder/username/reset/' };

const invalid = () => unprocessable(REMINDER_INVALID_MESSAGE, 'reminder.invalid');
/** The token's reminder type must be the one asked for: a login-ID link never resets a password. */
const ofType = (type: ReminderType) => sql`${auth_tokens.data}->>'type' = ${type}`;

/** POST /v1/reminder/request: mails the link to a live registered member; the same answer for anyone else. */
export async function requestReminder(
  db: Db,
  env: ApiEnv,
  channelId: string,
  input: { email: string; type: ReminderType },
  client: ClientInfo,
): Promise<{ message: string }> {
  const start = performance.now();
  const store = rateLimitStore(db, env);
  if (client.ip) await enforce(store, accountLimitKeys.reminderAddress(client.ip), ACCOUNT_LIMITS.reminderPerAddress);
  await enforce(store, accountLimitKeys.reminderEmail(channelId, input.email), ACCOUNT_LIMITS.reminderPerEmail);
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.channel_id, channelId),
        isNull(users.deleted_at),
        not(users.is_guest),
        eq(users.is_registered_member, true),
        sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (user) {
    await db.transaction(async (tx) => {
      await revokeTokens(tx, user.id, ['reminder']);
      const token = await issueToken(tx, user.id, 'reminder', TOKEN_TTL.reminder, { data: { type: input.type } });
      const addressee = { siteName: await shopName(tx, channelId), name: memberName(user) };
      const url = siteLink(env, LINK_PATHS[input.type], token.secret);
      const text = input.type === 'password' ? reminderPasswordMail(addressee, url) : reminderUsernameMail(addressee, url);
      await mailMember(tx, user, `reminder_${input.type}`, text);
    });
  }
  await padTo(start, REQUEST_MIN_MS);
  return { message: REMINDER_SENT_MESSAGES[input.type] };
}

async function memberOfToken(db: Db, channelId: string, secret: string, type: ReminderType): Promise<{ tokenId: number; user: UserRow }> {
  const token = await findLiveToken(db, secret, 'reminder', channelId);
  if (!token || (token.data as { type?: unknown } | null)?.type !== type) throw invalid();
  const [user] = await db.select().from(users).where(eq(users.id, token.user_id)).limit(1);
  if (!user) throw invalid();
  return { tokenId: token.id, user };
}

/** POST /v1/reminder/check: the member's security question (null when none is set). */
export async function checkReminder(db: Db, channelId: string, input: { token: string; type: ReminderType }) {
  const { user } = await memberOfToken(db, channelId, input.token, input.type);
  const code = user.security_question_ct as SecurityQuestionCode | null;
  return code && SECURITY_QUESTIONS[code]
    ? { question_ct: code, question: SECURITY_QUESTIONS[code] }
    : { question_ct: null, question: null };
}

export interface ReminderResetInput {
  token: string;
  type: ReminderType;
  security_answer?: string;
  password?: string;
}

/**
 * POST /v1/reminder/reset. The answer is checked first (each wrong one counted per member: past the
 * limit the reset answers 429 for the window); the token is spent in the same transaction that sets
 * the new password, ends every other session and lifts a lock. Then the member is logged in.
 */
export async function resetByReminder(
  db: Db,
  env: ApiEnv,
  channelId: string,
  input: ReminderResetInput,
): Promise<Session & { username: string }> {
  const { user } = await memberOfToken(db, channelId, input.token, input.type);
  const store = rateLimitStore(db, env);
  const pool = poolOf(env);
  if (user.security_answer_hash) {
    const answer = input.security_answer ?? '';
    if (!answer.trim())
      throw unprocessable(VALIDATION_MESSAGE, 'common.validation', { security_answer: ['秘密の質問の答えは必須項目です'] });
    // Counted before the check, so parallel guesses get at most the limit's worth of comparisons.
    await enforce(
      store,
      accountLimitKeys.answer(user.id),
      ACCOUNT_LIMITS.answerPerMember,
      'reminder.too_many_attempts',
      '秘密の質問の回答に続けて失敗しました。しばらく時間をおいてから再度お試しください。',
    );
    if (!(await verifyAnswer(answer, user.security_answer_hash, pool))) {
      throw unprocessable(VALIDATION_MESSAGE, 'reminder.answer_mismatch', { security_answer: [ANSWER_MISMATCH_MESSAGE] });
    }
  }
  const newHash = input.type === 'password' && input.password ? await hashPassword(input.password, pool) : null;
  const member = await db.transaction(async (tx) => {
    const spent = await spendToken(tx, input.token, 'reminder', channelId, ofType(input.type));
    if (!spent || spent.user_id !== user.id) throw invalid();
    if (!newHash) return user;
    const [row] = await tx
      .update(users)
      .set({
        password_hash: newHash,
        password_changed_at: new Date(),
        failed_login_count: 0,
        locked_until: null,
        updated_at: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    // Whoever knew the old password is signed out everywhere; old links and codes die with it.
    await revokeTokens(tx, user.id);
    return row;
  });
  if (user.security_answer_hash) await store.reset(accountLimitKeys.answer(user.id));
  if (newHash)
    for (const login of [member.username, member.email]) if (login) await store.reset(authLimitKeys.loginAccount(channelId, login));
  const session = await issueSession(db, env, member);
  return { ...session, username: member.username };
}
