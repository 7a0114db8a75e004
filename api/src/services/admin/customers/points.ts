/**
 * POST /admin/v1/customers/{id}/points: a staff member's manual point adjustment. One transaction:
 * the member's row locked, the form's one-time key looked up (a key already used answers the first
 * result and changes nothing), the balance moved by a guarded UPDATE (never below 0, so an
 * adjustment racing an order's point use cannot overdraw), a granted ledger row 「ポイント調整（理由）」
 * (a positive one a lot with the usual year of validity, a negative one drawn from the lots that
 * expire first, as a use is), and the audit entry with the balance before and after.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { PointAdjustRequest, PointAdjustResult } from '#contracts/admin-customers.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { point_histories, staff_audit_log, users } from '../../../db/schema/index.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import { POINT_REASONS, pointExpiryFrom } from '../../points/ledger.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { customerOf } from './common.ts';

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The ledger line the member reads. */
export const adjustmentReason = (reason: string) => `${POINT_REASONS.adjusted}（${reason}）`;

const doneMessage = (amount: number, after: number) =>
  `${grouped(Math.abs(amount))} ポイントを${amount > 0 ? '加算' : '減算'}しました（保有 ${grouped(after)} ポイント）。`;

/** The answer a used key gives again: the first adjustment as its audit entry recorded it. */
async function firstResult(tx: Tx, userId: number, row: { id: number; amount: number; reason: string }): Promise<PointAdjustResult> {
  const [entry] = await tx
    .select({ before: staff_audit_log.before, after: staff_audit_log.after })
    .from(staff_audit_log)
    .where(
      and(
        eq(staff_audit_log.action, 'customer.point_adjust'),
        eq(staff_audit_log.target_type, 'customer'),
        eq(staff_audit_log.target_id, String(userId)),
        sql`${staff_audit_log.after}->>'point_history_id' = ${String(row.id)}`,
      ),
    )
    .limit(1);
  const before = Number((entry?.before as { point_balance?: number } | null)?.point_balance ?? 0);
  const after = Number((entry?.after as { point_balance?: number } | null)?.point_balance ?? before + row.amount);
  return {
    point_history_id: row.id,
    amount: row.amount,
    reason: row.reason,
    balance_before: before,
    balance_after: after,
    repeated: true,
    message: doneMessage(row.amount, after),
  };
}

export async function adjustPoints(
  db: Db,
  channelId: string,
  userId: number,
  input: PointAdjustRequest,
  actor: Actor,
  now = new Date(),
): Promise<PointAdjustResult> {
  return db.transaction(async (tx) => {
    const member = await customerOf(tx, channelId, userId, { lock: true });
    const [used] = await tx
      .select({ id: point_histories.id, user_id: point_histories.user_id, amount: point_histories.amount, reason: point_histories.reason })
      .from(point_histories)
      .where(eq(point_histories.request_key, input.request_key))
      .limit(1);
    if (used) {
      if (used.user_id !== member.id)
        throw new ApiError(409, 'この操作キーは別の会員の調整に使われています。画面を開き直してください。', {
          code: 'customer.request_key_used',
        });
      return firstResult(tx, member.id, used);
    }
    if (member.deleted_at || member.is_guest) {
      throw unprocessable('退会済みの会員やゲスト購入のお客様のポイントは調整できません。', 'customer.not_member');
    }
    const before = member.point_balance;
    const moved = await tx
      .update(users)
      .set({ point_balance: sql`${users.point_balance} + ${input.amount}`, updated_at: now })
      .where(and(eq(users.id, member.id), gte(sql`${users.point_balance} + ${input.amount}`, 0)))
      .returning({ balance: users.point_balance });
    if (!moved.length) {
      const message = `保有ポイントを超えて減算できません（保有 ${grouped(before)} ポイント）`;
      throw unprocessable(message, 'customer.point.insufficient', { amount: [message] });
    }
    const after = moved[0].balance;
    const reason = adjustmentReason(input.reason);
    const [row] = await tx
      .insert(point_histories)
      .values({
        user_id: member.id,
        amount: input.amount,
        reason,
        status: 'granted',
        request_key: input.request_key,
        created_at: now,
        expires_at: input.amount > 0 ? pointExpiryFrom(now) : null,
      })
      .returning({ id: point_histories.id });
    await recordAudit(tx, actor, {
      action: 'customer.point_adjust',
      targetType: 'customer',
      targetId: member.id,
      before: { point_balance: before },
      after: { point_balance: after, amount: input.amount, reason, point_history_id: row.id, request_key: input.request_key },
    });
    return {
      point_history_id: row.id,
      amount: input.amount,
      reason,
      balance_before: before,
      balance_after: after,
      repeated: false,
      message: doneMessage(input.amount, after),
    };
  });
}
