/**
 * The staff's order list, detail and export (GET /admin/v1/orders, /orders/{id}, /orders/export.csv):
 * each filter proven by an order that must match and one that must not, the sorts, the pagination
 * headers, 422s by field in Japanese, the role check (an editor: 403), another channel's order a 404,
 * and a detail that carries no password hash, security answer or payment provider reference.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inquiries,
  order_histories,
  order_items,
  order_shipments,
  orders,
  payment_methods,
  payment_transactions,
  users,
} from '../../api/src/db/schema/index.ts';
import { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { benefitSteps } from './benefits-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const pay: Record<string, { id: number; name: string }> = {};

const { ok, cartWith, readyToDecide, decide, newMember } = benefitSteps(() => shop);
const db = () => shop.database.db;

async function loginAs(who: { login: string; password: string }) {
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
  return (await res.json()).access_token as string;
}
const get = (path: string, token = tokens.staff, channel?: string) =>
  shop.request('GET', `/admin/v1${path}`, { token, ...(channel ? { channel } : {}) });
const list = async (query: string) => {
  const res = await get(`/orders?${query}`);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { res, nos: (body as { order_no: string }[]).map((o) => o.order_no), body };
};
/** The fixtures live in March 2019 (Japan time), a range no other order of this file reaches. */
const RANGE = 'from=2019-03-01&to=2019-03-31';

const address = (last: string, first: string, kana: [string, string], phone: string) => ({
  shipping_name: '',
  last_name: last,
  first_name: first,
  last_name_kana: kana[0],
  first_name_kana: kana[1],
  postal_code: '1500001',
  formatted_postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address1: '神宮前1-1',
  address2: '',
  combined_address: '',
  full_address: '',
  phone_number: phone,
  cell_phone_number: null,
  division_ct: 1,
  is_default: false,
});

let cart = 900_000;
/** An order row as the decision writes it, with the fields a test names. */
async function fixture(
  key: string,
  o: {
    at: string;
    no?: string;
    channel?: string;
    status?: string;
    payment?: string;
    payment_status?: string;
    total?: number;
    customer?: [string, string, string, string];
    email?: string;
    phone?: string;
    deliveries?: ReturnType<typeof address>[];
    shipped?: number[];
  },
) {
  const id = 800_000 + cart - 900_000;
  const [last, first, lastKana, firstKana] = o.customer ?? ['中村', '光', 'ナカムラ', 'ヒカル'];
  await db()
    .insert(orders)
    .values({
      id,
      order_no: o.no ?? `20190301-${String(id).padStart(6, '0')}`,
      channel_id: o.channel ?? 'default',
      cart_id: cart++,
      status: o.status ?? 'ordered',
      payment_id: pay[o.payment ?? 'bank_transfer'].id,
      payment_name: pay[o.payment ?? 'bank_transfer'].name,
      payment_status: o.payment_status ?? 'pending',
      subtotal: 1000,
      total_tax: 100,
      total_carriage: 0,
      total_payment: o.total ?? 1100,
      amount_by_tax_rate: [],
      shippings: (o.deliveries ?? [address(last, first, [lastKana, firstKana], '0311112222')]).map((a) => ({
        address: a,
        delivery_date: null,
        delivery_timezone: null,
      })),
      customer: {
        last_name: last,
        first_name: first,
        last_name_kana: lastKana,
        first_name_kana: firstKana,
        email: o.email ?? `${key}@example.jp`,
        phone_number: o.phone ?? '0300000000',
      },
      created_at: new Date(o.at),
    });
  const deliveries = o.deliveries?.length ?? 1;
  await db()
    .insert(order_items)
    .values(
      Array.from({ length: deliveries }, (_, i) => ({
        order_id: id,
        key: `k${i}`,
        code: `FX-${i}`,
        name: `商品${i + 1}`,
        unit_price: 1000,
        tax_rate: 10,
        quantity: 1,
        tax_amount: 100,
        subtotal: 1000,
        shipping_index: i,
      })),
    );
  for (const index of o.shipped ?? [])
    await db()
      .insert(order_shipments)
      .values({ order_id: id, shipping_index: index, carrier: 'yamato', tracking_no: `1234-${id}-${index}` });
  ids[key] = id;
  return id;
}
const noOf = async (key: string) => (await db().select({ no: orders.order_no }).from(orders).where(sql`${orders.id} = ${ids[key]}`))[0].no;

