/**
 * The guest purchase's member (GET /v1/users/dummy): an unregistered, password-less member that
 * fills its details through PUT /v1/me/user and checks out like anyone signed in; POST /v1/me/convert
 * turns it into a registered member afterwards.
 */
import { eq } from 'drizzle-orm';
import type { ChannelRow, UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { unprocessable, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { ACCOUNT_LIMITS, accountLimitKeys, enforce } from '../account/common.ts';
import { type ClientInfo, issueSession, type Session } from '../auth/index.ts';
import { hashAnswer, hashPassword, unusablePasswordHash } from '../passwords/index.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { randomToken } from '../tokens/index.ts';
import { assertFree, mapTaken } from './duplicates.ts';
import { poolOf, sendWelcomeMail } from './register.ts';

/** GET /v1/users/dummy: a new guest member, logged in (rate-limited per client address). */
export async function createDummyUser(db: Db, env: ApiEnv, channel: ChannelRow, client: ClientInfo): Promise<Session> {
  if (client.ip) await enforce(rateLimitStore(db, env), accountLimitKeys.dummy(client.ip), ACCOUNT_LIMITS.dummyPerAddress);
  const [user] = await db
    .insert(users)
    .values({
      channel_id: channel.id,
      username: `guest-${randomToken(12)}`,
      email: '',
      password_hash: unusablePasswordHash(),
      is_guest: true,
      is_registered_member: false,
    })
    .returning();
  return issueSession(db, env, user, undefined, { newAccount: true });
}

export interface ConvertInput {
  username: string;
  password: string;
  security_question_ct: number;
  security_answer: string;
}

/**
 * POST /v1/me/convert: the guest keeps the details it gave and becomes a registered member with a
 * login ID, password and security question. The e-mail must be set and free among members.
 */
export async function convertGuest(db: Db, env: ApiEnv, me: UserRow, input: ConvertInput): Promise<Session> {
  if (!me.is_guest) throw unprocessable('既に会員登録が完了しています。', 'user.not_guest');
  if (!me.email) throw unprocessable(VALIDATION_MESSAGE, 'common.validation', { email: ['メールアドレスは必須項目です'] });
  await assertFree(db, me.channel_id, { username: input.username, email: me.email }, me.id);
  const pool = poolOf(env);
  const [password_hash, security_answer_hash] = await Promise.all([
    hashPassword(input.password, pool),
    hashAnswer(input.security_answer, pool),
  ]);
  const user = await mapTaken(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          username: input.username,
          password_hash,
          security_question_ct: input.security_question_ct,
          security_answer_hash,
          is_guest: false,
          is_registered_member: true,
          password_changed_at: new Date(),
          updated_at: new Date(),
        })
        .where(eq(users.id, me.id))
        .returning();
      await sendWelcomeMail(tx, env, row);
      return row;
    }),
  );
  return issueSession(db, env, user);
}
