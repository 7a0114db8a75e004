/**
 * Several delivery addresses (ORDER.SHIPPING.IS_ALLOW_MULTIPLE on for the default channel): lines
 * divided among shipments, delivery date and time per shipment, wrapping and のし fees with the
 * totals, 備考, validation in Japanese by field, and the order's snapshot and mail.
 */

import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '#contracts/cart.ts';
import { cartLeadtimesSchema } from '#contracts/delivery.ts';
import { orderSchema } from '#contracts/orders.ts';
import { cart_shippings, order_items, orders, outbox_emails, settings, user_addresses } from '../../api/src/db/schema/index.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let product: ReturnType<typeof productPicker>;
let addresses: { id: number; name: string; prefecture: string }[];
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
  demo = await loginDemo(shop);
  addresses = await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const patch = (path: string, body: unknown, token: string | undefined = demo) =>
  shop.request('PATCH', `/v1/carts/${path}`, { body, token });
async function ok(res: Response | Promise<Response>) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body;
}
async function failure(res: Response | Promise<Response>, status = 422) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(status);
  return body;
}
async function cartWith(lines: { price: number; quantity: number }[]) {
  const cart = await ok(shop.request('POST', '/v1/carts/init', { body: { token: null }, token: demo }));
  const ids: number[] = [];
  for (const l of lines) {
    const id = await product({ price: l.price });
    ids.push(id);
    await ok(patch('products/add', { token: cart.token, product_id: id, quantity: l.quantity }));
  }
  return { token: cart.token as string, ids };
}
const leadtimes = async (token: string, query = '') =>
  cartLeadtimesSchema.parse(await ok(shop.request('GET', `/v1/shipping-leadtime/carts/${token}${query}`, { token: demo })));

