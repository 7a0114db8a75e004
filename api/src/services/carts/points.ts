/**
 * Points in the cart (PATCH /v1/carts/point): the member chooses how many whole points to use
 * (1 point = 1 yen), at most the balance and at most what the order costs. Nothing moves here:
 * the balance and the history change only at the decision (services/orders/benefits.ts).
 */
import { eq } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { carts, users } from '../../db/schema/index.ts';
import { unauthenticated, unprocessable } from '../../lib/errors.ts';
import type { CartRow } from './types.ts';

const n = (v: number) => v.toLocaleString('ja-JP');

export const pointMessages = {
  overBalance: (balance: number) => `ご利用ポイントは保有ポイント（${n(balance)}ポイント）以内で入力してください`,
  overTotal: (total: number) => `ご利用ポイントはお支払い合計（${n(total)}円）以内で入力してください`,
} as const;

const pointError = (message: string, code: string) => unprocessable(message, code, { use_point: [message] });

/** Sets the points to use; `payable` is what the order costs before points (tax included). */
export async function setUsePoint(tx: Tx, cart: CartRow, user: UserRow | null, usePoint: number, payable: number) {
  if (!user) throw unauthenticated();
  const [member] = await tx.select({ balance: users.point_balance }).from(users).where(eq(users.id, user.id)).limit(1);
  const balance = member?.balance ?? 0;
  if (usePoint > balance) throw pointError(pointMessages.overBalance(balance), 'cart.point.over_balance');
  if (usePoint > payable) throw pointError(pointMessages.overTotal(payable), 'cart.point.over_total');
  await tx.update(carts).set({ use_point: usePoint }).where(eq(carts.id, cart.id));
}
