/**
 * The staff's dashboard (GET /admin/v1/dashboard): staff and admins only; each list holds the order
 * or product it must and leaves out the one it must not, by the shop's own rules (payment settled
 * before shipping, the lead time and the business calendar, payment deadlines, the 7 days of
 * cancellations, failed and stuck provider calls, LOW_STOCK, failing mails without their body).
 * The rules are checked on the service at fixed Japan times (a Wednesday, a Friday before a closed
 * weekend), on this file's copy of the shop emptied of the seeded orders after the first check, so
 * every count is exact.
 */

import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dashboardSchema, LOW_STOCK } from '#contracts/admin-dashboard.ts';
import {
  order_shipments,
  orders,
  outbox_emails,
  payment_methods,
  payment_transactions,
  product_requests,
  products,
  user_addresses,
  users,
} from '../../api/src/db/schema/index.ts';
import { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { insertSeedOrders, orderContext, type SeedOrderSpec, type SeedProduct } from '../../api/src/db/seed/order-builder.ts';
import { dashboardOf } from '../../api/src/services/admin/dashboard/index.ts';
import { ensureCalendar } from '../../api/src/services/delivery/calendar.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
const tokens: Record<string, string> = {};
let pick: ReturnType<typeof productPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  for (const who of [DEV_EDITOR, DEV_STAFF, DEV_ADMIN]) {
    const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
    tokens[who.role] = (await res.json()).access_token;
  }
  pick = productPicker(shop);
  // The fixed days below, whenever the suite runs (the seed fills the calendar from its own day).
  await ensureCalendar(db(), '2026-12-01', '2026-12-31');
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday and a Friday, 10:00 in Japan (open days; the weekend after the Friday is closed). */
const WEDNESDAY = new Date('2026-12-09T10:00:00+09:00');
const FRIDAY = new Date('2026-12-11T10:00:00+09:00');

/** One order written as the seed writes them, for a member with an address in `prefecture`. */
async function order(spec: Partial<SeedOrderSpec> & { method: string; prefecture?: string }): Promise<number> {
  const [member] = await db().select().from(users).where(eq(users.username, 'misaki-takahashi'));
  const [address] = await db().select().from(user_addresses).where(eq(user_addresses.user_id, member.id));
  const [payment] = await db().select().from(payment_methods).where(eq(payment_methods.code, spec.method));
  const productId = await pick({ price: 2000, stock: 50 });
  const [product] = await db().select().from(products).where(eq(products.id, productId));
  const [id] = await insertSeedOrders(
    db(),
    [
      {
        member,
        address: spec.prefecture ? { ...address, prefecture: spec.prefecture } : address,
        payment,
        lines: [[product as SeedProduct, 1]],
        at: spec.at ?? new Date(WEDNESDAY.getTime() - DAY),
        konbiniStore: 'lawson',
        ...spec,
      },
    ],
    await orderContext(db(), 'default', DEV_STAFF.login),
  );
  return id;
}
const at = (now: Date) => dashboardOf(db(), 'default', now);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('GET /admin/v1/dashboard', () => {
  it('answers staff and admins with every section; an editor 403, a member token 401', async () => {
    for (const role of ['staff', 'admin']) {
      const res = await shop.request('GET', '/admin/v1/dashboard', { token: tokens[role] });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      dashboardSchema.parse(await res.json());
    }
    const editor = await shop.request('GET', '/admin/v1/dashboard', { token: tokens.editor });
    expect(editor.status).toBe(403);
    expect((await editor.json()).code).toBe('auth.forbidden');
    expect((await shop.request('GET', '/admin/v1/dashboard', { token: await loginDemo(shop) })).status).toBe(401);
  });

  it('shows the seeded shop at work: something in each order list', async () => {
    const d = dashboardSchema.parse(await (await shop.request('GET', '/admin/v1/dashboard', { token: tokens.staff })).json());
    expect(d.to_ship.count).toBeGreaterThan(0);
    expect(d.awaiting_payment.overdue).toBeGreaterThan(0);
    expect(d.cancellations.last_7_days).toBeGreaterThan(0);
    expect(d.cancellations.needs_attention.count).toBeGreaterThan(0);
    expect(d.out_of_stock.items[0].waiting_requests).toBeGreaterThan(0);
    expect(d.low_stock.count).toBeGreaterThan(0);
  });
});

describe('the lists', () => {
  beforeEach(async () => {
    // The seeded orders (and those of the test before) and mails out of the way: each test starts empty.
    await db().execute(sql`delete from ${orders}`);
    await db().execute(sql`delete from ${payment_transactions}`);
    await db().execute(sql`delete from ${outbox_emails}`);
  });

  describe('orders to ship today', () => {
    it("lists a settled undated order from before today's cut-off, never an unpaid, suspected, cancelled or shipped one", async () => {
      const before = await at(WEDNESDAY);
      const due = await order({ method: 'card', at: new Date(WEDNESDAY.getTime() - 30 * DAY) });
      const cod = await order({ method: 'cod', at: new Date(WEDNESDAY.getTime() - 29 * DAY) });
      const notDue = [
        await order({ method: 'bank_transfer', at: new Date(WEDNESDAY.getTime() - 40 * DAY) }),
        await order({
          method: 'card',
          at: new Date(WEDNESDAY.getTime() - 40 * DAY),
          cancelled: { at: new Date(WEDNESDAY.getTime() - 39 * DAY), reason: 'テスト' },
        }),
        await order({
          method: 'cod',
          at: new Date(WEDNESDAY.getTime() - 40 * DAY),
          shipped: { at: new Date(WEDNESDAY.getTime() - 39 * DAY), carrier: 'yamato', trackingNo: '1111-2222-3333' },
        }),
        // Placed today after the 12:00 cut-off: tomorrow's work.
        await order({ method: 'cod', at: new Date(WEDNESDAY.getTime() + 3 * HOUR) }),
      ];
      const suspected = await order({ method: 'card', at: new Date(WEDNESDAY.getTime() - 40 * DAY) });
      await db().update(orders).set({ payment_status: 'fraud_suspected' }).where(eq(orders.id, suspected));
      const after = await at(new Date(WEDNESDAY.getTime() + 4 * HOUR));
      expect(after.to_ship.count).toBe(before.to_ship.count + 2);
      expect(ids(after.to_ship.items).slice(0, 2)).toEqual([due, cod]);
      expect(after.to_ship.items[0]).toMatchObject({ late: true, delivery_date: null, unshipped: 1, payment_status: 'authorized' });
      for (const id of [...notDue, suspected]) expect(ids(after.to_ship.items)).not.toContain(id);
    });

    it("lists a dated delivery when it must leave today (transit and the prefecture's extra day), not one that leaves tomorrow", async () => {
      const before = await at(WEDNESDAY);
      // Thursday 12-10 to Tokyo (1 day in transit): leaves Wednesday. Friday 12-11 to Hokkaido (1 + 1): Wednesday too.
      const tokyo = await order({ method: 'cod', deliveryDate: '2026-12-10', prefecture: '東京都' });
      const hokkaido = await order({ method: 'cod', deliveryDate: '2026-12-11', prefecture: '北海道' });
      // Friday to Tokyo leaves Thursday: not today's work.
      const later = await order({ method: 'cod', deliveryDate: '2026-12-11', prefecture: '東京都' });
      const after = await at(WEDNESDAY);
      expect(after.to_ship.count - before.to_ship.count).toBe(2);
      const rows = new Map(after.to_ship.items.map((r) => [r.id, r]));
      for (const id of [tokyo, hokkaido]) expect(rows.get(id)).toMatchObject({ ship_by: '2026-12-09', late: false });
      expect(rows.has(later)).toBe(false);
    });

    it('moves a Monday delivery to Friday when the weekend is closed', async () => {
      const friday = new Date(FRIDAY.getTime() - DAY);
      const monday = await order({ method: 'card', deliveryDate: '2026-12-14', prefecture: '東京都', at: friday });
      const tuesday = await order({ method: 'card', deliveryDate: '2026-12-15', prefecture: '東京都', at: friday });
      // Leaves by Sunday 12-13, a closed day: Friday's work (and not yet Thursday's).
      expect((await at(FRIDAY)).to_ship.items.map((r) => [r.id, r.ship_by])).toEqual([[monday, '2026-12-13']]);
      expect(ids((await at(new Date(FRIDAY.getTime() - DAY))).to_ship.items)).toEqual([]);
      // Monday is open: Tuesday's delivery leaves then.
      expect(ids((await at(new Date('2026-12-14T10:00:00+09:00'))).to_ship.items)).toEqual(expect.arrayContaining([monday, tuesday]));
    });

    it('keeps a partly shipped order until its last delivery leaves', async () => {
      const id = await order({ method: 'card', at: new Date(WEDNESDAY.getTime() - 50 * DAY) });
      const [o] = await db().select().from(orders).where(eq(orders.id, id));
      const shippings = o.shippings as Array<Record<string, unknown>>;
      await db()
        .update(orders)
        .set({ status: 'shipped', shippings: [shippings[0], { ...shippings[0], cart_shipping_id: 0 }] })
        .where(eq(orders.id, id));
      await db().insert(order_shipments).values({ order_id: id, shipping_index: 0, carrier: 'yamato', tracking_no: '1234-5678-9012' });
      expect((await at(WEDNESDAY)).to_ship.items[0]).toMatchObject({ id, unshipped: 1 });
      await db().insert(order_shipments).values({ order_id: id, shipping_index: 1, carrier: 'yamato', tracking_no: '1234-5678-9013' });
      expect(ids((await at(WEDNESDAY)).to_ship.items)).not.toContain(id);
    });
  });

  describe('awaiting payment', () => {
    it('lists an unpaid bank transfer, overdue first; never a paid one, 代引 or a cancelled one', async () => {
      const now = new Date();
      const before = await at(now);
      const overdue = await order({ method: 'bank_transfer', at: new Date(now.getTime() - 60 * DAY) });
      const paid = await order({
        method: 'bank_transfer',
        at: new Date(now.getTime() - 61 * DAY),
        paidAt: new Date(now.getTime() - 60 * DAY),
      });
      const cod = await order({ method: 'cod', at: new Date(now.getTime() - 61 * DAY) });
      const cancelled = await order({
        method: 'konbini',
        at: new Date(now.getTime() - 61 * DAY),
        cancelled: { at: new Date(now.getTime() - 59 * DAY), reason: 'テスト' },
      });
      const after = await at(now);
      expect(after.awaiting_payment.count).toBe(before.awaiting_payment.count + 1);
      expect(after.awaiting_payment.overdue).toBe(before.awaiting_payment.overdue + 1);
      expect(after.awaiting_payment.items[0]).toMatchObject({ id: overdue, overdue: true, payment_code: 'bank_transfer' });
      expect(after.awaiting_payment.items[0].deadline! < after.today).toBe(true);
      for (const id of [paid, cod, cancelled]) expect(ids(after.awaiting_payment.items)).not.toContain(id);
    });
  });

  describe('cancellations', () => {
    it("counts today's and the last 7 days', newest first; an older one is left out", async () => {
      const now = new Date();
      const before = await at(now);
      const today = await order({
        method: 'cod',
        at: new Date(now.getTime() - 2 * HOUR),
        cancelled: { at: new Date(now.getTime() - 60_000), reason: '本日のキャンセル' },
      });
      const old = await order({
        method: 'cod',
        at: new Date(now.getTime() - 10 * DAY),
        cancelled: { at: new Date(now.getTime() - 8 * DAY), reason: '先週のキャンセル' },
      });
      const after = await at(now);
      expect(after.cancellations.today).toBe(before.cancellations.today + 1);
      expect(after.cancellations.last_7_days).toBe(before.cancellations.last_7_days + 1);
      expect(after.cancellations.items[0]).toMatchObject({ id: today, cancel_reason: '本日のキャンセル' });
      expect(ids(after.cancellations.items)).not.toContain(old);
    });

    it('flags a cancelled card whose void failed at the provider, not one voided', async () => {
      const now = new Date();
      const before = await at(now);
      const failed = await order({
        method: 'card',
        at: new Date(now.getTime() - HOUR),
        cancelled: { at: new Date(now.getTime() - 1000), reason: 'テスト', voidFailed: true },
      });
      const voided = await order({
        method: 'card',
        at: new Date(now.getTime() - HOUR),
        cancelled: { at: new Date(now.getTime() - 500), reason: 'テスト' },
      });
      const after = await at(now);
      expect(after.cancellations.needs_attention.count).toBe(before.cancellations.needs_attention.count + 1);
      expect(after.cancellations.needs_attention.items[0]).toMatchObject({
        id: failed,
        transaction_status: 'void_failed',
        issue: 'カード与信の取消に失敗しました',
      });
      expect(ids(after.cancellations.needs_attention.items)).not.toContain(voided);
      expect(ids(after.payments_failed.items)).not.toContain(failed);
    });
  });

  describe('payments failed', () => {
    it('lists a suspected fraud, a failed refund and a capture stuck for over 10 minutes; not a capture in flight', async () => {
      const now = new Date();
      const before = await at(now);
      const fraud = await order({ method: 'card', at: new Date(now.getTime() - 3000) });
      await db().update(orders).set({ payment_status: 'fraud_suspected' }).where(eq(orders.id, fraud));
      const refund = await order({ method: 'card', at: new Date(now.getTime() - 4000) });
      await db().update(payment_transactions).set({ status: 'refund_failed' }).where(eq(payment_transactions.order_id, refund));
      const stuck = await order({ method: 'card', at: new Date(now.getTime() - 5000) });
      await db()
        .update(payment_transactions)
        .set({ status: 'capturing', updated_at: new Date(now.getTime() - 11 * 60_000) })
        .where(eq(payment_transactions.order_id, stuck));
      const inFlight = await order({ method: 'card', at: new Date(now.getTime() - 2000) });
      await db()
        .update(payment_transactions)
        .set({ status: 'capturing', updated_at: new Date(now.getTime() - 60_000) })
        .where(eq(payment_transactions.order_id, inFlight));
      const after = await at(now);
      expect(after.payments_failed.count).toBe(before.payments_failed.count + 3);
      expect(ids(after.payments_failed.items).slice(0, 3)).toEqual([fraud, refund, stuck]);
      expect(after.payments_failed.items.map((r) => r.issue)).toEqual(
        expect.arrayContaining([
          '不正利用の疑いがあります（発送を保留してください）',
          'カードの返金に失敗しました',
          '決済代行会社での処理が完了していません（capturing）',
        ]),
      );
      expect(ids(after.payments_failed.items)).not.toContain(inFlight);
      // Neither the suspected nor the stuck order is to be shipped.
      expect(ids(after.to_ship.items)).not.toContain(fraud);
    });
  });

  describe('stock', () => {
    it(`lists a sold-out product by its waiting requests and a product with ${LOW_STOCK} or fewer left; never an unpublished one or one with more`, async () => {
      const wanted = await pick({ stock: 0 });
      const asks = Array.from({ length: 9 }, (_, i) => ({
        product_id: wanted,
        channel_id: 'default',
        email: `wait${i}@example.jp`,
        payload: {},
        confirmed_at: new Date(),
      }));
      await db()
        .insert(product_requests)
        .values([...asks, { product_id: wanted, channel_id: 'default', email: 'unconfirmed@example.jp', payload: {} }]);
      const hidden = await pick({ stock: 0 });
      await db().update(products).set({ is_published: false }).where(eq(products.id, hidden));
      const low = await pick({ stock: 1 });
      const plenty = await pick({ stock: LOW_STOCK + 1 });
      const after = await at(new Date());
      expect(after.out_of_stock.items[0]).toMatchObject({ id: wanted, stock: 0, waiting_requests: 9 });
      expect(ids(after.out_of_stock.items)).not.toContain(hidden);
      expect(after.low_stock.items[0]).toMatchObject({ id: low, stock: 1 });
      expect(after.low_stock.threshold).toBe(LOW_STOCK);
      expect(ids(after.low_stock.items)).not.toContain(plenty);
    });
  });

  describe('failing mails', () => {
    it('lists an unsent mail that failed, newest first, with to, subject, error and attempts but never its body', async () => {
      const now = new Date();
      const before = await at(now);
      const body = 'この本文は管理画面に出てはいけません-7f3a';
      const [failing] = await db()
        .insert(outbox_emails)
        .values({
          channel_id: 'default',
          to_address: 'bounce@example.jp',
          subject: '【テスト】ご注文ありがとうございます',
          body,
          template: 'order_confirmation',
          attempts: 3,
          last_error: '550 5.1.1 mailbox unavailable',
          next_attempt_at: new Date(now.getTime() + HOUR),
          created_at: now,
        })
        .returning({ id: outbox_emails.id });
      await db()
        .insert(outbox_emails)
        .values([
          {
            channel_id: 'default',
            to_address: 'sent@example.jp',
            subject: '送信済み',
            body,
            template: 'x',
            attempts: 2,
            last_error: 'console',
            sent_at: now,
            created_at: now,
          },
          { channel_id: 'default', to_address: 'waiting@example.jp', subject: '未送信', body, template: 'x', created_at: now },
        ]);
      const res = await shop.request('GET', '/admin/v1/dashboard', { token: tokens.staff });
      const text = await res.text();
      expect(text).not.toContain(body);
      const after = dashboardSchema.parse(JSON.parse(text));
      expect(after.failing_mails.count).toBe(before.failing_mails.count + 1);
      expect(after.failing_mails.items[0]).toEqual({
        id: failing.id,
        to_address: 'bounce@example.jp',
        subject: '【テスト】ご注文ありがとうございます',
        last_error: '550 5.1.1 mailbox unavailable',
        attempts: 3,
        created_at: now.toISOString(),
        next_attempt_at: new Date(now.getTime() + HOUR).toISOString(),
      });
      expect(after.failing_mails.items.map((m) => m.to_address)).not.toContain('sent@example.jp');
      expect(after.failing_mails.items.map((m) => m.to_address)).not.toContain('waiting@example.jp');
    });
  });
});

describe('cost', () => {
  it('reads the dashboard in eight statements, whatever the number of orders', async () => {
    const statements: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements.push(String((args[0] as { text?: string })?.text ?? args[0]));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await dashboardOf(db(), 'default');
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(statements.length).toBe(8);
  });
});
