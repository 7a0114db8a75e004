/**
 * The seeded orders of the demo back office are orders the shop could have taken: each one's lines
 * add up to its totals with the tax once per rate (re-priced with the cart's own function), its
 * points are pending, granted or cancelled as its payment and shipment say and every member's
 * balance is the sum of their granted rows, a card order has its provider transaction in the state
 * its payment shows, a shipped order its shipment, tracking number and history; they belong to
 * several members other than demo, across every method and state the staff work with, and the
 * members' own order screens read them.
 */

import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '#contracts/orders.ts';
import {
  order_histories,
  order_items,
  order_shipments,
  orders,
  payment_methods,
  payment_transactions,
  point_histories,
  users,
} from '../../api/src/db/schema/index.ts';
import { DEMO } from '../../api/src/db/seed/index.ts';
import { ORDER_MEMBERS } from '../../api/src/db/seed/orders.ts';
import { priceCart } from '../../api/src/services/carts/pricing.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
let all: Array<typeof orders.$inferSelect & { code: string }>;
// Checks the seed itself: this shop is seeded on its own, not copied from the run's template.
beforeAll(async () => {
  shop = await createTestShop({}, { fresh: true });
  all = (
    await shop.database.db.select().from(orders).innerJoin(payment_methods, eq(payment_methods.id, orders.payment_id)).orderBy(orders.id)
  ).map((r) => ({ ...r.orders, code: r.payment_methods.code }));
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;

describe('seeded orders', () => {
  it('are about 30 orders of the last 14 days on the default channel, of several members and none of demo', async () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
    const now = Date.now();
    expect(
      all.every((o) => o.channel_id === 'default' && now - o.created_at.getTime() <= 14 * 86_400_000 && o.created_at.getTime() <= now),
    ).toBe(true);
    const [demo] = await db().select().from(users).where(eq(users.username, DEMO.username));
    expect(all.some((o) => o.user_id === demo.id)).toBe(false);
    expect(new Set(all.map((o) => o.user_id)).size).toBeGreaterThanOrEqual(5);
    const members = await db()
      .select()
      .from(users)
      .where(
        inArray(
          users.username,
          ORDER_MEMBERS.map((m) => m[0]),
        ),
      );
    expect(members).toHaveLength(ORDER_MEMBERS.length);
  });

  it('cover the states the staff work with', () => {
    const has = (test: (o: (typeof all)[number]) => boolean) => all.some(test);
    expect(has((o) => o.code === 'cod' && o.status === 'ordered')).toBe(true);
    expect(has((o) => o.code === 'card' && o.status === 'ordered' && o.payment_status === 'authorized')).toBe(true);
    expect(
      has(
        (o) =>
          o.code === 'bank_transfer' &&
          o.payment_status === 'pending' &&
          (o.payment_detail as { deadline: string }).deadline < new Date().toISOString().slice(0, 10),
      ),
    ).toBe(true);
    expect(
      has(
        (o) =>
          o.code === 'bank_transfer' &&
          o.payment_status === 'pending' &&
          (o.payment_detail as { deadline: string }).deadline > new Date().toISOString().slice(0, 10),
      ),
    ).toBe(true);
    expect(has((o) => o.code === 'konbini' && o.payment_status === 'paid')).toBe(true);
    expect(has((o) => o.code === 'deferred')).toBe(true);
    expect(has((o) => o.status === 'cancelled')).toBe(true);
    expect(has((o) => o.status === 'shipped' && o.code === 'card' && o.payment_status === 'captured')).toBe(true);
    expect(has((o) => (o.shippings as Array<{ delivery_date: string | null }>)[0].delivery_date != null)).toBe(true);
  });

  it('add up: lines to the totals, the tax once per rate, as the cart prices them', async () => {
    const items = await db()
      .select()
      .from(order_items)
      .where(
        inArray(
          order_items.order_id,
          all.map((o) => o.id),
        ),
      );
    for (const o of all) {
      const lines = items.filter((i) => i.order_id === o.id);
      expect(lines.length, o.order_no).toBeGreaterThan(0);
      const subtotalWithTax = lines.reduce((s, l) => s + l.subtotal + l.tax_amount, 0);
      expect(o.subtotal, o.order_no).toBe(lines.reduce((s, l) => s + l.subtotal, 0));
      expect(o.total_payment, o.order_no).toBe(
        subtotalWithTax + o.total_carriage + o.total_packing + o.total_fee - o.total_discount - o.use_point,
      );
      const rates = o.amount_by_tax_rate as Array<{ tax_rate: number; subtotal: number; tax: number; total: number }>;
      expect(
        rates.reduce((s, r) => s + r.total, 0),
        o.order_no,
      ).toBe(o.total_payment);
      expect(
        rates.reduce((s, r) => s + r.tax, 0),
        o.order_no,
      ).toBe(o.total_tax);
      const again = priceCart({
        lines: lines.map((l) => ({ unit_price: l.unit_price, tax_rate: l.tax_rate as 8 | 10, quantity: l.quantity })),
        paymentFee: o.total_fee,
        usePoint: o.use_point,
        carriage: { fee: o.total_carriage || 660, freeFrom: o.total_carriage ? null : 0 },
      });
      expect(again.order.total_payment, o.order_no).toBe(o.total_payment);
      expect(again.order.amount_by_tax_rate, o.order_no).toEqual(rates);
      expect(
        again.lines.map((l) => [l.subtotal, l.tax_amount]),
        o.order_no,
      ).toEqual(lines.map((l) => [l.subtotal, l.tax_amount]));
    }
  });

  it("carry their points as the payment and shipment say, and each member's balance is their granted rows", async () => {
    const earned = await db()
      .select()
      .from(point_histories)
      .where(
        and(
          inArray(
            point_histories.order_id,
            all.map((o) => o.id),
          ),
          eq(point_histories.reason, 'ご注文でのポイント獲得'),
        ),
      );
    for (const o of all) {
      const row = earned.find((p) => p.order_id === o.id);
      expect(row?.amount, o.order_no).toBe(o.earned_point);
      const paidFirst = ['bank_transfer', 'konbini'].includes(o.code);
      const expected =
        o.status === 'cancelled'
          ? 'cancelled'
          : o.status === 'shipped' || (paidFirst && o.payment_status === 'paid')
            ? 'granted'
            : 'pending';
      expect(row?.status, o.order_no).toBe(expected);
    }
    const members = await db().select().from(users).where(ne(users.username, DEMO.username));
    for (const m of members) {
      const [{ sum }] = await db()
        .select({ sum: sql<number>`coalesce(sum(${point_histories.amount}), 0)`.mapWith(Number) })
        .from(point_histories)
        .where(and(eq(point_histories.user_id, m.id), eq(point_histories.status, 'granted')));
      expect(m.point_balance, m.username).toBe(sum);
    }
  });

  it('pay by card through a provider transaction in the state the order shows', async () => {
    const txns = await db()
      .select()
      .from(payment_transactions)
      .where(
        inArray(
          payment_transactions.order_id,
          all.map((o) => o.id),
        ),
      );
    for (const o of all) {
      const t = txns.filter((x) => x.order_id === o.id);
      if (o.code !== 'card') {
        expect(t, o.order_no).toEqual([]);
        continue;
      }
      expect(t, o.order_no).toHaveLength(1);
      expect(t[0]).toMatchObject({ provider: 'test', method: 'card', amount: o.total_payment, provider_ref: `seed-${o.order_no}` });
      expect((o.payment_detail as { ref: string }).ref).toBe(t[0].provider_ref);
      const pending = (o.others as { cancel_only_ecd_key?: string }).cancel_only_ecd_key != null;
      const want =
        o.status === 'cancelled'
          ? pending
            ? ['authorized', 'void_failed']
            : ['cancelled', 'voided']
          : o.status === 'shipped'
            ? ['captured', 'captured']
            : ['authorized', 'authorized'];
      expect([o.payment_status, t[0].status], o.order_no).toEqual(want);
    }
  });

  it('that shipped have their shipment with a tracking number and a history row; cancelled ones their reason', async () => {
    const shipments = await db().select().from(order_shipments);
    const histories = await db().select().from(order_histories);
    for (const o of all.filter((x) => x.status === 'shipped')) {
      const s = shipments.find((x) => x.order_id === o.id);
      expect(s, o.order_no).toMatchObject({ shipping_index: 0, editor_name: '開発用スタッフ' });
      expect(s!.tracking_no).toMatch(/^\d{4}-\d{4}-\d{4}$/);
      expect(histories.some((h) => h.order_id === o.id && h.action === 'ship' && h.message.includes(s!.tracking_no))).toBe(true);
      expect(s!.shipped_at.getTime()).toBeGreaterThan(o.created_at.getTime());
    }
    for (const o of all.filter((x) => x.status === 'cancelled')) {
      expect(o.cancel_reason && o.cancelled_at, o.order_no).toBeTruthy();
      expect(histories.some((h) => h.order_id === o.id && h.action === 'cancel')).toBe(true);
    }
  });

  it('are what their member sees on the order screens', async () => {
    const res = await shop.request('POST', '/v1/auth/login', { body: { username: ORDER_MEMBERS[0][0], password: DEMO.password } });
    expect(res.status).toBe(200);
    const token = (await res.json()).access_token;
    const list = (await (await shop.request('GET', '/v1/me/orders?per=50', { token })).json()) as Array<{ id: number }>;
    const own = all.filter((o) => (o.customer as { username: string }).username === ORDER_MEMBERS[0][0]);
    expect(list.map((o) => o.id).sort()).toEqual(own.map((o) => o.id).sort());
    for (const { id } of list) orderSchema.parse(await (await shop.request('GET', `/v1/me/orders/${id}`, { token })).json());
  });
});
