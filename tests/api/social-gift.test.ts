/**
 * Social gift (spec 7 "Social gift"): the sender buys with 「ソーシャルギフトで贈る」 and gets a link;
 * the receiver enters the address and delivery date once; the sender never sees the address.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema } from '#contracts/cart.ts';
import { orderSchema } from '#contracts/orders.ts';
import { socialGiftCompleteSchema, socialGiftLeadtimeSchema, socialGiftShippingSchema } from '#contracts/social-gift.ts';
import { orders, outbox_emails, settings, social_gifts } from '../../api/src/db/schema/index.ts';
import { createTestShop, loginDemo, onPostgres, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let product: ReturnType<typeof productPicker>;
let payments: { id: number; code: string }[];
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
  demo = await loginDemo(shop);
  payments = await (await shop.request('GET', '/v1/payments')).json();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const paymentId = (code: string) => payments.find((p) => p.code === code)!.id;
async function ok(res: Response | Promise<Response>, status = 200) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(status);
  return body;
}
async function failure(res: Response | Promise<Response>, status: number) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(status);
  expect(body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  return body;
}
const patch = (path: string, body: unknown) => shop.request('PATCH', `/v1/carts/${path}`, { body, token: demo });

/** The demo member's open cart, emptied, with one product. */
async function giftCart(opts: { sender_name?: string; message?: string } = {}) {
  const { token } = await ok(shop.request('POST', '/v1/carts/init', { body: { token: null }, token: demo }));
  await ok(patch('reset', { token }));
  await ok(patch('products/add', { token, product_id: await product({ price: 3000, stock: 20 }), quantity: 2 }));
  const cart = await ok(
    patch('social/receiver', {
      token,
      is_social_gift: true,
      sender_name: opts.sender_name ?? '山田 花子',
      message: opts.message ?? 'お誕生日おめでとう！',
    }),
  );
  return { token, cart };
}

/** Places a gift order paid by bank transfer; returns the order and the link's secret. */
async function sendGift(opts: { sender_name?: string; message?: string } = {}) {
  const { token } = await giftCart(opts);
  await ok(patch('order/modify', { token, payment_id: paymentId('bank_transfer') }));
  const decision = await ok(shop.request('POST', `/v1/carts/${token}/decision`, { token: demo }));
  expect(decision.social_gift_url).toMatch(/^http:\/\/localhost:4321\/social-gift\/[\w-]{43}\/$/);
  const secret = new URL(decision.social_gift_url).pathname.split('/')[2];
  return { ...(decision as { order_no: string; order_id: number; social_gift_url: string }), secret, cartToken: token };
}

const receiverAddress = {
  last_name: '佐藤',
  first_name: '一郎',
  last_name_kana: 'サトウ',
  first_name_kana: 'イチロウ',
  postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address1: '神宮前9-8-7',
  address2: 'ギフトハイツ301',
  phone_number: '09011112222',
};

async function choices(secret: string, query = '?pref=%E6%9D%B1%E4%BA%AC%E9%83%BD') {
  return socialGiftLeadtimeSchema.parse(await ok(shop.request('GET', `/v1/shipping-leadtime/input/${secret}${query}`)));
}

