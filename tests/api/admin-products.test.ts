/**
 * Stock and prices in the admin API (staff): the search by words, code (exact and by its start),
 * maker, stock level and selling state, 50 a page with the pagination headers; one model with all
 * its variants; the per-variant PATCH of stock (with the stock the form showed: 409 when it moved),
 * price, 通常価格 and selling state, each reaching the storefront's API at once, validated by field,
 * audited, and mailing the restock requests when the stock comes back from 0 (not from 3). An editor
 * is refused every call (403), a member's token is 401.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PRODUCTS_PER_PAGE, type AdminProduct, type AdminProductModel } from '#contracts/admin-products.ts';
import { catalog_version, product_requests, products } from '../../api/src/db/schema/index.ts';
import { type Answer, auditEntries, productRow, restockMailsTo, staffClient, variantPicker } from './admin-products-support.ts';
import { confirmedRestockRequest } from './discovery-support.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
let api: Awaited<ReturnType<typeof staffClient>>;
let pick: ReturnType<typeof variantPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  api = await staffClient(shop);
  pick = variantPicker(shop);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const search = async (query: string) => {
  const r: Answer<AdminProduct[]> = await api.call('GET', `/products?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { codes: r.body.map((p) => p.code), rows: r.body, total: Number(r.headers.get('x-total')), headers: r.headers };
};
const patch = (id: number, body: unknown) => api.call('PATCH', `/products/${id}`, { body });
const version = async () => Number((await shop.database.db.select().from(catalog_version))[0].version);

describe('GET /admin/v1/products', () => {
  it('finds by a word of the name (kana-insensitive as the storefront) and not other products', async () => {
    const { rows, codes, total } = await search(`q=${encodeURIComponent('くるーねっく')}`);
    expect(codes).toContain('WKN-0001-03');
    expect(total).toBe(rows.length);
    for (const p of rows) expect(`${p.name} ${p.model?.name}`).toMatch(/クルーネック/);
    expect(codes).not.toContain('OUT-0012');
  });

  it('finds a code exactly (first) and by its start, in any case', async () => {
    const exact = await search('q=WKN-0001-03');
    expect(exact.codes[0]).toBe('WKN-0001-03');
    const start = await search('q=wkn-0001');
    expect(start.total).toBe(16);
    for (const c of start.codes) expect(c.startsWith('WKN-0001-')).toBe(true);
    expect(start.codes).toEqual([...start.codes].sort());
    expect((await search('q=WKN-9999')).total).toBe(0);
  });

  it('filters by maker: id, key or part of the name', async () => {
    const byId = await search('maker=4&q=wkn-0001');
    expect(byId.total).toBe(16);
    for (const q of ['maker=wakayama-knit', `maker=${encodeURIComponent('和歌山')}`]) {
      const r = await search(q);
      expect(r.total).toBeGreaterThanOrEqual(16);
      for (const p of r.rows) expect(p.maker?.name).toBe('和歌山ニット工業');
    }
    expect((await search('maker=999999')).total).toBe(0);
  });

  it('filters 在庫切れ (0), 残りわずか (1–5) and 在庫あり (6 or more), and the selling state', async () => {
    const out = await pick({ stock: 0 });
    const low = await pick({ stock: 3 });
    const five = await pick({ stock: 5 });
    const six = await pick({ stock: 6 });
    const hidden = await pick({ stock: 4, is_published: false });
    const all = async (q: string) => ((await search(q)).total <= ADMIN_PRODUCTS_PER_PAGE ? (await search(q)).codes : await allCodes(q));
    const outs = await all('stock=out');
    expect(outs).toContain(out.code);
    expect(outs).not.toContain(low.code);
    const lows = await all('stock=low');
    expect(lows).toEqual(expect.arrayContaining([low.code, five.code, hidden.code]));
    expect(lows).not.toContain(out.code);
    expect(lows).not.toContain(six.code);
    const ins = await all('stock=in');
    expect(ins).toContain(six.code);
    expect(ins).not.toContain(five.code);
    const stopped = await all('published=0');
    expect(stopped).toContain(hidden.code);
    expect(stopped).not.toContain(low.code);
    expect(await all('published=1&stock=low')).not.toContain(hidden.code);
    for (const p of (await search('stock=out')).rows) expect(p).toMatchObject({ stock: 0, stock_status: 'out' });
  });

  it('pages 50 at a time with the pagination headers; bad filters are 422 by field', async () => {
    const first = await search('');
    expect(first.rows).toHaveLength(50);
    expect(first.headers.get('x-per-page')).toBe('50');
    expect(first.headers.get('x-current-page')).toBe('1');
    expect(Number(first.headers.get('x-last-page'))).toBe(Math.ceil(first.total / 50));
    const second = await search('page=2');
    expect(second.codes[0] > first.codes.at(-1)!).toBe(true);
    const bad = await api.call('GET', '/products?stock=none&page=0');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['page', 'stock']);
    expect(first.headers.get('cache-control')).toContain('no-store');
  });

  it('answers each row with model, variant, maker, prices with and without tax and the selling state', async () => {
    const { rows } = await search('q=WKN-0001-03');
    expect(rows[0]).toMatchObject({
      code: 'WKN-0001-03',
      color: 'ホワイト',
      size: 'L',
      model: { name: 'オーガニックコットン クルーネックTシャツ' },
      maker: { id: 4, name: '和歌山ニット工業' },
      product_price: 3600,
      product_price_with_tax: 3960,
      tax_rate: 10,
      before_price: null,
      on_sale: false,
      is_published: true,
      channels: ['default', 'outlet'],
    });
  });
});

async function allCodes(q: string): Promise<string[]> {
  const first = await search(q);
  const codes = [...first.codes];
  for (let page = 2; page <= Number(first.headers.get('x-last-page')); page++) codes.push(...(await search(`${q}&page=${page}`)).codes);
  return codes;
}

describe('GET /admin/v1/products/{id}', () => {
  it('answers the model with every variant, the unpublished too', async () => {
    await shop.database.db.update(products).set({ is_published: false }).where(eq(products.code, 'WKN-0001-16'));
    const r: Answer<AdminProductModel> = await api.call('GET', '/products/3');
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ name: 'オーガニックコットン クルーネックTシャツ' });
    expect(r.body.variants.map((v) => v.code)).toEqual(Array.from({ length: 16 }, (_, i) => `WKN-0001-${String(i + 1).padStart(2, '0')}`));
    expect(r.body.variants.at(-1)!.is_published).toBe(false);
    await shop.database.db.update(products).set({ is_published: true }).where(eq(products.code, 'WKN-0001-16'));
    expect((await api.call('GET', '/products/2000000000')).status).toBe(404);
    expect((await api.call('GET', '/products/abc')).status).toBe(422);
  });
});

describe('PATCH /admin/v1/products/{id}', () => {
  it("sets the stock when the form's stock is still current, with an audit entry before and after", async () => {
    const p = await pick({ stock: 8 });
    const r = await patch(p.id, { stock: 20, expected_stock: 8 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ product: { stock: 20 }, changes: [{ field: 'stock', before: 8, after: 20 }], restock_mails: 0 });
    expect(r.body.message).toBe(`${p.code} の在庫数を保存しました。`);
    expect((await productRow(shop, p.id)).stock).toBe(20);
    const entry = (await auditEntries(shop, 'stock.update')).at(-1)!;
    expect(entry).toMatchObject({
      editor_login: 'staff',
      target_type: 'product',
      target_id: String(p.id),
      before: { code: p.code, stock: 8 },
      after: { code: p.code, stock: 20 },
    });
  });

  it('refuses a stock the form showed that is no longer current: 409 with the stock now, nothing written', async () => {
    const p = await pick({ stock: 7 });
    const r = await patch(p.id, { stock: 30, expected_stock: 9, product_price: 4000 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'stock.conflict', message: '在庫数が他の操作で変わりました（現在 7）。画面を更新してください。' });
    expect(r.body.errors.stock).toEqual([r.body.message]);
    expect(await productRow(shop, p.id)).toMatchObject({ stock: 7, product_price: 3000 });
    const missing = await patch(p.id, { stock: 30 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.expected_stock).toBeDefined();
  });

  it("changes the price: the storefront's API answers it at once and the catalogue version moves", async () => {
    const p = await pick({ product_price: 3000 });
    const v0 = await version();
    const r = await patch(p.id, { product_price: 4500 });
    expect(r.body).toMatchObject({
      product: { product_price: 4500, product_price_with_tax: 4950 },
      changes: [{ field: 'product_price', before: 3000, after: 4500 }],
    });
    expect(await version()).toBeGreaterThan(v0);
    const pub = await (await shop.request('GET', `/v1/products/${p.key}`)).json();
    expect(pub).toMatchObject({ product_price: 4500, product_price_with_tax: 4950 });
  });

  it("sets and clears a セール (通常価格 above 販売価格): on_sale, the storefront's sale filter and discount", async () => {
    const p = await pick({ product_price: 3000 });
    const set = await patch(p.id, { product_price: 2400, before_price: 3000 });
    expect(set.body.product).toMatchObject({ product_price: 2400, before_price: 3000, on_sale: true });
    const pub = await (await shop.request('GET', `/v1/products/${p.key}`)).json();
    expect(pub).toMatchObject({ before_price: 3000, discount_rate: 20 });
    const sale = await shop.request('GET', `/v1/products?on_sale=1&group=0&keyword=${encodeURIComponent(p.code)}`);
    expect((await sale.json()).map((x: { id: number }) => x.id)).toContain(p.id);
    const cleared = await patch(p.id, { before_price: null });
    expect(cleared.body).toMatchObject({
      product: { before_price: null, on_sale: false },
      changes: [{ field: 'before_price', before: 3000, after: null }],
    });
    const after = await shop.request('GET', `/v1/products?on_sale=1&group=0&keyword=${encodeURIComponent(p.code)}`);
    expect((await after.json()).map((x: { id: number }) => x.id)).not.toContain(p.id);
  });

  it('refuses a 通常価格 not above the 販売価格 (new or current) by field, and changes nothing', async () => {
    const p = await pick({ product_price: 3000, before_price: 4000 });
    const equal = await patch(p.id, { before_price: 3000 });
    expect(equal.status).toBe(422);
    expect(equal.body.errors.before_price).toEqual([
      '通常価格（税抜）は販売価格（税抜）より高い金額にしてください（セールでない場合は空欄）',
    ]);
    const raised = await patch(p.id, { product_price: 4000 });
    expect(raised.status).toBe(422);
    expect(Object.keys(raised.body.errors)).toEqual(['product_price']);
    expect(await productRow(shop, p.id)).toMatchObject({ product_price: 3000, before_price: 4000 });
    expect((await patch(p.id, { product_price: 4000, before_price: null })).status).toBe(200);
  });

  it('stops and resumes selling: a stopped variant is gone from the storefront and back after', async () => {
    const p = await pick();
    expect((await patch(p.id, { is_published: false })).body.product.is_published).toBe(false);
    expect((await shop.request('GET', `/v1/products/${p.key}`)).status).toBe(404);
    expect((await patch(p.id, { is_published: true })).status).toBe(200);
    expect((await shop.request('GET', `/v1/products/${p.key}`)).status).toBe(200);
  });

  it('validates every field by name in Japanese (422) and refuses an empty or unknown body', async () => {
    const p = await pick();
    const cases: Array<[unknown, string, string]> = [
      [{ stock: -1, expected_stock: 10 }, 'stock', '在庫数には0から999999までの数値を指定してください'],
      [{ stock: 1_000_000, expected_stock: 10 }, 'stock', '在庫数には0から999999までの数値を指定してください'],
      [{ stock: 1.5, expected_stock: 10 }, 'stock', '在庫数は整数で指定してください'],
      [{ product_price: 10_000_001 }, 'product_price', '販売価格（税抜）には0から10000000までの数値を指定してください'],
      [{ before_price: -5 }, 'before_price', '通常価格（税抜）には0から10000000までの数値を指定してください'],
      [{ is_published: 'yes' }, 'is_published', ''],
      [{}, '_', '変更する項目を1つ以上指定してください'],
      [{ name: 'x' }, '_', ''],
    ];
    for (const [body, field, message] of cases) {
      const r = await patch(p.id, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors[field], JSON.stringify(r.body)).toBeDefined();
      if (message) expect(r.body.errors[field]).toContain(message);
    }
    expect((await patch(2000000000, { product_price: 100 })).status).toBe(404);
    expect(await productRow(shop, p.id)).toMatchObject({ stock: 10, product_price: 3000 });
  });

  it('writes nothing for values already stored: no change listed, no audit entry', async () => {
    const p = await pick({ stock: 10, product_price: 3000 });
    const before = (await auditEntries(shop, 'stock.update')).length;
    const r = await patch(p.id, { stock: 10, expected_stock: 10, product_price: 3000, is_published: true });
    expect(r.body).toMatchObject({ changes: [], message: `${p.code} に変更はありませんでした。` });
    expect((await auditEntries(shop, 'stock.update')).length).toBe(before);
  });
});

describe('restock mails', () => {
  it('raising the stock from 0 mails the confirmed requests waiting for it, once; the next raise mails none', async () => {
    const p = await pick({ stock: 0 });
    const guest = `restock-${p.id}@example.jp`;
    await confirmedRestockRequest(shop, p.id, guest);
    const demo = await loginDemo(shop);
    expect((await shop.request('POST', '/v1/product-requests', { token: demo, body: { product_id: p.id } })).status).toBe(201);
    // A guest who never opened the confirmation link is not mailed.
    expect(
      (await shop.request('POST', '/v1/product-requests', { body: { product_id: p.id, email: `unconfirmed-${p.id}@example.jp` } })).status,
    ).toBe(201);
    const r = await patch(p.id, { stock: 5, expected_stock: 0 });
    expect(r.body).toMatchObject({ restock_mails: 2, message: `${p.code} の在庫数を保存しました。再入荷のお知らせを 2 件送信しました。` });
    const mails = await restockMailsTo(shop, [guest, 'demo@example.jp', `unconfirmed-${p.id}@example.jp`]);
    expect(mails.map((m) => m.to_address).sort()).toEqual(['demo@example.jp', guest]);
    expect(mails[0].subject).toContain('再入荷のお知らせ');
    const entry = (await auditEntries(shop, 'stock.update')).at(-1)!;
    expect(entry.after).toMatchObject({ stock: 5, restock_mails: 2 });
    const again = await patch(p.id, { stock: 0, expected_stock: 5 });
    expect(again.body.restock_mails).toBe(0);
    expect((await patch(p.id, { stock: 4, expected_stock: 0 })).body.restock_mails).toBe(0);
    expect(await restockMailsTo(shop, [guest, 'demo@example.jp'])).toHaveLength(2);
  });

  it('raising the stock from 3 mails nobody, even with a request still pending', async () => {
    const p = await pick({ stock: 0 });
    const guest = `from-three-${p.id}@example.jp`;
    const requestId = await confirmedRestockRequest(shop, p.id, guest);
    // Stock came back by another path (say, plain SQL) and nobody was mailed yet.
    await shop.database.db.update(products).set({ stock: 3 }).where(eq(products.id, p.id));
    const r = await patch(p.id, { stock: 10, expected_stock: 3 });
    expect(r.body.restock_mails).toBe(0);
    expect(await restockMailsTo(shop, [guest])).toHaveLength(0);
    expect((await shop.database.db.select().from(product_requests).where(eq(product_requests.id, requestId)))[0].notified_at).toBeNull();
  });

  it('mails nothing when the change rolls back (a 422 after the stock would have risen)', async () => {
    const p = await pick({ stock: 0, product_price: 3000 });
    const guest = `rollback-${p.id}@example.jp`;
    await confirmedRestockRequest(shop, p.id, guest);
    const r = await patch(p.id, { stock: 5, expected_stock: 0, before_price: 1000 });
    expect(r.status).toBe(422);
    expect(await restockMailsTo(shop, [guest])).toHaveLength(0);
    expect((await productRow(shop, p.id)).stock).toBe(0);
  });
});

describe('roles', () => {
  it("refuses an editor every call of the area (403) and a member's token (401), changing nothing", async () => {
    const p = await pick({ stock: 2 });
    const demo = await loginDemo(shop);
    for (const token of [api.editor, demo]) {
      const status = token === demo ? 401 : 403;
      expect((await api.call('GET', '/products', { token })).status).toBe(status);
      expect((await api.call('GET', `/products/${p.id}`, { token })).status).toBe(status);
      expect((await api.call('GET', '/products/export.csv', { token })).status).toBe(status);
      expect((await api.call('PATCH', `/products/${p.id}`, { token, body: { stock: 50, expected_stock: 2 } })).status).toBe(status);
      expect((await api.upload(`商品コード,在庫数\n${p.code},50\n`, 'dry_run=0', token)).status).toBe(status);
    }
    expect((await productRow(shop, p.id)).stock).toBe(2);
  });
});