beforeAll(async () => {
  shop = await createTestShop();
  for (const who of [DEV_STAFF, DEV_ADMIN, DEV_EDITOR]) tokens[who.role] = await loginAs(who);
  for (const p of await db().select().from(payment_methods)) pay[p.code] = { id: p.id, name: p.name };
  const two = [address('山田', '花子', ['ヤマダ', 'ハナコ'], '0311112222'), address('佐藤', '一郎', ['サトウ', 'イチロウ'], '09011112222')];
  await fixture('yamada', {
    at: '2019-03-01T14:59:00Z',
    customer: ['山田', '太郎', 'ヤマダ', 'タロウ'],
    email: 'Taro.Yamada@Example.jp',
    total: 5000,
  });
  await fixture('gift', {
    at: '2019-03-01T15:00:00Z',
    customer: ['鈴木', '次郎', 'スズキ', 'ジロウ'],
    deliveries: two,
    shipped: [0],
    status: 'shipped',
    payment: 'card',
    payment_status: 'captured',
    total: 9000,
  });
  await fixture('shipped', {
    at: '2019-03-10T03:00:00Z',
    status: 'shipped',
    deliveries: [two[0], two[1]],
    shipped: [0, 1],
    payment: 'cod',
    payment_status: 'pending',
    total: 3000,
  });
  await fixture('legacy', { at: '2019-03-11T03:00:00Z', status: 'shipped', payment: 'cod', total: 2000 });
  await fixture('cancelled', { at: '2019-03-12T03:00:00Z', status: 'cancelled', payment_status: 'cancelled', total: 1000 });
  await fixture('outlet', { at: '2019-03-13T03:00:00Z', channel: 'outlet', customer: ['山田', '三郎', 'ヤマダ', 'サブロウ'] });
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

describe('GET /admin/v1/orders', () => {
  it('is refused to an editor (403 auth.forbidden) and to no session (401)', async () => {
    for (const path of ['/orders', `/orders/${ids.yamada}`, '/orders/export.csv?format=b2']) {
      const res = await get(path, tokens.editor);
      expect(res.status, path).toBe(403);
      expect((await res.json()).code).toBe('auth.forbidden');
      expect((await get(path, '')).status).toBe(401);
    }
    expect((await get('/orders', tokens.admin)).status).toBe(200);
  });

  it("lists the channel's orders newest first, 50 per page, with the pagination headers", async () => {
    const { res, nos, body } = await list(RANGE);
    expect(nos).toEqual(await Promise.all(['cancelled', 'legacy', 'shipped', 'gift', 'yamada'].map(noOf)));
    expect(res.headers.get('x-total')).toBe('5');
    expect(res.headers.get('x-per-page')).toBe('50');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(body.find((o: { order_no: string }) => o.order_no === nos[3])).toMatchObject({
      customer_name: '鈴木 次郎',
      customer_kana: 'スズキ ジロウ',
      payment_code: 'card',
      payment_status_label: 'カード売上確定',
      state: 'partial',
      state_label: '一部発送',
      shipped_count: 1,
      delivery_count: 2,
      total_payment: 9000,
    });
    const page2 = await list(`${RANGE}&per=2&page=2`);
    expect(page2.nos).toEqual(nos.slice(2, 4));
    expect([page2.res.headers.get('x-last-page'), page2.res.headers.get('x-current-page')]).toEqual(['3', '2']);
  });

  it('finds an order by its whole number or a part of it', async () => {
    const no = await noOf('yamada');
    expect((await list(`order_no=${no}`)).nos).toEqual([no]);
    expect((await list(`${RANGE}&order_no=${no.slice(-6)}`)).nos).toEqual([no]);
  });

  it("finds by name or kana of the customer or of a delivery's addressee, spaces ignored and hiragana read as katakana", async () => {
    expect((await list(`${RANGE}&name=${encodeURIComponent('山田 太郎')}`)).nos).toEqual([await noOf('yamada')]);
    expect((await list(`${RANGE}&name=${encodeURIComponent('やまだたろう')}`)).nos).toEqual([await noOf('yamada')]);
    // 佐藤 一郎 is only a delivery's addressee of two orders; 山田 matches the customer of one and an addressee of the others.
    expect((await list(`${RANGE}&name=${encodeURIComponent('サトウ')}`)).nos).toEqual(await Promise.all(['shipped', 'gift'].map(noOf)));
    expect((await list(`${RANGE}&name=${encodeURIComponent('山田')}`)).nos).toEqual(
      await Promise.all(['shipped', 'gift', 'yamada'].map(noOf)),
    );
    expect((await list(`${RANGE}&name=${encodeURIComponent('100%')}`)).nos).toEqual([]);
  });

  it('finds by a part of the e-mail address (any case) and by phone digits with or without hyphens', async () => {
    expect((await list(`${RANGE}&email=taro.yamada`)).nos).toEqual([await noOf('yamada')]);
    expect((await list(`${RANGE}&phone=090-1111-2222`)).nos).toEqual(await Promise.all(['shipped', 'gift'].map(noOf)));
    expect((await list(`${RANGE}&phone=0300000000`)).nos).toHaveLength(5);
  });

  it('filters by 対応状況: 未発送, 一部発送, 発送済み (an order shipped before per-delivery shipments included), キャンセル', async () => {
    const by = async (status: string) => (await list(`${RANGE}&status=${status}`)).nos;
    expect(await by('ordered')).toEqual([await noOf('yamada')]);
    expect(await by('partial')).toEqual([await noOf('gift')]);
    expect(await by('shipped')).toEqual(await Promise.all(['legacy', 'shipped'].map(noOf)));
    expect(await by('cancelled')).toEqual([await noOf('cancelled')]);
  });

  it('filters by payment method and by payment state', async () => {
    expect((await list(`${RANGE}&payment=cod`)).nos).toEqual(await Promise.all(['legacy', 'shipped'].map(noOf)));
    expect((await list(`${RANGE}&payment_status=captured`)).nos).toEqual([await noOf('gift')]);
    expect((await list(`${RANGE}&payment=cod&payment_status=captured`)).nos).toEqual([]);
  });

  it('reads the dates as Japan days, both ends included', async () => {
    // yamada: 2019-03-01 23:59 JST; gift: 2019-03-02 00:00 JST.
    expect((await list('from=2019-03-01&to=2019-03-01')).nos).toEqual([await noOf('yamada')]);
    expect((await list('from=2019-03-02&to=2019-03-02')).nos).toEqual([await noOf('gift')]);
  });

  it('lists the X-Channel-Id channel by default, another with channel=, every channel with channel=all', async () => {
    expect((await list(RANGE)).nos).not.toContain(await noOf('outlet'));
    expect((await list(`${RANGE}&channel=outlet`)).nos).toEqual([await noOf('outlet')]);
    const all = await list(`${RANGE}&channel=all`);
    expect(all.nos).toHaveLength(6);
    expect(all.body[0]).toMatchObject({ channel_id: 'outlet' });
  });

  it('sorts by total, order number and 対応状況, both ways', async () => {
    expect((await list(`${RANGE}&sort=total&dir=asc`)).nos).toEqual(
      await Promise.all(['cancelled', 'legacy', 'shipped', 'yamada', 'gift'].map(noOf)),
    );
    expect((await list(`${RANGE}&sort=total`)).nos[0]).toBe(await noOf('gift'));
    const byNo = (await list(`${RANGE}&sort=order_no&dir=asc`)).nos;
    expect(byNo).toEqual([...byNo].sort());
    expect((await list(`${RANGE}&sort=status&dir=asc`)).nos).toEqual(
      await Promise.all(['yamada', 'legacy', 'shipped', 'gift', 'cancelled'].map(noOf)),
    );
  });

  it('answers 422 by field in Japanese for a wrong date, an end before the start, an unknown sort, payment method, channel or key', async () => {
    const errors = async (query: string) => {
      const res = await get(`/orders?${query}`);
      expect(res.status, query).toBe(422);
      return (await res.json()).errors as Record<string, string[]>;
    };
    expect((await errors('from=2026-02-30')).from).toEqual(['受注日（開始）は正しい日付ではありません']);
    expect((await errors('to=2026/12/01')).to).toEqual(['受注日（終了）は正しい日付ではありません']);
    expect((await errors('from=2026-12-02&to=2026-12-01')).to).toEqual(['受注日（終了）は受注日（開始）以降の日付にしてください']);
    expect((await errors('sort=price')).sort).toEqual(['選択された並び順は正しくありません']);
    expect((await errors('status=lost')).status).toEqual(['選択された対応状況は正しくありません']);
    expect((await errors('payment=paypay')).payment).toEqual(['選択された支払方法は正しくありません']);
    expect((await errors('channel=nowhere')).channel).toEqual(['選択された販売チャネルは正しくありません']);
    expect((await errors('per=0')).per).toBeDefined();
    expect((await errors('stauts=ordered'))._).toEqual(['指定できない項目が含まれています：stauts']);
    // A blank field of the filter form is no filter.
    expect((await list(`${RANGE}&name=&status=&sort=`)).nos).toHaveLength(5);
  });
});

describe('GET /admin/v1/orders/{id}', () => {
  let real: { id: number; no: string };
  beforeAll(async () => {
    const m = await newMember();
    const { token } = await cartWith([[10_000, 10, 2]], m.token);
    await ok(shop.request('PATCH', '/v1/carts/other/modify', { token: m.token, body: { token, note: '午前中に届けてください' } }));
    await readyToDecide(token, m.token, m.addressId, 'bank_transfer');
    const d = await ok(decide(token, m.token));
    real = { id: d.order_id, no: d.order_no };
    await db().update(users).set({ security_answer_hash: 'answer-hash-secret', security_question_ct: 1 }).where(sql`${users.id} = ${m.id}`);
    await db()
      .update(orders)
      .set({ payment_detail: sql`payment_detail || '{"ref":"pi_secret_ref","fraud":{"score":1}}'::jsonb` })
      .where(sql`${orders.id} = ${real.id}`);
    await db().insert(payment_transactions).values({
      cart_id: 1,
      order_id: real.id,
      provider: 'test',
      method: 'bank',
      provider_ref: 'txn_secret_ref',
      status: 'pending',
      amount: 22_000,
    });
    await db()
      .insert(order_histories)
      .values({
        order_id: real.id,
        at: new Date(Date.now() + 1000),
        editor_name: '開発用スタッフ',
        action: 'order.note',
        message: 'お電話で確認しました',
      });
    await db()
      .insert(inquiries)
      .values({
        channel_id: 'default',
        payload: {
          category_name: 'ご注文について',
          name: '中村 光',
          email: 'n@example.jp',
          body: `注文番号 ${real.no} の配送日を変えたい`,
        },
      });
    await db()
      .insert(inquiries)
      .values({
        channel_id: 'default',
        payload: { category_name: 'その他', name: '別の人', email: 'x@example.jp', body: '関係のない問い合わせ' },
      });
  });

  it('answers the order with lines, delivery, payment, points, the customer, messages, history and the actions allowed', async () => {
    const res = await get(`/orders/${real.id}`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      order_no: real.no,
      state: 'ordered',
      state_label: '未発送',
      customer: { last_name: '中村', first_name: '光', is_guest: false },
      payment: {
        code: 'bank_transfer',
        status: 'pending',
        status_label: '未入金',
        transactions: [{ method: 'bank', status: 'pending', amount: 22_000 }],
      },
      messages: { note: '午前中に届けてください' },
      actions: { can_pay: true, can_ship: false, can_cancel: true, can_change_amount: true },
    });
    expect(body.lines).toEqual([
      expect.objectContaining({
        quantity: 2,
        unit_price: 10_000,
        unit_price_with_tax: 11_000,
        subtotal_with_tax: 22_000,
        shipping_index: 0,
      }),
    ]);
    expect(body.deliveries).toEqual([
      expect.objectContaining({
        index: 0,
        shipment: null,
        can_ship: false,
        address: expect.objectContaining({ last_name: '中村', city: '千代田区' }),
      }),
    ]);
    expect(body.messages.inquiries.map((q: { body: string }) => q.body)).toEqual([`注文番号 ${real.no} の配送日を変えたい`]);
    expect(body.history.map((h: { message: string }) => h.message)).toEqual(['お電話で確認しました', 'ご注文']);
    expect(body.history[0].editor_name).toBe('開発用スタッフ');
  });

  it("never carries a password hash, a security answer or the payment provider's reference", async () => {
    const text = await (await get(`/orders/${real.id}`)).text();
    for (const secret of [
      'password_hash',
      'security_answer',
      'answer-hash-secret',
      'provider_ref',
      'txn_secret_ref',
      'pi_secret_ref',
      '"ref"',
      'fraud',
      '$scrypt',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("shows a delivery's shipment with its tracking link and answers 404 for another channel's order unless channel= names it", async () => {
    const gift = await (await get(`/orders/${ids.gift}`)).json();
    expect(gift.deliveries[0].shipment).toMatchObject({
      carrier: 'yamato',
      carrier_name: 'ヤマト運輸',
      tracking_url: expect.stringContaining(`1234${ids.gift}0`),
    });
    expect(gift.deliveries.map((d: { can_ship: boolean }) => d.can_ship)).toEqual([false, true]);
    expect(gift).toMatchObject({ state: 'partial', actions: { can_pay: false, can_ship: true, can_change_amount: false } });

    const other = await get(`/orders/${ids.outlet}`);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe('common.not_found');
    expect((await get(`/orders/${ids.outlet}?channel=outlet`)).status).toBe(200);
    expect((await get(`/orders/${ids.outlet}`, tokens.staff, 'outlet')).status).toBe(200);
    expect((await get('/orders/99999999')).status).toBe(404);
    expect((await get('/orders/abc')).status).toBe(422);
  });
});

describe('GET /admin/v1/orders/export.csv', () => {
  const csv = async (query: string) => {
    const res = await get(`/orders/export.csv?${query}`);
    expect(res.status, query).toBe(200);
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('writes the filtered orders as B2 rows, one per delivery of the orders not cancelled, in Shift_JIS', async () => {
    const { res, bytes } = await csv(`${RANGE}&format=b2&encoding=sjis`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=Shift_JIS');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-b2-\d{8}-sjis\.csv"$/);
    const lines = new TextDecoder('shift_jis', { fatal: true }).decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"お客様管理番号","送り状種類","クール区分","伝票番号",/);
    // yamada 1, gift 2, shipped 2, legacy 1 deliveries; the cancelled order is left out.
    expect(lines).toHaveLength(1 + 6);
    const [cancelled, gift] = [await noOf('cancelled'), await noOf('gift')];
    expect(lines.some((l) => l.startsWith(`"${cancelled}`))).toBe(false);
    expect(lines.filter((l) => l.startsWith(`"${gift}-`))).toHaveLength(2);
  });

  it('writes 受注一覧 in UTF-8 with a BOM, one row per order, cancelled ones included; e飛伝 with its own header', async () => {
    const { bytes } = await csv(`${RANGE}&format=orders`);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"注文番号","受注日時",/);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(`"${await noOf('cancelled')}"`);
    const ehiden = new TextDecoder()
      .decode((await csv(`${RANGE}&format=ehiden&status=ordered`)).bytes.slice(3))
      .trimEnd()
      .split('\r\n');
    expect(ehiden[0]).toMatch(/^"お届け先コード取得区分","お届け先コード","お届け先電話番号",/);
    expect(ehiden).toHaveLength(2);
  });

  it('answers 422 for an unknown format or encoding, and past 10,000 orders asks for a narrower filter', async () => {
    const res = await get('/orders/export.csv?format=xls&encoding=euc');
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(['encoding', 'format']);
    await db().execute(sql`insert into orders (id, order_no, channel_id, cart_id, payment_id, payment_name, subtotal, total_tax, total_carriage, total_payment, amount_by_tax_rate, shippings, customer, created_at)
      select 700000 + g, '20180101-' || (700000 + g), 'default', 700000 + g, ${pay.cod.id}, '代金引換', 0, 0, 0, 0, '[]', '[]', '{}', '2018-01-01T03:00:00Z'
      from generate_series(1, 10001) g`);
    const over = await get('/orders/export.csv?format=orders&from=2018-01-01&to=2018-01-01');
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({ code: 'order.export.too_many', message: expect.stringContaining('10,000件まで') });
  });
});
