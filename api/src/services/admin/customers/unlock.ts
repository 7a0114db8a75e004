/**
 * POST /admin/v1/customers/{id}/unlock: a staff member lifts a member's login lock (the one five
 * wrong passwords in a row set, services/auth/index.ts) as the mailed unlock link would: the failure
 * count back to 0, no lock, the mailed link spent, the per-login rate-limit window cleared, with the
 * audit entry. Idempotent: an account that is not locked stays as it is, and no entry is written.
 */
import { eq } from 'drizzle-orm';
import type { UnlockResult } from '#contracts/admin-customers.ts';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import type { ApiEnv } from '../../../env.ts';
import { authLimitKeys } from '../../auth/index.ts';
import { rateLimitStore } from '../../rate-limit/index.ts';
import { revokeTokens } from '../../tokens/index.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { customerOf } from './common.ts';

export const UNLOCKED = 'ロックを解除しました。会員はすぐにログインできます。';
export const NOT_LOCKED = 'この会員はロックされていません。';

export async function unlockCustomer(
  db: Db,
  env: ApiEnv,
  channelId: string,
  userId: number,
  actor: Actor,
  now = new Date(),
): Promise<UnlockResult> {
  const member = await db.transaction(async (tx) => {
    const u = await customerOf(tx, channelId, userId, { lock: true });
    const changed = u.locked_until != null || u.failed_login_count > 0;
    if (changed) {
      await tx.update(users).set({ failed_login_count: 0, locked_until: null, updated_at: now }).where(eq(users.id, u.id));
      await revokeTokens(tx, u.id, ['unlock']);
      await recordAudit(tx, actor, {
        action: 'customer.unlock',
        targetType: 'customer',
        targetId: u.id,
        before: { failed_login_count: u.failed_login_count, locked_until: u.locked_until },
        after: { failed_login_count: 0, locked_until: null },
      });
    }
    return { ...u, changed };
  });
  // Without this the per-login window would still refuse the member for a few minutes after the tries that locked it.
  if (member.changed) {
    const store = rateLimitStore(db, env);
    for (const login of [member.username, member.email]) if (login) await store.reset(authLimitKeys.loginAccount(channelId, login));
  }
  return { id: member.id, changed: member.changed, message: member.changed ? UNLOCKED : NOT_LOCKED };
}
