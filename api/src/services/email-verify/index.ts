/** First-login e-mail verification: the link is re-sent on request; opening it registers the member. */
import { and, eq, isNull } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { unprocessable } from '../../lib/errors.ts';
import { ACCOUNT_LIMITS, accountLimitKeys, enforce } from '../account/common.ts';
import { issueSession, type Session, uniqueViolation } from '../auth/index.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { findLiveToken, spendToken } from '../tokens/index.ts';
import { dropUnverified, lockAddress } from '../users/duplicates.ts';
import { sendVerifyMail } from '../users/register.ts';

export const VERIFY_MAIL_SENT_MESSAGE = '確認メールを送信しました。メールに記載のリンクを開いて、メールアドレスの確認を完了してください。';
export const VERIFY_INVALID_MESSAGE =
  'メールアドレス確認のリンクが無効か、有効期限が切れています。ログインして確認メールを再送してください。';

/** POST /v1/email-verify/request: a new link for the signed-in unregistered member (rate-limited per member). */
export async function requestVerifyMail(db: Db, env: ApiEnv, user: UserRow): Promise<{ message: string }> {
  if (user.is_registered_member || user.is_guest || !user.email) {
    throw unprocessable('メールアドレスの確認は必要ありません。', 'email_verify.not_required');
  }
  await enforce(rateLimitStore(db, env), accountLimitKeys.verifyMail(user.id), ACCOUNT_LIMITS.verifyMailPerMember);
  await db.transaction((tx) => sendVerifyMail(tx, env, user));
  return { message: VERIFY_MAIL_SENT_MESSAGE };
}

/**
 * POST /v1/email-verify/check: spends the link, registers the member and opens a session. The
 * address then belongs to this member: other unverified registrations of it are erased. A link of
 * an address another member has registered meanwhile is void.
 */
export async function checkVerifyToken(db: Db, env: ApiEnv, channelId: string, secret: string): Promise<Session> {
  const invalid = () => unprocessable(VERIFY_INVALID_MESSAGE, 'email_verify.invalid');
  const verified = () =>
    db.transaction(async (tx) => {
      const live = await findLiveToken(tx, secret, 'email_verify', channelId);
      if (!live) throw invalid();
      const mailedTo = String((live.data as { email?: unknown } | null)?.email ?? '');
      // The address's registrations are locked before any token is touched: erasing a stale one
      // revokes its links, so two links of one address opened at once take turns instead of deadlocking.
      const holders = await lockAddress(tx, channelId, mailedTo);
      const token = await spendToken(tx, secret, 'email_verify', channelId);
      if (!token) throw invalid();
      if (holders.some((h) => h.is_registered_member && h.id !== token.user_id)) throw invalid();
      const [row] = await tx
        .update(users)
        .set({ is_registered_member: true, email_verified_at: new Date(), updated_at: new Date() })
        .where(and(eq(users.id, token.user_id), isNull(users.deleted_at)))
        .returning();
      // Rolls the spend back too: the link stays void either way.
      if (!row || row.email.toLowerCase() !== mailedTo) throw invalid();
      await dropUnverified(tx, channelId, mailedTo, row.id);
      return row;
    });
  let user: UserRow;
  try {
    user = await verified();
  } catch (error) {
    // The address was registered by another member at the same moment (users_channel_email_uq).
    if (uniqueViolation(error)) throw invalid();
    throw error;
  }
  return issueSession(db, env, user);
}
