/**
 * PUT /v1/me/orders/{id}/cancel and GET /v1/me/orders/{id}/download/receipt, on a real shop with
 * the test card provider: stock, points, coupons, the card authorisation, the gift link and the
 * mail of a cancellation; the receipt PDF's text (extracted from the file) as a 適格請求書.
 */

import { and, desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '#contracts/orders.ts';
import {
  coupons,
  orders,
  outbox_emails,
  payment_transactions,
  point_histories,
  products,
  social_gifts,
  user_coupons,
  users,
} from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { confirmedRestockRequest } from './discovery-support.ts';
import { CARDS, choose, createPaymentShop, decide, filledCart, type PaymentShop, patchOk, tokenise } from './payments-support.ts';

let p: PaymentShop;
let demoId: number;
beforeAll(async () => {
  p = await createPaymentShop();
  demoId = (await p.shop.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo')))[0].id;
}, 180_000);
afterAll(async () => {
  await p?.close();
});

const db = () => p.shop.database.db;
const stockOf = async (id: number) => (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;
const balance = async () => (await db().select({ b: users.point_balance }).from(users).where(eq(users.id, demoId)))[0].b;
const cancel = (id: number, body: unknown, token: string | null = p.demo) =>
  p.shop.request('PUT', `/v1/me/orders/${id}/cancel`, { body, token });
const receipt = (id: number, name: string | null, token: string | null = p.demo) =>
  p.shop.request('GET', `/v1/me/orders/${id}/download/receipt${name == null ? '' : `?name=${encodeURIComponent(name)}`}`, { token });

/** Places an order of `lines` paid with `payment` (extra: the payment's fields); returns its id. */
async function order(
  lines: [number, number][],
  payment: string,
  extra: Record<string, unknown> = {},
  before?: (token: string) => Promise<void>,
) {
  const token = await filledCart(p, lines);
  if (before) await before(token);
  const chosen = await choose(p, token, payment, extra);
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  const res = await decide(p, token);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.order_id as number;
}

async function pdfText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  // The font is embedded as a subset of the characters used, not the whole 4.5 MB Noto Sans JP.
  expect(bytes.length).toBeLessThan(100_000);
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

describe('order cancellation', () => {
  it('gives back stock, points and the coupon, marks the payment cancelled and mails the member; twice is 422', async () => {
    const a = await p.product({ price: 3000, taxRate: 10, stock: 10 });
    const b = await p.product({ price: 500, taxRate: 8, stock: 4 });
    await db().update(users).set({ point_balance: 1000 }).where(eq(users.id, demoId));
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, 'WELCOME500'));
    const id = await order(
      [
        [a, 2],
        [b, 3],
      ],
      'bank_transfer',
      {},
      async (token) => {
        await patchOk(p, 'coupons/add', { token, code: 'WELCOME500' });
        await patchOk(p, 'point', { token, use_point: 300 });
      },
    );
    expect(await stockOf(a)).toBe(8);
    expect(await stockOf(b)).toBe(1);
    const [placed] = await db().select().from(orders).where(eq(orders.id, id));
    expect(placed.use_point).toBe(300);
    const afterOrder = await balance();
    // The points earned stay pending (付与予定) until the order is paid or shipped: not in the balance.
    expect(afterOrder).toBe(1000 - 300);

    // Validation: a reason is required, and bounded.
    let res = await cancel(id, {});
    expect(res.status).toBe(422);
    expect((await res.json()).errors.cancel_reason[0]).toContain('キャンセル理由');
    res = await cancel(id, { cancel_reason: '   ' });
    expect(res.status).toBe(422);
    res = await cancel(id, { cancel_reason: 'あ'.repeat(201) });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.cancel_reason[0]).toMatch(/200/);
    expect((await db().select().from(orders).where(eq(orders.id, id)))[0].status).toBe('ordered');

    res = await cancel(id, { cancel_reason: ' 注文内容を間違えたため ' });
    const cancelled = orderSchema.parse(await res.json());
    expect(res.status).toBe(200);
    expect(cancelled).toMatchObject({
      id,
      status: 'cancelled',
      status_label: 'キャンセル',
      cancel_reason: '注文内容を間違えたため',
      cancel_only_ecd_key: null,
      payment_status: 'cancelled',
    });
    expect(await stockOf(a)).toBe(10);
    expect(await stockOf(b)).toBe(4);
    expect(await balance()).toBe(1000);
    const [use] = await db()
      .select()
      .from(user_coupons)
      .where(and(eq(user_coupons.user_id, demoId), eq(user_coupons.coupon_id, coupon.id)));
    expect(use?.used_at ?? null).toBeNull();
    const [mail] = await db()
      .select()
      .from(outbox_emails)
      .where(eq(outbox_emails.template, 'order_cancellation'))
      .orderBy(desc(outbox_emails.id))
      .limit(1);
    expect(mail.subject).toContain('ご注文キャンセルのお知らせ');
    expect(mail.body).toContain(placed.order_no);
    expect(mail.body).toContain('注文内容を間違えたため');
    expect(mail.body).toContain('お振込・お支払いは不要です');

    // The list shows it cancelled too.
    const list = await (await p.shop.request('GET', '/v1/me/orders', { token: p.demo })).json();
    expect(list.find((o: { id: number }) => o.id === id)).toMatchObject({ status: 'cancelled', cancel_reason: '注文内容を間違えたため' });

    // Twice: 422 in Japanese, nothing given back again.
    res = await cancel(id, { cancel_reason: 'もう一度' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'order.cancel.already_cancelled',
      message: expect.stringContaining('すでにキャンセル'),
    });
    expect(await stockOf(a)).toBe(10);
    expect(await balance()).toBe(1000);
    expect((await db().select().from(point_histories).where(eq(point_histories.order_id, id))).length).toBe(
      placed.earned_point > 0 ? 4 : 3,
    );
  });

  it("refuses a shipped order (422) and another member's order (404), and needs a login", async () => {
    const a = await p.product({ stock: 5 });
    const id = await order([[a, 1]], 'cod');
    await db().update(orders).set({ status: 'shipped' }).where(eq(orders.id, id));
    let res = await cancel(id, { cancel_reason: '不要になった' });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('order.cancel.shipped');
    expect(await stockOf(a)).toBe(4);

    await db().update(orders).set({ status: 'ordered' }).where(eq(orders.id, id));
    await db()
      .insert(users)
      .values({
        channel_id: 'default',
        username: 'cancel-other',
        email: 'cancel-other@example.jp',
        password_hash: await hashPassword('other-pass-2026'),
        last_name: '他人',
        first_name: '花子',
        is_registered_member: true,
      });
    const other = (
      await (await p.shop.request('POST', '/v1/auth/login', { body: { username: 'cancel-other', password: 'other-pass-2026' } })).json()
    ).access_token;
    res = await cancel(id, { cancel_reason: '他人の注文' }, other);
    expect(res.status).toBe(404);
    expect((await receipt(id, '他人', other)).status).toBe(404);
    expect((await cancel(id, { cancel_reason: 'x' }, null)).status).toBe(401);
    expect((await cancel(999999, { cancel_reason: 'x' })).status).toBe(404);
    expect((await db().select().from(orders).where(eq(orders.id, id)))[0].status).toBe('ordered');
    expect(await stockOf(a)).toBe(4);
  });

  it('two cancellations at once: one cancels, the other is 422, the stock comes back once', async () => {
    const a = await p.product({ stock: 6 });
    const id = await order([[a, 2]], 'cod');
    expect(await stockOf(a)).toBe(4);
    const answers = await Promise.all([cancel(id, { cancel_reason: '一度目' }), cancel(id, { cancel_reason: '二度目' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await stockOf(a)).toBe(6);
    const [{ order_no }] = await db().select({ order_no: orders.order_no }).from(orders).where(eq(orders.id, id));
    const mails = await db().select().from(outbox_emails).where(eq(outbox_emails.template, 'order_cancellation'));
    expect(mails.filter((m) => m.body.includes(order_no))).toHaveLength(1);
  });

  it('mails the 「再入荷をお知らせ」 requests of a product it brings back from 0, in the same transaction', async () => {
    const a = await p.product({ stock: 2 });
    const id = await order([[a, 2]], 'cod');
    expect(await stockOf(a)).toBe(0);
    // A guest's request, its address confirmed through the mailed link (only confirmed requests are mailed).
    await confirmedRestockRequest(p.shop, a, 'restock-cancel@example.jp');
    const mails = () =>
      db()
        .select()
        .from(outbox_emails)
        .where(and(eq(outbox_emails.template, 'restock'), eq(outbox_emails.to_address, 'restock-cancel@example.jp')));
    expect(await mails()).toHaveLength(0);
    expect((await cancel(id, { cancel_reason: '不要になった' })).status).toBe(200);
    expect(await stockOf(a)).toBe(2);
    // Queued by the cancellation itself, not by the background watcher (not running in tests).
    expect(await mails()).toHaveLength(1);
  });

  it("closes a social gift's link", async () => {
    const a = await p.product({ stock: 5 });
    const token = await filledCart(p, [[a, 1]]);
    await patchOk(p, 'social/receiver', { token, is_social_gift: true, sender_name: '山田', message: 'おめでとう' });
    expect((await choose(p, token, 'bank_transfer')).status).toBe(200);
    const decided = await (await decide(p, token)).json();
    expect(decided.social_gift_url).toEqual(expect.any(String));
    const key = new URL(decided.social_gift_url).pathname.split('/').filter(Boolean).pop()!;
    expect((await p.shop.request('GET', `/v1/social-gifts/${key}/products`)).status).toBe(200);
    const res = await cancel(decided.order_id, { cancel_reason: '贈り先を間違えた' });
    expect(res.status).toBe(200);
    expect((await db().select().from(social_gifts).where(eq(social_gifts.order_id, decided.order_id)))[0].status).toBe('cancelled');
    const gift = await p.shop.request('GET', `/v1/social-gifts/${key}/products`);
    expect(gift.status).toBe(410);
    expect((await gift.json()).code).toBe('social_gift.cancelled');
  });

  it('voids the card authorisation after the commit; a provider that cannot be reached leaves the warning key', async () => {
    const a = await p.product({ stock: 5 });
    const card = async () => ({ card_token: (await tokenise(p, CARDS.success)).body.id });
    const id = await order([[a, 1]], 'card', await card());
    const [auth] = await db().select().from(payment_transactions).where(eq(payment_transactions.order_id, id));
    expect(auth.status).toBe('authorized');
    let res = await cancel(id, { cancel_reason: 'カードを変えたい' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled', payment_status: 'cancelled', cancel_only_ecd_key: null });
    expect((await db().select().from(payment_transactions).where(eq(payment_transactions.id, auth.id)))[0].status).toBe('voided');
    const charge = await (await fetch(`${p.provider.url}/charges/${encodeURIComponent(auth.provider_ref!)}`)).json().catch(() => null);
    if (charge && typeof charge.status === 'string') expect(charge.status).toBe('voided');

    // The provider is down when the void is asked for: the order is cancelled, and says the void is pending.
    const second = await order([[a, 1]], 'card', await card());
    const [auth2] = await db().select().from(payment_transactions).where(eq(payment_transactions.order_id, second));
    const down = p.shop.envWith({
      PAYMENT_PROVIDER_URL: 'http://127.0.0.1:9',
      PAYMENT_PROVIDER_PUBLIC_KEY: 'pk_test_payments',
      PAYMENT_PROVIDER_SECRET: 'sk_test_payments_secret',
    });
    const { createApp } = await import('../../api/src/app.ts');
    const app = createApp({ db: p.shop.database.db, env: down });
    res = await app.request(`/v1/me/orders/${second}/cancel`, {
      method: 'PUT',
      body: JSON.stringify({ cancel_reason: '不要' }),
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Channel-Id': 'default',
        Authorization: `Bearer ${p.demo}`,
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'cancelled',
      payment_status: 'authorized',
      cancel_only_ecd_key: 'payment_void_pending',
    });
    expect((await db().select().from(payment_transactions).where(eq(payment_transactions.id, auth2.id)))[0].status).toBe('void_failed');
    expect(await stockOf(a)).toBe(5);
  });
});

describe('receipt (領収書 PDF)', () => {
  it('is a 適格請求書: registration number, ※ on 8 % lines and the legend, tax per rate, the addressee', async () => {
    const a = await p.product({ price: 2000, taxRate: 10, stock: 5 });
    const b = await p.product({ price: 1000, taxRate: 8, stock: 5 });
    const id = await order(
      [
        [a, 1],
        [b, 2],
      ],
      'card',
      { card_token: (await tokenise(p, CARDS.success)).body.id },
    );
    const o = orderSchema.parse(await (await p.shop.request('GET', `/v1/me/orders/${id}`, { token: p.demo })).json());
    const res = await receipt(id, '株式会社キヨラ商事');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-[\d-]+\.pdf"/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await pdfText(res);
    expect(text).toContain('領収書（適格請求書）');
    expect(text).toContain('株式会社キヨラ商事 様');
    expect(text).toContain('登録番号：T9010401234567');
    expect(text).toContain(o.order_no);
    const reduced = o.items.find((i) => i.tax_rate === 8)!;
    expect(text).toContain(`※ ${reduced.name}`);
    expect(text).not.toContain(`※ ${o.items.find((i) => i.tax_rate === 10)!.name}`);
    expect(text).toContain('※は軽減税率対象商品です');
    for (const r of o.order.amount_by_tax_rate) {
      expect(text).toContain(`${r.tax_rate}%対象`);
      expect(text).toContain(`¥${r.total.toLocaleString('ja-JP')}（うち消費税 ¥${r.tax.toLocaleString('ja-JP')}）`);
    }
    expect(o.order.amount_by_tax_rate.map((r) => r.tax_rate).sort()).toEqual([10, 8]);
    expect(text).toContain(`¥${o.order.total_payment.toLocaleString('ja-JP')}`);
  });

  it('shows the bank account and deadline of an unpaid 銀行振込 order; refuses bad names and a cancelled order', async () => {
    const a = await p.product({ price: 1500, taxRate: 10, stock: 5 });
    const id = await order([[a, 1]], 'bank_transfer');
    const o = orderSchema.parse(await (await p.shop.request('GET', `/v1/me/orders/${id}`, { token: p.demo })).json());
    const text = await pdfText(await receipt(id, '山田 太郎'));
    expect(text).toContain('請求書（適格請求書）');
    expect(text).toContain('山田 太郎 様');
    expect(text).toContain('お振込先');
    const account = String(o.payment_detail!.bank_account).split('\n')[0];
    expect(text).toContain(account);
    const deadline = String(o.payment_detail!.deadline);
    expect(text).toContain(`お振込期限：${deadline.slice(0, 10).replaceAll('-', '.')}`);
    expect(text).not.toContain('※は軽減税率対象商品です');
    // A form's encoding (space as +), as the storefront's client sends it.
    const plus = await p.shop.request('GET', `/v1/me/orders/${id}/download/receipt?${new URLSearchParams({ name: '佐藤 花子' })}`, {
      token: p.demo,
    });
    expect(await pdfText(plus)).toContain('佐藤 花子 様');

    let res = await receipt(id, null);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.name[0]).toContain('宛名');
    res = await receipt(id, 'あ'.repeat(51));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.name[0]).toContain('宛名');
    expect((await receipt(id, '山田', null)).status).toBe(401);

    await cancel(id, { cancel_reason: '不要になった' });
    res = await receipt(id, '山田');
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('order.receipt.cancelled');
  });

  it('are limited to 30 per member in 10 minutes (each is drawn anew): then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let n = 0; n < 31 && !limited; n++) {
      const res = await receipt(99_999_999, '山田');
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(limited, statuses.join(',')).not.toBeNull();
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited!.json()).message).toMatch(/[ぁ-んァ-ン一-龯]/);
  });
});

describe('GET /v1/openapi.json', () => {
  it('documents the cancellation and the receipt download', async () => {
    const doc = await (await p.shop.request('GET', '/v1/openapi.json')).json();
    const path = (end: string) => doc.paths[Object.keys(doc.paths).find((x) => x.endsWith(end))!];
    expect(path('/me/orders/{id}/cancel').put.requestBody.content['application/json'].schema).toBeTruthy();
    expect(Object.keys(path('/me/orders/{id}/download/receipt').get.responses['200'].content)).toEqual(['application/pdf']);
  });
});