describe('several delivery addresses', () => {
  it('divides lines over two addresses with their own dates, wrapping and のし, and orders them', async () => {
    const [home, family] = addresses;
    const { token, ids } = await cartWith([
      { price: 1000, quantity: 3 },
      { price: 2000, quantity: 1 },
    ]);
    let cart = await ok(patch('shippings/add', { token, user_address_id: home.id }));
    cart = await ok(patch('shippings/add', { token, user_address_id: family.id }));
    cartSchema.parse(cart);
    const [s1, s2] = cart.detail.shippings;
    expect(s1.product_keys).toHaveLength(2);
    expect(s2.product_keys).toEqual([]);
    expect(s2.address).not.toHaveProperty('name'); // a saved address's label is not copied
    // The same saved address twice stays one shipping.
    expect((await ok(patch('shippings/add', { token, user_address_id: family.id }))).detail.shippings).toHaveLength(2);

    const lineA = cart.detail.products.find((p: { product_info: { id: number } }) => p.product_info.id === ids[0]);
    cart = await ok(patch('products/divide', { token, key: lineA.key, shipping_id: s2.id, quantity: 1 }));
    const linesOf = (id: number) =>
      cart.detail.products
        .filter((p: { shipping_id: number }) => p.shipping_id === id)
        .map((p: { product_info: { id: number }; quantity: number }) => [p.product_info.id, p.quantity]);
    expect(linesOf(s1.id)).toEqual([
      [ids[0], 2],
      [ids[1], 1],
    ]);
    expect(linesOf(s2.id)).toEqual([[ids[0], 1]]);

    cart = await ok(patch('packings/add', { token, shipping_id: s1.id, packing_key: 'gift', noshi_type: '御祝', noshi_name: '山田太郎' }));
    cart = await ok(patch('packings/add', { token, shipping_id: s2.id, packing_key: 'box' }));
    cart = await ok(patch('packings/modify', { token, shipping_id: s2.id, noshi_type: '内祝' }));
    const [p1, p2] = cart.detail.shippings;
    expect(p1).toMatchObject({
      packing_name: 'ギフトラッピング',
      packing_fee: 330,
      noshi_type: '御祝',
      noshi_name: '山田太郎',
      noshi_fee: 110,
      carriage: 660,
    });
    expect(p2).toMatchObject({ packing_name: '高級ギフトボックス', packing_fee: 550, noshi_type: '内祝', noshi_fee: 110, carriage: 660 });
    // Goods 2×1,100 + 2,200 and 1,100; each shipment under 5,500 pays 660; wrapping and のし 330+110+550+110.
    expect(cart.detail.order).toMatchObject({ subtotal_with_tax: 5500, total_carriage: 1320, total_packing: 1100, total_payment: 7920 });

    const lt = await leadtimes(token);
    expect(lt.leadtimes.map((l) => l.order_shipping_id)).toEqual([s1.id, s2.id]);
    expect(lt.packings.map((p) => [p.key, p.fee])).toEqual([
      ['none', 0],
      ['simple', 0],
      ['gift', 330],
      ['box', 550],
    ]);
    expect(lt.noshi.fee).toBe(110);
    const [d1, d2] = lt.leadtimes;
    cart = await ok(patch('shippings/modify', { token, shipping_id: s1.id, delivery_date: d1.dates[0], delivery_timezone: '0812' }));
    cart = await ok(patch('shippings/modify', { token, shipping_id: s2.id, delivery_date: d2.dates[3], delivery_timezone: '1416' }));
    expect(
      cart.detail.shippings.map((s: { delivery_date: string; delivery_timezone_label: string }) => [
        s.delivery_date,
        s.delivery_timezone_label,
      ]),
    ).toEqual([
      [d1.dates[0], '午前中'],
      [d2.dates[3], '14時〜16時'],
    ]);
    cart = await ok(patch('other/modify', { token, note: '不在の場合は宅配ボックスへお願いします。' }));
    expect(cart.detail.others).toEqual({ note: '不在の場合は宅配ボックスへお願いします。' });

    const payments = await ok(shop.request('GET', '/v1/payments'));
    const bank = payments.find((p: { code: string }) => p.code === 'bank_transfer');
    await ok(patch('order/modify', { token, payment_id: bank.id }));
    const decided = await ok(shop.request('POST', `/v1/carts/${token}/decision`, { token: demo, body: {} }));
    const db = shop.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.order_no, decided.order_no));
    expect(order).toMatchObject({
      total_payment: 7920,
      total_packing: 1100,
      total_carriage: 1320,
      others: { note: '不在の場合は宅配ボックスへお願いします。' },
    });
    const snap = order.shippings as Record<string, unknown>[];
    expect(snap).toHaveLength(2);
    expect(snap[0]).toMatchObject({
      delivery_date: d1.dates[0],
      delivery_timezone: '0812',
      delivery_timezone_label: '午前中',
      packing_key: 'gift',
      noshi_type: '御祝',
      noshi_name: '山田太郎',
      carriage: 660,
    });
    expect(snap[1]).toMatchObject({ delivery_date: d2.dates[3], delivery_timezone: '1416', packing_key: 'box', noshi_type: '内祝' });
    const items = await db.select().from(order_items).where(eq(order_items.order_id, order.id)).orderBy(order_items.id);
    expect(items.map((i) => [i.product_id, i.quantity, i.shipping_index])).toEqual([
      [ids[0], 2, 0],
      [ids[1], 1, 0],
      [ids[0], 1, 1],
    ]);
    const [mail] = await db
      .select()
      .from(outbox_emails)
      .where(eq(outbox_emails.template, 'order_confirmation'))
      .orderBy(desc(outbox_emails.id))
      .limit(1);
    expect(mail.body).toContain('■ お届け先（2件）');
    expect(mail.body).toContain('【お届け先2】');
    expect(mail.body).toContain('のし：御祝（名入れ：山田太郎）（¥110）');
    // Spec 9: the delivery dates as YYYY.MM.DD with the weekday, never 「12月4日（金）」.
    expect(mail.body).toContain(
      `お届け希望日時：${d1.dates[0].replaceAll('-', '.')}（${'日月火水木金土'[new Date(`${d1.dates[0]}T00:00:00Z`).getUTCDay()]}） 午前中`,
    );
    expect(mail.body).toContain(`お届け希望日時：${d2.dates[3].replaceAll('-', '.')}（`);
    expect(mail.body).not.toMatch(/\d+月\d+日/);
    expect(mail.body).toContain('ラッピング・のし：¥1,100（税込）');

    // The member's order shows each shipment as decided: its lines, date and time, wrapping, のし, carriage; and the 備考.
    const mine = orderSchema.parse(await ok(shop.request('GET', `/v1/me/orders/${order.id}`, { token: demo })));
    expect(mine.note).toBe('不在の場合は宅配ボックスへお願いします。');
    expect(mine.shippings.map(({ address: _a, product_keys: _k, ...s }) => s)).toEqual([
      {
        delivery_date: d1.dates[0],
        delivery_timezone_label: '午前中',
        packing_name: 'ギフトラッピング',
        packing_fee: 330,
        noshi_type: '御祝',
        noshi_name: '山田太郎',
        noshi_fee: 110,
        carriage: 660,
      },
      {
        delivery_date: d2.dates[3],
        delivery_timezone_label: '14時〜16時',
        packing_name: '高級ギフトボックス',
        packing_fee: 550,
        noshi_type: '内祝',
        noshi_name: null,
        noshi_fee: 110,
        carriage: 660,
      },
    ]);
    expect(mine.shippings.map((s) => s.address.full_address)).toEqual([
      cart.detail.shippings[0].address.full_address,
      cart.detail.shippings[1].address.full_address,
    ]);
    // Each order line belongs to exactly one shipment (the divided product is two lines with their own keys).
    const shipmentOf = (key: string) => mine.shippings.findIndex((s) => s.product_keys.includes(key));
    expect(mine.items.map((i) => [i.quantity, shipmentOf(i.key)])).toEqual([
      [2, 0],
      [1, 0],
      [1, 1],
    ]);
    expect(new Set(mine.items.map((i) => i.key)).size).toBe(3);
  });

  it('takes a new address during checkout without a label, and leaves an empty shipping out of the order', async () => {
    const { token } = await cartWith([{ price: 3000, quantity: 1 }]);
    await ok(patch('shippings/add', { token, user_address_id: addresses[0].id }));
    const address = {
      last_name: '鈴木',
      first_name: '一郎',
      last_name_kana: 'スズキ',
      first_name_kana: 'イチロウ',
      postal_code: '060-0001',
      prefecture: '北海道',
      city: '札幌市中央区',
      address1: '北一条西2-1',
      address2: '',
      cell_phone_number: '09011112222',
    };
    const cart = await ok(patch('shippings/add', { token, address }));
    const added = cart.detail.shippings[1];
    expect(added.address).toMatchObject({ last_name: '鈴木', postal_code: '0600001', prefecture: '北海道' });
    const [saved] = await shop.database.db.select().from(user_addresses).where(eq(user_addresses.id, added.user_address_id));
    expect(saved.name).toBe('');
    // 北海道 takes a day more than 東京都.
    const lt = await leadtimes(token, '?choiceMode=range');
    expect(lt.choice_mode).toBe('range');
    const [tokyo, hokkaido] = lt.leadtimes;
    expect(tokyo.dates).toEqual([]);
    expect(Date.parse(hokkaido.earliest!) - Date.parse(tokyo.earliest!)).toBe(86_400_000);
    expect((await leadtimes(token, `?keys=${added.id}`)).leadtimes.map((l) => l.shipping_key)).toEqual([String(added.id)]);

    const payments = await ok(shop.request('GET', '/v1/payments'));
    await ok(patch('order/modify', { token, payment_id: payments.find((p: { code: string }) => p.code === 'bank_transfer').id }));
    const decided = await ok(shop.request('POST', `/v1/carts/${token}/decision`, { token: demo, body: {} }));
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.order_no, decided.order_no));
    expect((order.shippings as unknown[]).length).toBe(1);
    expect(order.total_carriage).toBe(660);
  });

  it('resets: keeping the addresses clears dates, wrapping and のし and puts the lines back together; removing them drops all', async () => {
    const { token } = await cartWith([{ price: 1000, quantity: 2 }]);
    let cart = await ok(patch('shippings/add', { token, user_address_id: addresses[0].id }));
    cart = await ok(patch('shippings/add', { token, user_address_id: addresses[1].id }));
    const [s1, s2] = cart.detail.shippings;
    cart = await ok(patch('products/divide', { token, key: cart.detail.products[0].key, shipping_id: s2.id, quantity: 1 }));
    cart = await ok(patch('packings/add', { token, shipping_id: s1.id, packing_key: 'gift', noshi_type: '寿', noshi_name: '佐藤' }));
    expect(cart.detail.products).toHaveLength(2);
    cart = await ok(patch('shippings/reset', { token }));
    expect(cart.detail.shippings).toHaveLength(2);
    expect(cart.detail.shippings[0]).toMatchObject({ packing_key: null, noshi_type: null, noshi_name: null, delivery_date: null });
    expect(cart.detail.products.map((p: { quantity: number; shipping_id: number }) => [p.quantity, p.shipping_id])).toEqual([[2, s1.id]]);
    cart = await ok(patch('shippings/reset', { token, is_removing_address: true }));
    expect(cart.detail.shippings).toEqual([]);
    expect(cart.flags.needs_shipping).toBe(true);
  });

  it('keeps one address per order when ORDER.SHIPPING.IS_ALLOW_MULTIPLE is off', async () => {
    const db = shop.database.db;
    const key = and(eq(settings.channel_id, 'default'), eq(settings.key, 'ORDER.SHIPPING.IS_ALLOW_MULTIPLE'));
    await db.update(settings).set({ value: false }).where(key);
    try {
      const { token } = await cartWith([{ price: 1000, quantity: 1 }]);
      await ok(patch('shippings/add', { token, user_address_id: addresses[0].id }));
      const cart = await ok(patch('shippings/add', { token, user_address_id: addresses[1].id }));
      expect(cart.detail.shippings.map((s: { user_address_id: number }) => s.user_address_id)).toEqual([addresses[1].id]);
    } finally {
      await db.update(settings).set({ value: true }).where(key);
    }
  });
});

