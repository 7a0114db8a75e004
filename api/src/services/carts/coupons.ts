/**
 * Coupons in the cart (PATCH /v1/carts/coupons/add|delete). A coupon is an amount or a percent off
 * the goods (tax included; a percent capped at max_discount, floored to the yen), with a channel,
 * a period, a minimum order (goods incl. tax, before the coupon), a use limit over all members
 * and one use per member. `is_member_only` coupons are handed out: only a member holding a
 * user_coupons grant may use them; the others are open to everyone (a guest's use is checked again
 * once the member is known, at login and at the decision).
 *
 * One coupon per order: adding a second code is refused (the shopper removes the first), so the
 * discount the shopper saw is never changed by an order of application. A coupon that stops
 * qualifying (lines removed below its minimum, its period over, used meanwhile) stays listed with a
 * notice and gives 0; the decision refuses an order carrying one (services/orders/benefits.ts),
 * since dropping it silently would charge more than the confirmation screen showed.
 */
import { and, eq } from 'drizzle-orm';
import type { CartCoupon } from '#contracts/cart.ts';
import type { UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { carts, coupons, user_coupons } from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import { priceWithTax } from '../tax/index.ts';
import { mailboxUsedCoupon } from './coupon-mailbox.ts';
import { cartLinesQuery } from './queries.ts';
import type { CartRow } from './types.ts';

type Conn = Db | Tx;
export type CouponRow = typeof coupons.$inferSelect;

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** The coupon messages, each naming the coupon (shown on the クーポンコード field). */
export const couponMessages = {
  invalid: 'クーポンコードが正しくありません',
  period: 'このクーポンはご利用期間外です',
  minTotal: (min: number) => `このクーポンは${yen(min)}以上のご注文でご利用いただけます`,
  used: 'このクーポンはすでにご利用済みです',
  mailboxUsed: 'このクーポンはご入力のメールアドレスですでにご利用済みです',
  limit: 'このクーポンは利用上限枚数に達したため、ご利用いただけません',
  login: 'このクーポンは会員様限定です。ログインしてからご利用ください',
  onlyOne: 'クーポンは1回のご注文につき1枚までご利用いただけます。ご利用中のクーポンを解除してから入力してください',
  notInCart: 'このクーポンはご利用中ではありません',
} as const;

/** The error a refused coupon answers with: 422, the message on the `code` field. */
export const couponError = (message: string) => unprocessable(message, 'cart.coupon.invalid', { code: [message] });

/** The code as stored: NFKC (full-width letters and digits become half-width), trimmed, upper case. */
export const normalizeCouponCode = (code: string) => code.normalize('NFKC').trim().toUpperCase();

/**
 * What the member has to do with a coupon: granted it, used it, or someone with the same mailbox
 * (a guest checkout with this e-mail) used it. Null for a guest.
 */
export interface MemberCouponUse {
  granted: boolean;
  used: boolean;
  mailboxUsed?: boolean;
}

export interface CouponContext {
  channelId: string;
  now: Date;
  goodsWithTax: number;
  member: MemberCouponUse | null;
}

/** Why `c` cannot be used now (a couponMessages text), or null when it can (pure). */
export function couponRefusal(c: CouponRow, ctx: CouponContext): string | null {
  if (!c.is_active || (c.channel_id != null && c.channel_id !== ctx.channelId)) return couponMessages.invalid;
  if (c.is_member_only && !ctx.member) return couponMessages.login;
  if (c.is_member_only && !ctx.member?.granted) return couponMessages.invalid;
  if ((c.starts_at && ctx.now < c.starts_at) || (c.ends_at && ctx.now >= c.ends_at)) return couponMessages.period;
  if (ctx.member?.used) return couponMessages.used;
  if (ctx.member?.mailboxUsed) return couponMessages.mailboxUsed;
  if (c.usage_limit != null && c.used_count >= c.usage_limit) return couponMessages.limit;
  if (ctx.goodsWithTax < c.min_total) return couponMessages.minTotal(c.min_total);
  return null;
}

/** The discount (tax included) `c` gives on goods worth `goodsWithTax` (pure): never more than the goods. */
export function couponDiscount(c: Pick<CouponRow, 'discount_type' | 'discount_value' | 'max_discount'>, goodsWithTax: number): number {
  const raw = c.discount_type === 'percent' ? Math.floor((goodsWithTax * c.discount_value) / 100) : c.discount_value;
  const capped = c.max_discount != null ? Math.min(raw, c.max_discount) : raw;
  return Math.max(0, Math.min(capped, goodsWithTax));
}

/** The codes a cart carries. */
export const cartCouponCodes = (cart: Pick<CartRow, 'coupon_codes'>): string[] =>
  (Array.isArray(cart.coupon_codes) ? cart.coupon_codes : []).filter((c): c is string => typeof c === 'string');

async function memberUse(conn: Conn, user: UserRow | null, couponId: number): Promise<MemberCouponUse | null> {
  if (!user) return null;
  const own = async () =>
    (
      await conn
        .select({ used_at: user_coupons.used_at })
        .from(user_coupons)
        .where(and(eq(user_coupons.user_id, user.id), eq(user_coupons.coupon_id, couponId)))
        .limit(1)
    )[0];
  let row = await own();
  if (row?.used_at != null) return { granted: true, used: true, mailboxUsed: false };
  // A guest checkout is its own member: the same person's other uses are found by the mailbox.
  if (!(await mailboxUsedCoupon(conn, couponId, user.email))) return { granted: row != null, used: false, mailboxUsed: false };
  // The mailbox's use may be this member's own order, committed between the two reads (each
  // statement sees the latest commit): read the member's row again, so it is called what it is.
  row = await own();
  const used = row?.used_at != null;
  return { granted: row != null, used, mailboxUsed: !used };
}

/** A coupon of the cart as priced: the row (null when the code no longer exists) and what it gives. */
export interface EvaluatedCoupon extends CartCoupon {
  coupon: CouponRow | null;
}

/** The cart's coupons evaluated on goods worth `goodsWithTax` at `now`. */
export async function evaluateCoupons(
  conn: Conn,
  cart: Pick<CartRow, 'coupon_codes'>,
  user: UserRow | null,
  channelId: string,
  goodsWithTax: number,
  now = new Date(),
): Promise<EvaluatedCoupon[]> {
  const out: EvaluatedCoupon[] = [];
  for (const code of cartCouponCodes(cart)) {
    const [coupon] = await conn.select().from(coupons).where(eq(coupons.code, code)).limit(1);
    if (!coupon) {
      out.push({ code, name: code, discount: 0, notice: couponMessages.invalid, coupon: null });
      continue;
    }
    const notice = couponRefusal(coupon, { channelId, now, goodsWithTax, member: await memberUse(conn, user, coupon.id) });
    out.push({ code, name: coupon.name, discount: notice ? 0 : couponDiscount(coupon, goodsWithTax), notice, coupon });
  }
  return out;
}

/** Goods of the cart, tax included, as pricing counts them (each line its tax-inclusive unit price × quantity). */
export async function cartGoodsWithTax(tx: Tx, cartId: number): Promise<number> {
  const lines = await cartLinesQuery(tx, cartId);
  return lines.reduce((s, l) => s + priceWithTax(l.unit_price, l.tax_rate) * l.quantity, 0);
}

/** Adds a coupon to the cart after every check (one per cart; the same code again changes nothing). */
export async function addCoupon(tx: Tx, cart: CartRow, user: UserRow | null, channelId: string, rawCode: string, now = new Date()) {
  const code = normalizeCouponCode(rawCode);
  const held = cartCouponCodes(cart);
  if (held.includes(code)) return;
  if (held.length) throw couponError(couponMessages.onlyOne);
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  if (!coupon) throw couponError(couponMessages.invalid);
  const refusal = couponRefusal(coupon, {
    channelId,
    now,
    goodsWithTax: await cartGoodsWithTax(tx, cart.id),
    member: await memberUse(tx, user, coupon.id),
  });
  if (refusal) throw couponError(refusal);
  await tx
    .update(carts)
    .set({ coupon_codes: [code] })
    .where(eq(carts.id, cart.id));
}

/** Removes a coupon from the cart. */
export async function deleteCoupon(tx: Tx, cart: CartRow, rawCode: string) {
  const code = normalizeCouponCode(rawCode);
  const held = cartCouponCodes(cart);
  if (!held.includes(code)) throw couponError(couponMessages.notInCart);
  await tx
    .update(carts)
    .set({ coupon_codes: held.filter((c) => c !== code) })
    .where(eq(carts.id, cart.id));
}
