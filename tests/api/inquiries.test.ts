/** The contact form (POST /v1/inquiries): prepare and submit, Japanese field messages, business fields, honeypot, rate limits, mails. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryResponseSchema } from '#contracts/inquiries.ts';
import { createApp } from '../../api/src/app.ts';
import { inquiries, outbox_emails } from '../../api/src/db/schema/index.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
let uploads: string;
let categories: { id: number; key: string; name: string; children: { id: number; key: string; name: string }[] }[];
beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'inquiry-uploads-'));
  shop = await createTestShop({ UPLOAD_DIR: uploads });
  categories = await (await shop.request('GET', '/v1/categories/hierarchy?table=inquiries')).json();
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await rm(uploads, { recursive: true, force: true });
});

const categoryId = (key: string) => {
  for (const c of categories) {
    if (c.key === key) return c.id;
    const child = c.children.find((x) => x.key === key);
    if (child) return child.id;
  }
  throw new Error(`no category ${key}`);
};
const inquiry = (email = 'toiawase@example.jp', extra: Record<string, unknown> = {}) => ({
  category_id: categoryId('inquiry-product'),
  name: '山田 花子',
  name_kana: 'ヤマダ ハナコ',
  email,
  phone: '03-1234-5678',
  body: 'サイズ表の見方を教えてください。\n着丈は何センチですか。',
  ...extra,
});
const post = (body: unknown, token?: string) => shop.request('POST', '/v1/inquiries', { body, token });
const mailsOf = async (number: string) => (await shop.database.db.select().from(outbox_emails)).filter((m) => m.subject.includes(number));

describe('inquiry categories', () => {
  it("serves the contact form's categories with the business one and its children", () => {
    const names = categories.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['商品について', 'ご注文について', '配送について', 'その他']));
    expect(categories.find((c) => c.key === 'inquiry-corporate')!.children.length).toBeGreaterThan(0);
  });
});

describe('prepare', () => {
  it('checks and answers the normalised values without storing or mailing anything', async () => {
    const before = (await shop.database.db.select().from(inquiries)).length;
    const res = await post({ ...inquiry('prepare@example.jp'), name: '  山田 花子  ', prepare: true });
    expect(res.status).toBe(200);
    const body = inquiryResponseSchema.parse(await res.json());
    expect(body.number).toBeUndefined();
    expect(body.inquiry).toMatchObject({
      name: '山田 花子',
      category_name: '商品について',
      is_business: false,
      extend: null,
      phone: '03-1234-5678',
    });
    expect((await shop.database.db.select().from(inquiries)).length).toBe(before);
    expect((await shop.database.db.select().from(outbox_emails)).filter((m) => m.to_address === 'prepare@example.jp')).toEqual([]);
  });

  it('refuses bad input field by field in Japanese (required, kana, tel, e-mail, length, category)', async () => {
    const res = await post({
      ...inquiry(),
      prepare: true,
      name: '',
      name_kana: 'やまだ',
      phone: '12-345',
      email: 'not-mail',
      body: 'x'.repeat(2001),
    });
    expect(res.status).toBe(422);
    const { errors, message } = await res.json();
    expect(message).toBe('入力内容に誤りがあります。');
    expect(errors).toMatchObject({
      name: ['お名前は必須項目です'],
      name_kana: ['フリガナは全角カタカナで入力してください'],
      phone: ['電話番号は電話番号のフォーマットで入力してください'],
      email: ['メールアドレスは有効なメールアドレスではありません'],
      body: ['お問い合わせ内容は2000文字以内にしてください'],
    });
    const missing = await post({ prepare: true });
    expect((await missing.json()).errors).toMatchObject({
      category_id: ['お問い合わせ種別は必須項目です'],
      body: ['お問い合わせ内容は必須項目です'],
    });
    const productCategory = (await (await shop.request('GET', '/v1/categories/hierarchy?table=products')).json())[0].id;
    const wrong = await post({ ...inquiry(), category_id: productCategory, prepare: true });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors.category_id).toEqual(['選択されたお問い合わせ種別は正しくありません']);
  });
});

describe('submit', () => {
  it("stores the inquiry and queues the shop's mail and the acknowledgement in the same transaction", async () => {
    const res = await post(inquiry('sender@example.jp'));
    expect(res.status).toBe(201);
    const body = inquiryResponseSchema.parse(await res.json());
    expect(body.number).toMatch(/^Q\d{6}$/);
    const [row] = await shop.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.id, Number(body.number!.slice(1))));
    expect(row.category_id).toBe(categoryId('inquiry-product'));
    expect(row.payload).toMatchObject({
      name: '山田 花子',
      email: 'sender@example.jp',
      user_id: null,
      body: expect.stringContaining('着丈'),
    });
    const mails = await mailsOf(body.number!);
    const toShop = mails.find((m) => m.template === 'inquiry_shop')!;
    const ack = mails.find((m) => m.template === 'inquiry_ack')!;
    expect(toShop.to_address).toBe('shop@example.jp');
    expect(toShop.body).toContain('お問い合わせ種別：商品について');
    expect(ack.to_address).toBe('sender@example.jp');
    expect(ack.subject).toContain('お問い合わせを受け付けました');
    expect(ack.body).toContain('山田 花子 様');
    expect(ack.body).toContain(`お問い合わせ番号：${body.number}`);
    expect(ack.body).toContain('着丈は何センチですか。');
  });

  it('records the member who sent it', async () => {
    const token = await loginDemo(shop);
    const res = await post(inquiry('member-inquiry@example.jp'), token);
    expect(res.status).toBe(201);
    const { number } = await res.json();
    const [row] = await shop.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.id, Number(number.slice(1))));
    expect((row.payload as { user_id: number | null }).user_id).toBeGreaterThan(0);
  });

  it('takes the business fields for the business categories and requires the company name', async () => {
    const corporate = categoryId('inquiry-wholesale');
    const noCompany = await post({ ...inquiry('biz@example.jp'), category_id: corporate, prepare: true });
    expect(noCompany.status).toBe(422);
    expect((await noCompany.json()).errors).toEqual({ 'extend.corporation': ['会社名は必須項目です'] });
    const bad = await post({
      ...inquiry('biz@example.jp'),
      category_id: corporate,
      prepare: true,
      extend: { corporation: '株式会社テスト', url: 'javascript:alert(1)', capital: '一千万', delivery: 4, payment: 0, order_no: '注文1' },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toMatchObject({
      'extend.url': ['ホームページURLの形式が正しくありません'],
      'extend.capital': ['資本金（万円）は数字のみ使用できます'],
      'extend.delivery': ['選択された配送方法は正しくありません'],
      'extend.payment': ['選択されたお支払い方法は正しくありません'],
      'extend.order_no': ['ご注文番号は半角英数字で入力してください'],
    });
    const extend = {
      corporation: '株式会社ひより商店',
      department: '仕入部',
      address: '兵庫県西脇市1-2-3',
      establishment: '1998年4月',
      annual_sale: '12000',
      capital: '1000',
      employee_num: '25',
      business_type: '小売業',
      store_name: 'ひより西脇店',
      business_hours: '10:00〜19:00',
      business_holiday: '水曜日',
      url: 'https://hiyori.example.jp/',
      delivery: 2,
      delivery_company: 'ヤマト運輸',
      payment: 2,
      order_no: '',
    };
    const res = await post({ ...inquiry('biz@example.jp'), category_id: corporate, extend });
    expect(res.status).toBe(201);
    const body = inquiryResponseSchema.parse(await res.json());
    expect(body.inquiry.is_business).toBe(true);
    const [row] = await shop.database.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.id, Number(body.number!.slice(1))));
    const { order_no: _blank, ...kept } = extend;
    expect((row.payload as { extend: unknown }).extend).toEqual(kept);
    const toShop = (await mailsOf(body.number!)).find((m) => m.template === 'inquiry_business_shop')!;
    expect(toShop.body).toContain('会社名：株式会社ひより商店');
    expect(toShop.body).toContain('配送方法：店舗直送');
    expect(toShop.body).toContain('お支払い方法：請求書後払い');
  });

  it('carries an uploaded attachment (its link in both mails) and refuses a URL that is not an upload', async () => {
    const fd = new FormData();
    fd.set('file', new File([Buffer.from('%PDF-1.4\n%%EOF\n')], '見積書.pdf', { type: 'application/pdf' }));
    fd.set('dir', 'inquiries');
    const up = await shop.app.request('/v1/upload-files', { method: 'POST', headers: { 'X-Channel-Id': 'default' }, body: fd });
    expect(up.status).toBe(201);
    const { url } = await up.json();
    const res = await post({ ...inquiry('attach@example.jp'), attachment_url: url });
    expect(res.status).toBe(201);
    const body = inquiryResponseSchema.parse(await res.json());
    expect(body.inquiry.attachment_url).toBe(url);
    const mails = await mailsOf(body.number!);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.body).toContain(`添付ファイル：${shop.env.SITE_URL}${url}`);
    const bogus = await post({ ...inquiry('attach@example.jp'), attachment_url: 'https://evil.example.com/x.png', prepare: true });
    expect(bogus.status).toBe(422);
    expect((await bogus.json()).errors.attachment_url).toEqual(['選択された添付ファイルは正しくありません']);
  });

  it('ignores the business fields of an ordinary category', async () => {
    const res = await post({ ...inquiry('plain@example.jp'), extend: { corporation: '株式会社テスト' } });
    expect(res.status).toBe(201);
    expect((await res.json()).inquiry.extend).toBeNull();
  });
});

describe('spam', () => {
  it('answers a filled honeypot like a send but stores and mails nothing', async () => {
    const count = async () => [
      (await shop.database.db.select().from(inquiries)).length,
      (await shop.database.db.select().from(outbox_emails)).length,
    ];
    const before = await count();
    const res = await post({ ...inquiry('bot@example.jp'), homepage: 'http://spam.example.com' });
    expect(res.status).toBe(201);
    const body = inquiryResponseSchema.parse(await res.json());
    expect(body.number).toMatch(/^Q\d{6}$/);
    expect(await count()).toEqual(before);
  });

  it('limits sends per e-mail address (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(inquiry('flood@example.jp'))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await post(inquiry('flood@example.jp'));
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toContain('しばらく');
    // Prepare is not a send: still checked.
    expect((await post({ ...inquiry('flood@example.jp'), prepare: true })).status).toBe(200);
  });

  it('limits sends per client address', async () => {
    const proxied = createApp({ db: shop.database.db, env: shop.envWith({ TRUSTED_PROXIES: '127.0.0.1' }) });
    const send = (ip: string, i: number) =>
      proxied.request(
        '/v1/inquiries',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Channel-Id': 'default', 'X-Forwarded-For': ip },
          body: JSON.stringify(inquiry(`addr${i}@example.jp`)),
        },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send('203.0.113.9', i)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await send('203.0.113.10', 99)).status).toBe(201);
  });
});
