/**
 * The stock and price CSV (admin API, staff): UTF-8 (BOM or not) and Shift_JIS files; the dry run
 * lists every change (code, field, before → after) and every error by the file's line and changes
 * nothing; the real run applies all in one transaction or nothing (one bad line: 422 with the same
 * errors), mails the restock requests of products back from 0, writes one stock.import audit entry,
 * and running the same file again changes nothing (0 changes); a basis from an older dry run is 409;
 * the import's own body cap (above the ordinary 1 MiB) and the export, which imports back unchanged.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductImportResult } from '#contracts/admin-products.ts';
import { catalog_version, makers, products } from '../../api/src/db/schema/index.ts';
import { shiftJis } from '../support/shift-jis.ts';
import { type Answer, auditEntries, productRow, restockMailsTo, staffClient, variantPicker } from './admin-products-support.ts';
import { confirmedRestockRequest } from './discovery-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

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

const HEADER = '商品コード,在庫数,販売価格（税抜）,通常価格（税抜）,販売状態';
const csv = (lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;
/** The import's answer: its result, or an error body (message, code, errors). */
type ImportAnswer = Answer<ProductImportResult & { code?: string }>;
const dryRun = (bytes: Uint8Array | string): Promise<ImportAnswer> => api.upload(bytes, 'dry_run=1');
const apply = (bytes: Uint8Array | string, basis?: string): Promise<ImportAnswer> =>
  api.upload(bytes, `dry_run=0${basis ? `&basis=${basis}` : ''}`);

describe('dry run', () => {
  it('lists every change of a UTF-8 file with BOM (code, field, before → after, line) and changes nothing', async () => {
    const a = await pick({ stock: 4, product_price: 3000 });
    const b = await pick({ stock: 0, product_price: 3000, before_price: 3500 });
    const same = await pick({ stock: 10, product_price: 3000 });
    const file = `\uFEFF${csv([`${a.code},12,"3,200",,販売中`, `${b.code},0,3000,,停止`, `${same.code},10,3000,,販売中`])}`;
    const r = await dryRun(file);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, rows: 3, changed_products: 2, errors: {}, restock_mails: 0 });
    expect(r.body.changes).toEqual([
      { product_id: a.id, code: a.code, field: 'stock', before: 4, after: 12, line: 2 },
      { product_id: a.id, code: a.code, field: 'product_price', before: 3000, after: 3200, line: 2 },
      { product_id: b.id, code: b.code, field: 'before_price', before: 3500, after: null, line: 3 },
      { product_id: b.id, code: b.code, field: 'is_published', before: true, after: false, line: 3 },
    ]);
    expect(r.body.basis).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.message).toBe('4 件の変更があります（商品 2 点）。');
    expect(await productRow(shop, a.id)).toMatchObject({ stock: 4, product_price: 3000 });
    expect(await productRow(shop, b.id)).toMatchObject({ before_price: 3500, is_published: true });
    expect(await auditEntries(shop, 'stock.import')).toHaveLength(0);
  });

  it("answers every error by the file's line, valid lines' changes beside them", async () => {
    const ok = await pick({ stock: 1 });
    const sale = await pick({ product_price: 3000 });
    const dup = await pick({ stock: 1 });
    const file = csv([
      `${ok.code},2,,,`, // line 2: fine
      'NO-SUCH-CODE,5,,,', // 3
      `${dup.code},-1,abc,,たぶん`, // 4: three messages
      `"${sale.code}",,,2000,`, // 5: 通常価格 below 販売価格
      `${dup.code},3,,,`, // 6: the same code again
      `${ok.code}x,1`, // 7: too few cells
      ',4,,,', // 8: no code
    ]);
    const r = await dryRun(file);
    expect(r.status).toBe(200);
    expect(r.body.changes).toEqual([{ product_id: ok.id, code: ok.code, field: 'stock', before: 1, after: 2, line: 2 }]);
    expect(r.body.errors).toEqual({
      line_3: ['商品コード「NO-SUCH-CODE」の商品が見つかりません。'],
      line_4: [
        '在庫数には0から999999までの数値を指定してください',
        '販売価格（税抜）は整数で指定してください',
        '販売状態は「販売中」か「停止」（または 1、0）で指定してください',
      ],
      line_5: ['通常価格（税抜）は販売価格（税抜）より高い金額にしてください（セールでない場合は空欄）'],
      line_6: [`商品コード「${dup.code}」は4行目にもあります。1つの商品は1行にしてください。`],
      line_7: ['列の数が見出し行と違います（見出し5列、この行2列）。'],
      line_8: ['商品コードは必須項目です'],
    });
    expect(r.body.message).toBe('1 件の変更があります（商品 1 点）。エラーが 6 行あります。エラーを直してから反映してください。');
  });

  it("counts lines as the file has them: a quoted cell over two lines moves the next line's number", async () => {
    const file = '商品コード,商品名,在庫数\r\n"A-1","二行の\r\n商品名",1\r\nNO-CODE-2,x,1\r\n';
    expect((await dryRun(file)).body.errors).toEqual({
      line_2: ['商品コード「A-1」の商品が見つかりません。'],
      line_4: ['商品コード「NO-CODE-2」の商品が見つかりません。'],
    });
  });

  it('refuses a file it cannot read as a whole (422 errors.file)', async () => {
    const cases: Array<[string | Uint8Array, RegExp]> = [
      ['', /空です/],
      [`商品コード,在庫数,仕入先\nX,1,y\n`, /不明な列があります：仕入先/],
      ['在庫数\n1\n', /必須の列がありません：商品コード/],
      ['商品コード,商品名\nX,y\n', /変更する列がありません/],
      ['商品コード,在庫数,在庫数\nX,1,2\n', /同じ列が複数あります：在庫数/],
      [`${HEADER}\n`, /商品の行がありません/],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), /CSVファイルではありません/],
      [new Uint8Array([0x82, 0xa0, 0xff, 0xfe, 0x2c]), /文字コードを判別できませんでした/],
    ];
    for (const [file, message] of cases) {
      const r = await dryRun(file);
      expect(r.status, String(message)).toBe(422);
      expect(r.body.code).toBe('stock_import.file');
      expect(r.body.errors.file[0]).toMatch(message);
    }
  });
});

