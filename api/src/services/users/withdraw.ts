/** DELETE /v1/me/user: withdrawal, after the password: the member is erased (erase.ts) in one transaction. */

import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { unprocessable, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { ACCOUNT_LIMITS, accountLimitKeys, enforce } from '../account/common.ts';
import { verifyPassword } from '../passwords/index.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { eraseMember } from './erase.ts';
import { poolOf } from './register.ts';

export const WITHDRAW_PASSWORD_MESSAGE = 'パスワードが正しくありません';

export async function withdrawMember(db: Db, env: ApiEnv, me: UserRow, password: string): Promise<void> {
  await enforce(
    rateLimitStore(db, env),
    accountLimitKeys.withdraw(me.id),
    ACCOUNT_LIMITS.withdrawPerMember,
    'user.password.too_many_attempts',
    'パスワードの確認回数が多すぎます。しばらく時間をおいてから再度お試しください。',
  );
  if (!(await verifyPassword(password, me.password_hash, poolOf(env)))) {
    throw unprocessable(VALIDATION_MESSAGE, 'user.password.mismatch', { password: [WITHDRAW_PASSWORD_MESSAGE] });
  }
  await db.transaction((tx) => eraseMember(tx, me.id));
}
