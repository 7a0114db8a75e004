/**
 * The editor API's content: create, read, list, update and delete of every CMS type, scoped to the
 * channel of X-Channel-Id; validation answered 422 with Japanese messages by field; keys already used
 * answered 409; HTML sanitised on save, so a script, an event handler or a javascript: link an editor
 * pastes never comes back, from the editor API or the public one; every change moves the content
 * version the storefront polls (GET /v1/content-state).
 */

import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentStateSchema } from '#contracts/content.ts';
import { blogs, brands, qa_categories } from '../../api/src/db/schema/index.ts';
import { DEV_EDITOR } from '../../api/src/db/seed/index.ts';
import { createTestShop, type RequestOptions, type TestShop } from './helpers.ts';

let shop: TestShop;
let token: string;
let categoryId: number;
beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_EDITOR.login, password: DEV_EDITOR.password } });
  token = (await res.json()).access_token;
  const [cat] = await shop.database.db
    .select({ id: qa_categories.id })
    .from(qa_categories)
    .where(eq(qa_categories.channel_id, 'default'))
    .limit(1);
  categoryId = cat.id;
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const admin = (method: string, path: string, opts: RequestOptions = {}) => shop.request(method, `/admin/v1${path}`, { token, ...opts });
const version = async () => contentStateSchema.parse(await (await shop.request('GET', '/v1/content-state')).json()).version;

const XSS =
  '<p>本文</p><script>alert(1)</script><img src="https://example.jp/a.png" onerror="alert(2)"><a href="javascript:alert(3)">リンク</a>';
function expectClean(html: unknown) {
  expect(typeof html).toBe('string');
  const s = String(html);
  expect(s).not.toMatch(/<script|alert\(1\)|onerror|javascript:/i);
  expect(s).toContain('<p>本文</p>');
}

/** For each type: a valid body, a changed one, the field to check after the update, and an HTML field. */
const cases: {
  type: string;
  create: () => Record<string, unknown>;
  update: () => Record<string, unknown>;
  field: string;
  html?: string;
}[] = [
  {
    type: 'blogs',
    field: 'title',
    html: 'body',
    create: () => ({
      key: 'admin-blog',
      title: '編集部のブログ',
      excerpt: '抜粋',
      body: XSS,
      tags: ['新作'],
      published_at: '2026-01-10T09:00:00+09:00',
    }),
    update: () => ({ key: 'admin-blog', title: '編集部のブログ（改）', body: '<p>本文</p>', published_at: '2026-01-10' }),
  },
  {
    type: 'news',
    field: 'title',
    html: 'body',
    create: () => ({
      key: 'admin-news',
      title: '営業日のお知らせ',
      body: XSS,
      is_important: true,
      published_at: '2026-01-11T10:00:00+09:00',
    }),
    update: () => ({
      key: 'admin-news',
      title: '営業日のお知らせ（更新）',
      body: '<p>本文</p>',
      published_at: '2026-01-11T10:00:00+09:00',
    }),
  },
  {
    type: 'qa-categories',
    field: 'name',
    create: () => ({ name: '配送について', sort: 5 }),
    update: () => ({ name: '配送・送料について', sort: 6 }),
  },
  {
    type: 'qas',
    field: 'question',
    html: 'answer',
    create: () => ({ qa_category_id: categoryId, question: '送料はいくらですか？', answer: XSS }),
    update: () => ({ qa_category_id: categoryId, question: '送料はいくらですか？（改）', answer: '<p>本文</p>' }),
  },
  {
    type: 'makers',
    field: 'name',
    html: 'description',
    create: () => ({ key: 'admin-maker', name: '新メーカー', name_kana: 'シンメーカー', description: XSS, image: '/images/maker.png' }),
    update: () => ({ key: 'admin-maker', name: '新メーカー（改）', description: '<p>本文</p>' }),
  },
  {
    type: 'stylists',
    field: 'name',
    html: 'profile',
    create: () => ({ key: 'admin-stylist', name: '山田 花子', profile: XSS }),
    update: () => ({ key: 'admin-stylist', name: '山田 花子（改）', profile: '<p>本文</p>' }),
  },
  {
    type: 'landing-pages',
    field: 'title',
    html: 'body',
    create: () => ({ key: 'admin-lp', title: '春の特集', body: XSS }),
    update: () => ({ key: 'admin-lp', title: '春の特集（改）', body: '<p>本文</p>' }),
  },
  {
    type: 'static-pages',
    field: 'title',
    html: 'body',
    create: () => ({ url: 'admin/page', title: '編集部のページ', body: XSS }),
    update: () => ({ url: '/admin/page/', title: '編集部のページ（改）', body: '<p>本文</p>' }),
  },
  {
    type: 'banners',
    field: 'title',
    create: () => ({ area: 'top', title: '春のセール', image: 'https://example.jp/b.png', link: '/blog/', is_show: true }),
    update: () => ({ area: 'top', title: '春のセール（延長）', link: 'https://example.jp/sale', is_show: false }),
  },
];