describe('real run', () => {
  it('applies a Shift_JIS file in one go, mails the restock requests of products back from 0 (not from 3), one audit entry', async () => {
    const zero = await pick({ stock: 0 });
    const three = await pick({ stock: 0 });
    const hidden = await pick({ is_published: false });
    const guestZero = `import-zero-${zero.id}@example.jp`;
    const guestThree = `import-three-${three.id}@example.jp`;
    await confirmedRestockRequest(shop, zero.id, guestZero);
    await confirmedRestockRequest(shop, three.id, guestThree);
    await shop.database.db.update(products).set({ stock: 3 }).where(eq(products.id, three.id));
    // Half-width brackets and 1/0 for the selling state, as a hand-made file may have them.
    const file = shiftJis(
      [
        '商品コード,商品名,在庫数,販売価格(税抜),販売状態',
        `${zero.code},ﾃｽﾄ商品,8,,販売中`,
        `${three.code},テスト,9,,1`,
        `${hidden.code},,,2980,1`,
      ].join('\r\n'),
    );
    const dry = await dryRun(file);
    expect(dry.body.errors).toEqual({});
    const r = await apply(file, dry.body.basis);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      dry_run: false,
      changed_products: 3,
      restock_mails: 1,
      message: '4 件の変更を反映しました（商品 3 点）。再入荷のお知らせを 1 件送信しました。',
    });
    expect(r.body.changes).toEqual(dry.body.changes);
    expect(await productRow(shop, zero.id)).toMatchObject({ stock: 8 });
    expect(await productRow(shop, three.id)).toMatchObject({ stock: 9 });
    expect(await productRow(shop, hidden.id)).toMatchObject({ product_price: 2980, is_published: true });
    expect((await restockMailsTo(shop, [guestZero, guestThree])).map((m) => m.to_address)).toEqual([guestZero]);
    const [entry] = await auditEntries(shop, 'stock.import');
    expect(entry).toMatchObject({ editor_login: 'staff', target_type: 'product' });
    expect(entry.after).toMatchObject({ summary: { rows: 3, changes: 4, changed_products: 3, restock_mails: 1 } });
    expect((entry.after as { changes: unknown[] }).changes).toContainEqual({
      line: 2,
      code: zero.code,
      field: 'stock',
      before: 0,
      after: 8,
    });
    expect((entry.before as { changes: unknown[] }).changes).toContainEqual({ code: zero.code, field: 'stock', value: 0 });

    // The same file again: nothing to change, no mail, no second entry.
    const again = await apply(file);
    expect(again.body).toMatchObject({ changes: [], changed_products: 0, restock_mails: 0, message: '変更はありませんでした（0 件）。' });
    expect(await auditEntries(shop, 'stock.import')).toHaveLength(1);
    expect(await restockMailsTo(shop, [guestZero, guestThree])).toHaveLength(1);
  });

  it('moves the catalogue version for a price, not for a stock that stays above 0', async () => {
    const p = await pick({ stock: 5, product_price: 3000 });
    const version = async () => Number((await shop.database.db.select().from(catalog_version))[0].version);
    const v0 = await version();
    expect((await apply(csv([`${p.code},7,,,`]))).body.changes).toHaveLength(1);
    expect(await version()).toBe(v0);
    expect((await apply(csv([`${p.code},,3100,,`]))).body.changes).toHaveLength(1);
    expect(await version()).toBeGreaterThan(v0);
    const pub = await (await shop.request('GET', `/v1/products/${p.key}`)).json();
    expect(pub.product_price).toBe(3100);
  });

  it("applies nothing when one line is wrong: 422 with the dry run's errors", async () => {
    const a = await pick({ stock: 5 });
    const b = await pick({ stock: 5 });
    const file = csv([`${a.code},50,,,`, `${b.code},x,,,`]);
    const dry = await dryRun(file);
    const r = await apply(file);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'stock_import.invalid', message: '取り込めない行があります。どの行も反映していません。' });
    expect(r.body.errors).toEqual(dry.body.errors);
    expect(r.body.errors).toEqual({ line_3: ['在庫数は整数で指定してください'] });
    expect((await productRow(shop, a.id)).stock).toBe(5);
  });

  it('refuses (409) a basis the file or a named product no longer has, and applies with the fresh one', async () => {
    const p = await pick({ stock: 6 });
    const file = csv([`${p.code},20,,,`]);
    const dry = await dryRun(file);
    // A sale between the dry run and the real run.
    await shop.database.db.update(products).set({ stock: 5 }).where(eq(products.id, p.id));
    const stale = await apply(file, dry.body.basis);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stock_import.changed');
    expect((await productRow(shop, p.id)).stock).toBe(5);
    const fresh = await dryRun(file);
    expect(fresh.body.changes[0]).toMatchObject({ before: 5, after: 20 });
    expect((await apply(file, fresh.body.basis)).status).toBe(200);
    expect((await api.upload(file, 'dry_run=0&basis=xyz')).status).toBe(422);
  });

  it('takes a file above the ordinary 1 MiB body limit up to its own 2 MB, and refuses more (413)', async () => {
    const p = await pick({ stock: 1 });
    const padded = `${csv([`${p.code},2,,,`])}${'\r\n'.repeat(750_000)}`;
    expect(new TextEncoder().encode(padded).byteLength).toBeGreaterThan(1024 * 1024);
    const r = await dryRun(padded);
    expect(r.status).toBe(200);
    expect(r.body.changes).toHaveLength(1);
    const huge = await dryRun(`${HEADER}\r\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
  });
});

describe('export.csv', () => {
  it("writes the filtered list in the import's columns (UTF-8 BOM), and the file imports back with 0 changes", async () => {
    const [maker] = await shop.database.db.select().from(makers).where(eq(makers.key, 'kasane-boshi'));
    const res = await shop.request('GET', `/admin/v1/products/export.csv?maker=${maker.id}`, { token: api.staff });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{8}-\d{4}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"商品コード","商品名","カラー","サイズ","メーカー","在庫数","販売価格（税抜）","通常価格（税抜）","販売状態"');
    const count = (await shop.database.db.select({ id: products.id }).from(products).where(eq(products.maker_id, maker.id))).length;
    expect(lines).toHaveLength(count + 1);
    for (const line of lines.slice(1)) expect(line).toContain(`"${maker.name}"`);
    const back = await dryRun(bytes);
    expect(back.body).toMatchObject({ rows: count, changes: [], errors: {} });
  });

  it('refuses an editor (403), and a list longer than an import takes (422: filter further)', async () => {
    expect((await api.call('GET', '/products/export.csv?stock=low', { token: api.editor })).status).toBe(403);
    const [{ n }] = ((await shop.database.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] })
      .rows;
    await shop.database.db.execute(sql`insert into products (key, code, name, product_price, is_published)
      select 'bulk-' || g, 'BULK-' || lpad(g::text, 6, '0'), '一括 ' || g, 1000, false from generate_series(1, ${20_001 - n}) g`);
    const r = await api.call('GET', '/products/export.csv');
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: 'stock_export.too_many',
      message: '書き出せるのは20,000件までです。メーカーや検索語で絞り込んでください。',
    });
    expect((await api.call('GET', '/products/export.csv?published=1')).status).toBe(200);
  });

  it('applies a file of 2,500 rows (written in batches) in one go', async () => {
    const lines = Array.from({ length: 2500 }, (_, i) => `BULK-${String(i + 1).padStart(6, '0')},${(i % 9) + 1},,,販売中`);
    const r = await apply(csv(lines));
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
    expect(r.body).toMatchObject({ rows: 2500, changed_products: 2500 });
    const rows = (
      (await shop.database.db.execute(
        sql`select count(*)::int as n from products where code like 'BULK-%' and is_published and stock between 1 and 9`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(rows[0].n).toBe(2500);
  });
});