describe('the sender', () => {
  it('marks the cart as a gift: no address needed, name and message kept, choosing an address dropped', async () => {
    const { cart } = await giftCart({ sender_name: '山田', message: 'いつもありがとう' });
    cartSchema.parse(cart);
    expect(cart.is_social_gift).toBe(true);
    expect(cart.social_gift).toEqual({ sender_name: '山田', message: 'いつもありがとう' });
    expect(cart.flags.needs_shipping).toBe(false);
    expect(cart.detail.shippings).toEqual([]);
    const off = await ok(patch('social/receiver', { token: cart.token, is_social_gift: false }));
    expect(off).toMatchObject({ is_social_gift: false, social_gift: null, flags: { needs_shipping: true } });
  });

  it('refuses 代金引換 and 後払い for a gift (their setting social_gift: false): not offered, not choosable, and a chosen one is unset', async () => {
    const { token } = await giftCart();
    const offered = await ok(shop.request('GET', `/v1/payments/carts/${token}`, { token: demo }));
    expect(offered.map((p: { code: string }) => p.code)).not.toContain('cod');
    expect(offered.map((p: { code: string }) => p.code)).not.toContain('deferred');
    expect(offered.map((p: { code: string }) => p.code)).toContain('bank_transfer');
    const refused = await failure(patch('order/modify', { token, payment_id: paymentId('cod') }), 422);
    expect(refused).toMatchObject({
      code: 'social_gift.payment.not_available',
      message: 'ソーシャルギフトのご注文では代金引換をご利用いただけません。別のお支払い方法を選択してください。',
    });
    const deferred = await failure(patch('order/modify', { token, payment_id: paymentId('deferred') }), 422);
    expect(deferred.message).toContain('後払い');
    await ok(patch('social/receiver', { token, is_social_gift: false }));
    expect((await ok(patch('order/modify', { token, payment_id: paymentId('cod') }))).payment_id).toBe(paymentId('cod'));
    const again = await ok(patch('social/receiver', { token, is_social_gift: true }));
    expect(again.payment_id).toBeNull();
  });

  it('validates the receiver call: a message over 200 characters, a NUL, a missing flag', async () => {
    const { token } = await giftCart();
    const long = await failure(patch('social/receiver', { token, is_social_gift: true, message: 'あ'.repeat(201) }), 422);
    expect(long.errors.message[0]).toBe('メッセージは200文字以内にしてください');
    expect((await failure(patch('social/receiver', { token, is_social_gift: true, sender_name: 'a\u0000b' }), 422)).errors).toBeDefined();
    expect((await failure(patch('social/receiver', { token }), 422)).errors.is_social_gift[0]).toContain('ソーシャルギフト');
    await failure(shop.request('PATCH', '/v1/carts/social/receiver', { body: { token: 'no-such-cart', is_social_gift: true } }), 404);
  });

  it('gets the link once: only its SHA-256 is stored, it is mailed, the order mail has no address', async () => {
    const before = new Date();
    const gift = await sendGift();
    const [row] = await shop.database.db.select().from(social_gifts).where(eq(social_gifts.order_id, gift.order_id));
    expect(row.token_hash).toBe(createHash('sha256').update(gift.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(gift.secret);
    expect(row).toMatchObject({ status: 'waiting', sender_name: '山田 花子', message: 'お誕生日おめでとう！', address: null });
    const days = (row.expires_at.getTime() - before.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    const mails = await shop.database.db.select().from(outbox_emails).where(eq(outbox_emails.template, 'social_gift_link'));
    const mail = mails.find((m) => m.body.includes(gift.social_gift_url))!;
    expect(mail.to_address).toMatch(/@/);
    expect(mail.subject).toContain('ソーシャルギフト');
    const [confirmation] = await shop.database.db
      .select()
      .from(outbox_emails)
      .where(and(eq(outbox_emails.template, 'order_confirmation')))
      .then((r) => r.filter((m) => m.body.includes(gift.order_no)));
    expect(confirmation.body).toContain('ソーシャルギフト');
    // A repeated decision answers the same order without a second link.
    const again = await ok(shop.request('POST', `/v1/carts/${gift.cartToken}/decision`, { token: demo }));
    expect(again).toEqual({ order_no: gift.order_no, order_id: gift.order_id });
  });

  it('takes the expiry from SOCIAL_GIFT.EXPIRE_DAYS', async () => {
    await shop.database.db.insert(settings).values({ channel_id: 'default', key: 'SOCIAL_GIFT.EXPIRE_DAYS', value: 3, is_public: false });
    try {
      const gift = await sendGift();
      const [row] = await shop.database.db.select().from(social_gifts).where(eq(social_gifts.order_id, gift.order_id));
      expect(Math.round((row.expires_at.getTime() - Date.now()) / 86_400_000)).toBe(3);
    } finally {
      await shop.database.db.delete(settings).where(and(eq(settings.channel_id, 'default'), eq(settings.key, 'SOCIAL_GIFT.EXPIRE_DAYS')));
    }
  });
});

describe('the receiver', () => {
  it('sees what the gift is and who sent it, without prices', async () => {
    const { secret } = await sendGift({ sender_name: '田中', message: 'ささやかですが' });
    const items = await ok(shop.request('GET', `/v1/social-gifts/${secret}/products`));
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(2);
    expect(items[0].product_info).toEqual(expect.objectContaining({ name: expect.any(String), code: expect.any(String) }));
    expect(JSON.stringify(items)).not.toMatch(/price|subtotal|total/);
    const res = await shop.request('GET', `/v1/social-gifts/${secret}/shipping`);
    // Keyed by the secret and changing once received: no browser or shared cache keeps it.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const shipping = socialGiftShippingSchema.parse(await ok(res));
    expect(shipping).toMatchObject({ status: 'waiting', status_label: '受け取り待ち', sender_name: '田中', message: 'ささやかですが' });
  });

  it('has the address checked by the spec-5 rules, field by field in Japanese', async () => {
    const checked = await ok(shop.request('POST', '/v1/social-gifts/check/shipping', { body: receiverAddress }));
    expect(checked.address).toMatchObject({
      postal_code: '1500001',
      formatted_postal_code: '150-0001',
      full_address: '〒150-0001 東京都渋谷区神宮前9-8-7 ギフトハイツ301',
    });
    const bad = await failure(
      shop.request('POST', '/v1/social-gifts/check/shipping', {
        body: {
          ...receiverAddress,
          last_name: '',
          last_name_kana: 'さとう',
          postal_code: '15-0001',
          phone_number: '090-1111-2222',
          city: '',
        },
      }),
      422,
    );
    expect(bad.errors).toMatchObject({
      last_name: ['姓は必須項目です'],
      last_name_kana: ['セイは全角カタカナで入力してください'],
      postal_code: ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'],
      city: ['市区町村は必須項目です'],
    });
    expect(bad.errors.phone_number[0]).toContain('電話番号');
    const noPhone = await failure(
      shop.request('POST', '/v1/social-gifts/check/shipping', { body: { ...receiverAddress, phone_number: '' } }),
      422,
    );
    expect(noPhone.errors.phone_number).toEqual(['電話番号は必須項目です']);
    const pref = await failure(
      shop.request('POST', '/v1/social-gifts/check/shipping', { body: { ...receiverAddress, prefecture: '東京' } }),
      422,
    );
    expect(pref.errors.prefecture).toEqual(['選択された都道府県は正しくありません']);
    const mismatch = await failure(
      shop.request('POST', '/v1/social-gifts/check/shipping', { body: { ...receiverAddress, prefecture: '大阪府' } }),
      422,
    );
    expect(mismatch.errors.postal_code[0]).toContain('一致しません');
  });

  it('chooses among the delivery dates and slots of the region; anything else is refused on the field', async () => {
    const { secret } = await sendGift();
    const c = await choices(secret);
    expect(c.dates.length).toBeGreaterThan(5);
    expect(c.earliest).toBe(c.dates[0]);
    expect(c.timezones.length).toBeGreaterThan(0);
    expect(await choices(secret, '?postal=150-0001')).toEqual(c);
    const body = { token: secret, prefecture: '東京都', delivery_date: c.dates[1], delivery_timezone: c.timezones[0].code };
    expect(await ok(shop.request('POST', '/v1/social-gifts/check/delivery', { body }))).toEqual({
      delivery_date: c.dates[1],
      delivery_timezone: c.timezones[0].code,
      delivery_timezone_label: c.timezones[0].label,
    });
    expect(
      await ok(
        shop.request('POST', '/v1/social-gifts/check/delivery', { body: { ...body, delivery_date: null, delivery_timezone: null } }),
      ),
    ).toEqual({ delivery_date: null, delivery_timezone: null, delivery_timezone_label: '指定なし' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const past = await failure(
      shop.request('POST', '/v1/social-gifts/check/delivery', { body: { ...body, delivery_date: yesterday } }),
      422,
    );
    expect(past.errors.delivery_date[0]).toContain('お届け希望日');
    const slot = await failure(
      shop.request('POST', '/v1/social-gifts/check/delivery', { body: { ...body, delivery_timezone: 'midnight' } }),
      422,
    );
    expect(slot.errors.delivery_timezone).toBeDefined();
    const notDate = await failure(
      shop.request('POST', '/v1/social-gifts/check/delivery', { body: { ...body, delivery_date: '2026-02-30x' } }),
      422,
    );
    expect(notDate.errors.delivery_date).toBeDefined();
  });

  it('enters the address once; the order gets it, the sender sees only お届け先入力済み', async () => {
    const gift = await sendGift();
    const c = await choices(gift.secret);
    const waiting = orderSchema.parse(await ok(shop.request('GET', `/v1/me/orders/${gift.order_id}`, { token: demo })));
    expect(waiting.social_gift).toMatchObject({ status: 'waiting', status_label: '受け取り待ち' });
    expect(waiting.shippings).toEqual([]);

    const put = { shipping: receiverAddress, delivery_date: c.dates[2], delivery_timezone: c.timezones[0].code };
    const done = socialGiftCompleteSchema.parse(await ok(shop.request('PUT', `/v1/social-gifts/${gift.secret}`, { body: put })));
    expect(done).toMatchObject({
      status: 'received',
      status_label: 'お届け先入力済み',
      delivery_date: c.dates[2],
      delivery_timezone_label: c.timezones[0].label,
    });
    const complete = await ok(shop.request('GET', `/v1/social-gifts/${gift.secret}/complete`));
    expect(complete).toMatchObject({ status: 'received', delivery_date: c.dates[2] });

    // The shop's order now has the receiver's address and date.
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, gift.order_id));
    expect(row.is_social_gift).toBe(true);
    expect(row.shippings).toEqual([
      expect.objectContaining({
        delivery_date: c.dates[2],
        delivery_timezone: c.timezones[0].code,
        address: expect.objectContaining({
          last_name: '佐藤',
          postal_code: '1500001',
          full_address: '〒150-0001 東京都渋谷区神宮前9-8-7 ギフトハイツ301',
        }),
      }),
    ]);

    // No answer to the sender (or to the link) carries the receiver's name or address.
    const views = [
      await ok(shop.request('GET', `/v1/me/orders/${gift.order_id}`, { token: demo })),
      await ok(shop.request('GET', `/v1/carts/order/${gift.order_no}`, { token: demo })),
      await ok(shop.request('GET', '/v1/me/orders?per=50', { token: demo })),
      complete,
      done,
    ];
    for (const v of views) expect(JSON.stringify(v)).not.toMatch(/佐藤|神宮前9-8-7|ギフトハイツ|09011112222|サトウ/);
    expect(views[0].social_gift).toMatchObject({ status: 'received', status_label: 'お届け先入力済み' });
    expect(views[0].shippings).toEqual([]);
    const notice = await shop.database.db.select().from(outbox_emails).where(eq(outbox_emails.template, 'social_gift_received'));
    expect(notice.some((m) => m.body.includes(gift.order_no) && !m.body.includes('神宮前'))).toBe(true);

    // The link is used now: a second PUT and the receiver's reads answer a clear Japanese 410.
    const second = await failure(shop.request('PUT', `/v1/social-gifts/${gift.secret}`, { body: put }), 410);
    expect(second).toMatchObject({ code: 'social_gift.received' });
    expect(second.message).toContain('お受け取りの手続きが完了');
    expect((await failure(shop.request('GET', `/v1/social-gifts/${gift.secret}/shipping`), 410)).code).toBe('social_gift.received');
    expect((await failure(shop.request('GET', `/v1/social-gifts/${gift.secret}/products`), 410)).code).toBe('social_gift.received');
  });

  it('refuses a PUT with a bad address or date without using the link', async () => {
    const gift = await sendGift();
    const bad = await failure(
      shop.request('PUT', `/v1/social-gifts/${gift.secret}`, {
        body: { shipping: { ...receiverAddress, first_name_kana: 'いちろう' }, delivery_date: null, delivery_timezone: null },
      }),
      422,
    );
    expect(bad.errors['shipping.first_name_kana']).toEqual(['メイは全角カタカナで入力してください']);
    await failure(
      shop.request('PUT', `/v1/social-gifts/${gift.secret}`, {
        body: { shipping: receiverAddress, delivery_date: '2000-01-01', delivery_timezone: null },
      }),
      422,
    );
    expect((await ok(shop.request('GET', `/v1/social-gifts/${gift.secret}/shipping`))).status).toBe('waiting');
    await failure(shop.request('GET', `/v1/social-gifts/${gift.secret}/complete`), 409);
  });

  it("an unknown link is 404, another channel's too; an expired one 410 and 期限切れ for the sender", async () => {
    expect((await failure(shop.request('GET', `/v1/social-gifts/${'x'.repeat(43)}/shipping`), 404)).code).toBe('social_gift.not_found');
    const gift = await sendGift();
    expect((await failure(shop.request('GET', `/v1/social-gifts/${gift.secret}/shipping`, { channel: 'outlet' }), 404)).code).toBe(
      'social_gift.not_found',
    );
    await shop.database.db
      .update(social_gifts)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(social_gifts.order_id, gift.order_id));
    const expired = await failure(shop.request('GET', `/v1/social-gifts/${gift.secret}/shipping`), 410);
    expect(expired.code).toBe('social_gift.expired');
    expect(expired.message).toContain('期限');
    const put = await failure(
      shop.request('PUT', `/v1/social-gifts/${gift.secret}`, {
        body: { shipping: receiverAddress, delivery_date: null, delivery_timezone: null },
      }),
      410,
    );
    expect(put.code).toBe('social_gift.expired');
    const order = await ok(shop.request('GET', `/v1/me/orders/${gift.order_id}`, { token: demo }));
    expect(order.social_gift).toMatchObject({ status: 'expired', status_label: '期限切れ' });
  });

  it.runIf(onPostgres)(
    "the receiver's PUT and the sender's cancel at once: 410 social_gift.cancelled or stored before it, never a deadlock",
    async () => {
      for (let i = 0; i < 5; i++) {
        const gift = await sendGift();
        const [put, cancel] = await Promise.all([
          shop.request('PUT', `/v1/social-gifts/${gift.secret}`, {
            body: { shipping: receiverAddress, delivery_date: null, delivery_timezone: null },
          }),
          shop.request('PUT', `/v1/me/orders/${gift.order_id}/cancel`, { token: demo, body: { cancel_reason: '贈り先を間違えたため' } }),
        ]);
        const putBody = await put.json();
        expect(cancel.status, JSON.stringify(await cancel.json())).toBe(200);
        expect([200, 410], JSON.stringify(putBody)).toContain(put.status);
        if (put.status === 410) expect(putBody.code).toBe('social_gift.cancelled');
        const [g] = await shop.database.db.select().from(social_gifts).where(eq(social_gifts.order_id, gift.order_id));
        expect(g.status).toBe('cancelled');
      }
    },
  );

  it.runIf(onPostgres)('two PUTs at once: exactly one stores its address', async () => {
    const gift = await sendGift();
    const bodies = ['一郎', '二郎', '三郎', '四郎'].map((first_name) => ({
      shipping: { ...receiverAddress, first_name },
      delivery_date: null,
      delivery_timezone: null,
    }));
    const answers = await Promise.all(bodies.map((body) => shop.request('PUT', `/v1/social-gifts/${gift.secret}`, { body })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410]);
    const winner = bodies[answers.findIndex((r) => r.status === 200)].shipping.first_name;
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, gift.order_id));
    expect((row.shippings as { address: { first_name: string } }[]).map((s) => s.address.first_name)).toEqual([winner]);
    const [g] = await shop.database.db.select().from(social_gifts).where(eq(social_gifts.order_id, gift.order_id));
    expect((g.address as { first_name: string }).first_name).toBe(winner);
  });
});