describe('CRUD of every content type', () => {
  for (const c of cases) {
    it(`${c.type}: create, get, list, update, delete; each write moves the content version`, async () => {
      let v = await version();
      const created = await admin('POST', `/${c.type}`, { body: c.create() });
      expect(created.status, await created.clone().text()).toBe(201);
      expect(created.headers.get('cache-control')).toBe('private, no-store');
      const item = await created.json();
      expect(typeof item.id).toBe('number');
      if (c.html) expectClean(item[c.html]);
      expect(await version()).toBeGreaterThan(v);
      v = await version();

      const got = await admin('GET', `/${c.type}/${item.id}`);
      expect(got.status).toBe(200);
      expect((await got.json())[c.field]).toBe(item[c.field]);

      const list = await admin('GET', `/${c.type}?per=100`);
      expect(list.status).toBe(200);
      expect(Number(list.headers.get('x-total'))).toBeGreaterThan(0);
      expect((await list.json()).map((r: { id: number }) => r.id)).toContain(item.id);

      const updated = await admin('PUT', `/${c.type}/${item.id}`, { body: c.update() });
      expect(updated.status, await updated.clone().text()).toBe(200);
      expect((await updated.json())[c.field]).toBe(c.update()[c.field]);
      expect(await version()).toBeGreaterThan(v);
      v = await version();

      expect((await admin('DELETE', `/${c.type}/${item.id}`)).status).toBe(204);
      expect(await version()).toBeGreaterThan(v);
      const gone = await admin('GET', `/${c.type}/${item.id}`);
      expect(gone.status).toBe(404);
      expect((await gone.json()).message).toMatch(/が見つかりません。$/);
      expect((await admin('DELETE', `/${c.type}/${item.id}`)).status).toBe(404);
    });
  }

  it('pages lists with page and per, and the pagination headers', async () => {
    const res = await admin('GET', '/blogs?page=2&per=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-per-page')).toBe('3');
    expect(res.headers.get('x-current-page')).toBe('2');
    expect((await res.json()).length).toBeLessThanOrEqual(3);
    const bad = await admin('GET', '/blogs?per=1000');
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.per[0]).toContain('表示件数');
  });
});

