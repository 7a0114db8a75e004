/** Paper catalogues (GET /v1/catalog) and the catalogue order of /catalog-order/ (POST /v1/catalog-orders). */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogListSchema, catalogOrderResponseSchema } from '#contracts/catalog-order.ts';
import { catalog_orders, outbox_emails } from '../../api/src/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const order = (catalogId: number, email = 'catalog@example.jp') => ({
  catalog_id: catalogId,
  name: '鈴木 次郎',
  kana: 'スズキ ジロウ',
  postal_code: '530-0001',
  prefecture: '大阪府',
  city: '大阪市北区',
  address1: '梅田1-2-3',
  address2: 'カタログビル5F',
  phone_number: '0612345678',
  email,
  note: '春夏号を希望します',
});
const post = (body: unknown, channel?: string) => shop.request('POST', '/v1/catalog-orders', { body, channel });

describe('catalogues', () => {
  it("lists the channel's own catalogues", async () => {
    const main = catalogListSchema.parse(await (await shop.request('GET', '/v1/catalog')).json());
    const outlet = catalogListSchema.parse(await (await shop.request('GET', '/v1/catalog', { channel: 'outlet' })).json());
    expect(main.length).toBeGreaterThanOrEqual(1);
    expect(outlet.length).toBeGreaterThanOrEqual(1);
    expect(main.map((c) => c.id)).not.toContain(outlet[0].id);
    expect(main[0].name).toContain('カタログ');
  });
});

describe('catalogue order', () => {
  it('stores the order and mails the shop and the shopper', async () => {
    const [catalog] = await (await shop.request('GET', '/v1/catalog')).json();
    const res = await post(order(catalog.id, 'first@example.jp'));
    const body = catalogOrderResponseSchema.parse(await res.json());
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ catalog_name: catalog.name, message: expect.stringContaining('承りました') });
    const [row] = await shop.database.db.select().from(catalog_orders).where(eq(catalog_orders.id, body.id));
    expect(row).toMatchObject({ channel_id: 'default', catalog_id: catalog.id, user_id: null });
    expect(row.payload).toMatchObject({
      name: '鈴木 次郎',
      postal_code: '5300001',
      prefecture: '大阪府',
      email: 'first@example.jp',
      note: '春夏号を希望します',
    });
    const mails = (await shop.database.db.select().from(outbox_emails)).filter((m) => m.body.includes(`受付番号：${body.id}`));
    const shopMail = mails.find((m) => m.template === 'catalog_order_shop')!;
    const ack = mails.find((m) => m.template === 'catalog_order_ack')!;
    expect(shopMail.to_address).toBe('shop@example.jp');
    expect(shopMail.body).toContain('〒530-0001 大阪府大阪市北区梅田1-2-3 カタログビル5F');
    expect(ack.to_address).toBe('first@example.jp');
    expect(ack.subject).toContain('カタログのご請求を承りました');
  });

  it("refuses bad input field by field in Japanese, and another channel's catalogue", async () => {
    const [catalog] = await (await shop.request('GET', '/v1/catalog')).json();
    const [outlet] = await (await shop.request('GET', '/v1/catalog', { channel: 'outlet' })).json();
    const res = await post({
      ...order(catalog.id),
      name: '',
      kana: 'すずき',
      postal_code: '5300',
      email: 'not-mail',
      phone_number: '06-1234-5678',
      note: 'x'.repeat(501),
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors).toMatchObject({
      name: ['お名前は必須項目です'],
      kana: ['フリガナは全角カタカナで入力してください'],
      postal_code: ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'],
      email: ['メールアドレスは有効なメールアドレスではありません'],
      note: ['ご要望・備考は500文字以内にしてください'],
    });
    expect(errors.phone_number[0]).toContain('電話番号');
    const other = await post(order(outlet.id));
    expect(other.status).toBe(422);
    expect((await other.json()).errors.catalog_id).toEqual(['選択されたカタログは正しくありません']);
    const pref = await post({ ...order(catalog.id), prefecture: 'どこか' });
    expect((await pref.json()).errors.prefecture).toEqual(['選択された都道府県は正しくありません']);
  });

  it('is rate limited per e-mail address (429 with Retry-After)', async () => {
    const [catalog] = await (await shop.request('GET', '/v1/catalog')).json();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(order(catalog.id, 'flood@example.jp'))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await post(order(catalog.id, 'flood@example.jp'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toContain('しばらく');
  });
});
