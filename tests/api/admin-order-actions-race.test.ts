/**
 * Two people acting on one order at once (issue 22 item 2's concurrency rule), on PostgreSQL only
 * (PGlite serialises everything): the test provider answers each charge change after a delay, so
 * the second request arrives while the first one's provider call is in flight. Several rounds each:
 * - two staff members shipping the same delivery: one shipment, one capture, the points granted once;
 * - a shipment and a cancellation (by staff or by the member): shipped, or cancelled, or shipped and
 *   then returned (cancelled with a refund of what was captured) — never a refund of an uncaptured
 *   charge, never a void of a captured one, never a shipment recorded after the cancellation;
 * - two cancellations: one void or one refund;
 * - two amount changes: one after the other, the stock and the provider's amount match the order.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  order_items,
  order_shipments,
  orders,
  outbox_emails,
  payment_transactions,
  point_histories,
  products,
  users,
} from '../../api/src/db/schema/index.ts';
import { DEV_ADMIN, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { onPostgres } from './helpers.ts';
import {
  adminLogin,
  CARDS,
  chargeAtProvider,
  createPaymentShop,
  type Member,
  newMember,
  orderActions,
  type PaymentShop,
  placeOrderFor,
} from './payments-support.ts';

let p: PaymentShop;
let staff: string;
let admin: string;
beforeAll(async () => {
  if (!onPostgres) return;
  p = await createPaymentShop({ latencyMs: 40 });
  staff = await adminLogin(p, DEV_STAFF);
  admin = await adminLogin(p, DEV_ADMIN);
}, 180_000);
afterAll(async () => {
  await p?.close();
});

const db = () => p.shop.database.db;
const act = orderActions(
  () => p,
  () => staff,
);
const ROUNDS = 6;
const settle = async (calls: Promise<Response>[]) =>
  Promise.all(
    calls.map(async (r) => {
      const res = await r;
      return { status: res.status, body: await res.json() };
    }),
  );
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const chargeOf = async (orderId: number) =>
  (await db().select().from(payment_transactions).where(eq(payment_transactions.order_id, orderId)))[0];
const stockOf = async (id: number) => (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;
const balanceOf = async (m: Member) => (await db().select({ b: users.point_balance }).from(users).where(eq(users.id, m.id)))[0].b;
const ledgerOf = async (m: Member) =>
  (
    await db()
      .select({ s: sql<number>`coalesce(sum(${point_histories.amount}), 0)`.mapWith(Number) })
      .from(point_histories)
      .where(and(eq(point_histories.user_id, m.id), eq(point_histories.status, 'granted')))
  )[0].s;
const memberCancel = (m: Member, id: number) =>
  p.shop.request('PUT', `/v1/me/orders/${id}/cancel`, { token: m.token, body: { cancel_reason: '不要になった' } });

describe.skipIf(!onPostgres)('two people on one order at once (PostgreSQL)', () => {
  it('two staff members shipping the same delivery: one shipment, one capture, the points granted once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const m = await newMember(p);
      const o = await placeOrderFor(p, m, {
        lines: [[await p.product({ price: 5000, stock: 5 }), 1]],
        payment: 'card',
        card: CARDS.success,
      });
      const body = { carrier: 'yamato', tracking_no: `7000-0000-${round}` };
      const answers = await settle([
        act.ship(o.id, 0, body),
        act.ship(o.id, 0, body, admin),
        act.ship(o.id, 0, { ...body, tracking_no: `7999-0000-${round}` }),
      ]);
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.every((s) => s === 200 || s === 409),
        JSON.stringify(answers),
      ).toBe(true);
      expect(statuses).toContain(200);
      const placed = await orderRow(o.id);
      expect(placed).toMatchObject({ status: 'shipped', payment_status: 'captured' });
      expect(await db().select().from(order_shipments).where(eq(order_shipments.order_id, o.id))).toHaveLength(1);
      const charge = await chargeOf(o.id);
      expect(charge).toMatchObject({ status: 'captured', captured_amount: placed.total_payment, claimed_at: null });
      expect((await chargeAtProvider(p, charge.provider_ref!)).calls.capture).toBe(1);
      expect(answers.filter((a) => a.status === 200).reduce((s, a) => s + a.body.granted_point, 0)).toBe(placed.earned_point);
      expect(await balanceOf(m)).toBe(placed.earned_point);
      expect(await ledgerOf(m)).toBe(placed.earned_point);
      expect(
        await db()
          .select()
          .from(outbox_emails)
          .where(and(eq(outbox_emails.to_address, m.email), eq(outbox_emails.template, 'order_shipped'))),
      ).toHaveLength(1);
    }
  }, 120_000);

  it('a shipment and a cancellation at once: never a refund of an uncaptured charge, never shipped after cancelled', async () => {
    const seen = new Set<string>();
    for (let round = 0; round < ROUNDS * 2; round++) {
      const m = await newMember(p);
      const product = await p.product({ price: 5000, stock: 5 });
      const o = await placeOrderFor(p, m, { lines: [[product, 1]], payment: 'card', card: CARDS.success });
      const byMember = round % 2 === 1;
      const cancel = byMember ? memberCancel(m, o.id) : act.cancel(o.id, '在庫切れ', admin);
      const answers = await settle(round % 4 < 2 ? [act.ship(o.id, 0), cancel] : [cancel, act.ship(o.id, 0)]);
      expect(
        answers.every((a) => [200, 409, 422].includes(a.status)),
        JSON.stringify(answers),
      ).toBe(true);
      const after = await orderRow(o.id);
      const charge = await chargeOf(o.id);
      const atProvider = await chargeAtProvider(p, charge.provider_ref!);
      const shipments = await db().select().from(order_shipments).where(eq(order_shipments.order_id, o.id));
      expect(charge.claimed_at).toBeNull();
      expect(atProvider.calls.capture).toBeLessThanOrEqual(1);
      expect(atProvider.calls.void + atProvider.calls.refund).toBeLessThanOrEqual(1);
      if (after.status === 'shipped') {
        seen.add('shipped');
        expect(shipments).toHaveLength(1);
        expect([charge.status, atProvider.status]).toEqual(['captured', 'captured']);
        expect(await stockOf(product)).toBe(4);
      } else {
        expect(after.status).toBe('cancelled');
        expect(await stockOf(product)).toBe(5);
        if (shipments.length) {
          // Shipped first, then returned: what was captured is refunded.
          seen.add('returned');
          expect(shipments[0].shipped_at.getTime()).toBeLessThanOrEqual(after.cancelled_at!.getTime());
          expect([charge.status, atProvider.status, atProvider.refunded_amount]).toEqual([
            'refunded',
            'refunded',
            atProvider.captured_amount,
          ]);
        } else {
          seen.add('cancelled');
          expect(atProvider.calls.capture).toBe(0);
          expect(atProvider.calls.refund).toBe(0);
          expect([charge.status, atProvider.status]).toEqual(['voided', 'voided']);
        }
      }
      expect(await balanceOf(m)).toBe(await ledgerOf(m));
    }
    expect(seen.size).toBeGreaterThan(0);
  }, 180_000);

  it('two cancellations at once: one void, or one refund, one mail', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const m = await newMember(p);
      const product = await p.product({ stock: 5 });
      const o = await placeOrderFor(p, m, { lines: [[product, 2]], payment: 'card', card: CARDS.success });
      const captured = round % 2 === 1;
      if (captured) expect((await act.ship(o.id, 0)).status).toBe(200);
      const answers = await settle([
        act.cancel(o.id, '一度目'),
        act.cancel(o.id, '二度目', admin),
        ...(captured ? [] : [memberCancel(m, o.id)]),
      ]);
      expect(
        answers.every((a) => [200, 409, 422].includes(a.status)),
        JSON.stringify(answers),
      ).toBe(true);
      const charge = await chargeOf(o.id);
      const atProvider = await chargeAtProvider(p, charge.provider_ref!);
      expect(await orderRow(o.id)).toMatchObject({ status: 'cancelled', payment_status: captured ? 'refunded' : 'cancelled' });
      expect(charge.status).toBe(captured ? 'refunded' : 'voided');
      expect(captured ? atProvider.calls.refund : atProvider.calls.void).toBe(1);
      expect(await stockOf(product)).toBe(5);
      expect(
        await db()
          .select()
          .from(outbox_emails)
          .where(and(eq(outbox_emails.to_address, m.email), eq(outbox_emails.template, 'order_cancellation'))),
      ).toHaveLength(1);
    }
  }, 120_000);

  it("two amount changes at once: one after the other; stock, order and the provider's amount agree", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const m = await newMember(p);
      const product = await p.product({ price: 2000, stock: 10 });
      const card = round % 2 === 0;
      const o = await placeOrderFor(p, m, {
        lines: [[product, 2]],
        payment: card ? 'card' : 'bank_transfer',
        ...(card ? { card: CARDS.success } : {}),
      });
      const [line] = await db().select().from(order_items).where(eq(order_items.order_id, o.id));
      const answers = await settle([
        act.amount(o.id, { lines: [{ item_id: line.id, quantity: 5 }], reason: '増量' }),
        act.amount(o.id, { lines: [{ item_id: line.id, quantity: 1 }], reason: '減量' }, admin),
        act.amount(o.id, { discount: 100, reason: '値引き' }),
      ]);
      expect(
        answers.every((a) => a.status === 200 || a.status === 409),
        JSON.stringify(answers),
      ).toBe(true);
      const [after] = await db().select().from(order_items).where(eq(order_items.order_id, o.id));
      const order = await orderRow(o.id);
      expect([1, 2, 5]).toContain(after.quantity);
      expect(await stockOf(product)).toBe(10 - after.quantity);
      const goods = 2200 * after.quantity;
      expect(order.total_payment).toBe(goods - order.shop_discount + (goods >= 5500 ? 0 : 660));
      if (card) {
        const charge = await chargeOf(o.id);
        expect(charge).toMatchObject({ status: 'authorized', amount: order.total_payment, claimed_at: null });
        expect((await chargeAtProvider(p, charge.provider_ref!)).amount).toBe(order.total_payment);
      }
    }
  }, 120_000);
});