describe('scoped by channel (X-Channel-Id)', () => {
  it("keeps a channel's post out of another channel's editor lists and reads", async () => {
    const res = await admin('POST', '/news', {
      body: { key: 'only-default', title: '本店のみ', body: '<p>x</p>', published_at: '2026-01-01' },
    });
    const { id } = await res.json();
    expect((await admin('GET', `/news/${id}`, { channel: 'outlet' })).status).toBe(404);
    expect(
      (
        await admin('PUT', `/news/${id}`, {
          channel: 'outlet',
          body: { key: 'only-default', title: '乗っ取り', body: '<p>x</p>', published_at: '2026-01-01' },
        })
      ).status,
    ).toBe(404);
    expect((await admin('DELETE', `/news/${id}`, { channel: 'outlet' })).status).toBe(404);
    // The same key is free in the other channel.
    expect(
      (
        await admin('POST', '/news', {
          channel: 'outlet',
          body: { key: 'only-default', title: 'アウトレット', body: '<p>y</p>', published_at: '2026-01-01' },
        })
      ).status,
    ).toBe(201);
    expect((await admin('GET', '/news', { channel: 'no-such-channel' })).status).toBe(404);
  });

  it("refuses a FAQ item in another channel's category (422 by field)", async () => {
    const [other] = await shop.database.db
      .select({ id: qa_categories.id })
      .from(qa_categories)
      .where(eq(qa_categories.channel_id, 'outlet'))
      .limit(1);
    const otherId =
      other?.id ?? (await (await admin('POST', '/qa-categories', { channel: 'outlet', body: { name: 'アウトレット' } })).json()).id;
    const res = await admin('POST', '/qas', { body: { qa_category_id: otherId, question: '質問', answer: '<p>回答</p>' } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.qa_category_id).toEqual(['選択されたFAQカテゴリは正しくありません']);
  });
});

describe('validation', () => {
  it('answers 422 with Japanese messages by field for every wrong field of a blog post', async () => {
    const res = await admin('POST', '/blogs', {
      body: {
        key: 'Bad Key!',
        title: '',
        body: '',
        image: 'javascript:alert(1)',
        tags: ['x'.repeat(51)],
        published_at: '明日',
      },
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe('入力内容に誤りがあります。');
    expect(body.errors.key).toEqual(['キーは半角英小文字・数字・ハイフン・アンダースコアで入力してください']);
    expect(body.errors.title).toEqual(['タイトルは必須項目です']);
    expect(body.errors.body).toEqual(['本文は必須項目です']);
    expect(body.errors.image[0]).toContain('画像URL');
    expect(body.errors['tags.0']).toEqual(['タグは50文字以内にしてください']);
    expect(body.errors.published_at).toEqual(['公開日時は正しい日付ではありません']);
  });

  it('refuses titles longer than the limit, unknown fields, a link to javascript:, a NUL byte and an oversized body', async () => {
    const long = await admin('POST', '/news', {
      body: { key: 'long', title: 'あ'.repeat(201), body: '<p>x</p>', published_at: '2026-01-01' },
    });
    expect((await long.json()).errors.title).toEqual(['タイトルは200文字以内にしてください']);
    const unknown = await admin('POST', '/landing-pages', { body: { key: 'lp-x', title: 'x', body: '<p>x</p>', channel_id: 'outlet' } });
    expect(unknown.status).toBe(422);
    const link = await admin('POST', '/banners', { body: { area: 'top', title: 'x', link: 'javascript:alert(1)' } });
    expect(link.status).toBe(422);
    expect((await link.json()).errors.link[0]).toContain('リンク先URL');
    const protocolRelative = await admin('POST', '/banners', { body: { area: 'top', title: 'x', link: '//evil.example/' } });
    expect(protocolRelative.status).toBe(422);
    const nul = await admin('POST', '/news', { body: { key: 'nul', title: 'a\u0000b', body: '<p>x</p>', published_at: '2026-01-01' } });
    expect(nul.status).toBe(422);
    const huge = await admin('POST', '/news', {
      body: { key: 'huge', title: 'x', body: 'x'.repeat(2 * 1024 * 1024), published_at: '2026-01-01' },
    });
    expect(huge.status).toBe(413);
    const pathParam = await admin('GET', '/news/99999999999');
    expect(pathParam.status).toBe(422);
  });

  it('answers 409 with the field when a key or URL is already used, never 500', async () => {
    const [existing] = await shop.database.db.select({ key: blogs.key }).from(blogs).where(eq(blogs.channel_id, 'default')).limit(1);
    const res = await admin('POST', '/blogs', { body: { key: existing.key, title: '重複', body: '<p>x</p>', published_at: '2026-01-01' } });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.errors.key).toEqual(['このキーは既に使われています。別のキーを入力してください。']);
    const page = await admin('POST', '/static-pages', { body: { url: 'dup-page', title: 'x', body: '<p>x</p>' } });
    expect(page.status).toBe(201);
    const dup = await admin('POST', '/static-pages', { body: { url: '/dup-page/', title: 'y', body: '<p>y</p>' } });
    expect(dup.status).toBe(409);
    expect((await dup.json()).errors.url[0]).toContain('このURLのページは既にあります');
  });

  it('refuses to delete a maker that brands still use (409) and a blog naming a missing stylist (422)', async () => {
    const [brand] = await shop.database.db.select({ maker: brands.maker_id }).from(brands).where(isNotNull(brands.maker_id)).limit(1);
    const res = await admin('DELETE', `/makers/${brand.maker}`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('このメーカーはブランドや商品で使われているため削除できません。');
    const blog = await admin('POST', '/blogs', {
      body: { key: 'no-stylist', title: 'x', body: '<p>x</p>', stylist_id: 2147483647, published_at: '2026-01-01' },
    });
    expect(blog.status).toBe(422);
    expect((await blog.json()).errors.stylist_id).toEqual(['選択されたスタイリストは正しくありません']);
  });
});

describe('HTML sanitised on save', () => {
  it('strips <script>, onerror and javascript: links from a blog post, in the editor API, the stored row and the public API', async () => {
    const res = await admin('POST', '/blogs', {
      body: { key: 'xss-check', title: 'XSS', body: XSS, published_at: '2026-01-02T00:00:00+09:00' },
    });
    expect(res.status).toBe(201);
    const item = await res.json();
    expectClean(item.body);
    expect(item.body).toContain('<img src="https://example.jp/a.png" />');
    const [row] = await shop.database.db.select({ body: blogs.body }).from(blogs).where(eq(blogs.id, item.id));
    expectClean(row.body);
    const pub = await shop.request('GET', '/v1/blogs/xss-check');
    expect(pub.status).toBe(200);
    expectClean((await pub.json()).body);
    const update = await admin('PUT', `/blogs/${item.id}`, {
      body: {
        key: 'xss-check',
        title: 'XSS',
        body: `<p>本文</p><a href="javascript:void(0)" onclick="x()">a</a>`,
        published_at: '2026-01-02',
      },
    });
    expectClean((await update.json()).body);
    expectClean((await (await shop.request('GET', '/v1/blogs/xss-check')).json()).body);
  });

  it('sanitises news, FAQ answers, landing and static pages the public API serves', async () => {
    await admin('POST', '/news', { body: { key: 'xss-news', title: 'x', body: XSS, published_at: '2026-01-02' } });
    expectClean((await (await shop.request('GET', '/v1/news/xss-news')).json()).body);
    await admin('POST', '/landing-pages', { body: { key: 'xss-lp', title: 'x', body: XSS } });
    expectClean((await (await shop.request('GET', '/v1/lp/xss-lp')).json()).body);
    await admin('POST', '/static-pages', { body: { url: 'xss-page', title: 'x', body: XSS } });
    expectClean((await (await shop.request('GET', '/v1/static-pages/url/xss-page')).json()).body);
  });
});

describe('no bad input reaches the database as a 500', () => {
  it('publishes its OpenAPI document with every content type', async () => {
    const res = await admin('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    for (const c of cases) {
      expect(Object.keys(doc.paths[`/${c.type}`] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`/${c.type}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    }
  });

  it('answers every field of every type given a wrong type, a NUL, a huge number or a huge string with a Japanese 4xx', async () => {
    const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
    const wrongs: unknown[] = [null, 99999999999, -1, 'x\u0000y', 'あ'.repeat(100_001), ['a'], { a: 1 }, true];
    for (const c of cases) {
      const valid = c.create();
      for (const field of Object.keys(valid)) {
        for (const wrong of wrongs) {
          const body = { ...valid, key: `sweep-${field}`.replace(/_/g, '-'), url: `sweep-${field}`.replace(/_/g, '-'), [field]: wrong };
          if (!('key' in valid)) delete (body as Record<string, unknown>).key;
          if (!('url' in valid)) delete (body as Record<string, unknown>).url;
          const res = await admin('POST', `/${c.type}`, { body });
          const text = await res.text();
          expect(res.status, `${c.type}.${field} = ${JSON.stringify(wrong).slice(0, 40)}: ${text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(JSON.parse(text).message).toMatch(JAPANESE);
          else await admin('DELETE', `/${c.type}/${JSON.parse(text).id}`);
        }
      }
    }
  }, 120_000);
});