describe('delivery validation', () => {
  it('answers each wrong field in Japanese', async () => {
    const { token } = await cartWith([{ price: 1000, quantity: 2 }]);
    const cart = await ok(patch('shippings/add', { token, user_address_id: addresses[0].id }));
    const s = cart.detail.shippings[0];
    const key = cart.detail.products[0].key;
    const errorsOf = async (path: string, body: unknown) => (await failure(patch(path, { token, ...(body as object) }))).errors;

    expect(
      (await errorsOf('packings/add', { shipping_id: s.id, packing_key: 'gift', noshi_type: '御祝', noshi_name: 'あ'.repeat(21) }))
        .noshi_name,
    ).toEqual(['のしの名入れは20文字以内にしてください']);
    expect((await errorsOf('packings/add', { shipping_id: s.id, packing_key: 'gift', noshi_type: '御霊前' })).noshi_type).toEqual([
      '選択されたのしは正しくありません',
    ]);
    expect((await errorsOf('packings/add', { shipping_id: s.id, packing_key: 'nope' })).packing_key).toEqual([
      '選択されたラッピングは正しくありません',
    ]);
    expect((await errorsOf('packings/modify', { shipping_id: s.id, noshi_name: '山田' })).noshi_type[0]).toContain('のしの種類');
    expect((await errorsOf('packings/modify', { shipping_id: 999_999 })).shipping_id).toEqual(['お届け先が見つかりません']);
    expect((await errorsOf('products/divide', { key, shipping_id: s.id, quantity: 3 })).quantity).toEqual([
      '数量は2以下で指定してください',
    ]);
    expect((await errorsOf('other/modify', { note: 'あ'.repeat(501) })).note).toEqual(['備考は500文字以内にしてください']);
    expect((await errorsOf('shippings/modify', { shipping_id: s.id, delivery_timezone: '2224' })).delivery_timezone).toEqual([
      '選択されたお届け時間帯は正しくありません',
    ]);
    expect((await errorsOf('shippings/modify', { shipping_id: s.id, delivery_date: '2026-02-30' })).delivery_date).toEqual([
      'お届け希望日は正しい日付ではありません',
    ]);
    const lt = await leadtimes(token);
    const before = new Date(Date.parse(lt.leadtimes[0].earliest!) - 86_400_000).toISOString().slice(0, 10);
    expect((await errorsOf('shippings/modify', { shipping_id: s.id, delivery_date: before })).delivery_date[0]).toMatch(
      /^お届け希望日は\d{4}\.\d{2}\.\d{2}以降の選択できる日付からお選びください$/,
    );
    const bad = await errorsOf('shippings/add', {
      address: { last_name: '', first_name: '一郎', postal_code: '12-345', prefecture: '東京都', city: '渋谷区', address1: '1-1' },
    });
    expect(bad['address.last_name']).toEqual(['姓は必須項目です']);
    expect(bad['address.postal_code']).toEqual(['郵便番号は郵便番号の形式で入力してください。　例：123-4567']);
    expect(
      (
        await errorsOf('shippings/add', {
          address: { last_name: '鈴木', first_name: '一郎', postal_code: '1500001', prefecture: '東京', city: '渋谷区', address1: '1-1' },
        })
      ).prefecture,
    ).toEqual(['選択された都道府県は正しくありません']);
    expect((await errorsOf('shippings/add', {})).user_address_id).toEqual(['お届け先を選択するか、新しいお届け先を入力してください']);
    expect(
      (await failure(shop.request('GET', `/v1/shipping-leadtime/carts/${token}?choiceMode=week`, { token: demo }))).errors.choiceMode,
    ).toEqual(['選択された選択方式は正しくありません']);
    // Nothing was half-written.
    const [row] = await shop.database.db.select().from(cart_shippings).where(eq(cart_shippings.id, s.id));
    expect(row).toMatchObject({ packing_key: null, noshi_type: null, delivery_date: null });
  });

  it('refuses the decision when a chosen delivery date can no longer be chosen', async () => {
    const { token } = await cartWith([{ price: 1000, quantity: 1 }]);
    const cart = await ok(patch('shippings/add', { token, user_address_id: addresses[0].id }));
    await shop.database.db
      .update(cart_shippings)
      .set({ delivery_date: '2026-01-05' })
      .where(eq(cart_shippings.id, cart.detail.shippings[0].id));
    const payments = await ok(shop.request('GET', '/v1/payments'));
    await ok(patch('order/modify', { token, payment_id: payments.find((p: { code: string }) => p.code === 'bank_transfer').id }));
    const body = await failure(shop.request('POST', `/v1/carts/${token}/decision`, { token: demo, body: {} }));
    expect(body.code).toBe('cart.decision.delivery_date_unavailable');
    const a = cart.detail.shippings[0].address;
    expect(body.message).toBe(
      `${a.last_name} ${a.first_name} 様へのお届け希望日（2026.01.05）はご指定いただけなくなりました。お届け日時を選び直してください。`,
    );
  });
});
