/**
 * The stock and price CSV's pure parts: reading a file's records into wanted values (columns by
 * Japanese header in any order, half- or full-width, blank cells, 1,200, 販売中/停止/1/0, the
 * formula guard, Excel's trailing comma, errors by line) and planning the changes against current
 * values (unchanged values are no change, the 通常価格 rule, restocks from 0, the basis).
 */
import { describe, expect, it } from 'vitest';
import { type Current, planImport } from '../../api/src/services/admin/products/csv-plan.ts';
import { readProductCsv } from '../../api/src/services/admin/products/csv-read.ts';
import { shiftJis } from '../support/shift-jis.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string | Uint8Array) => {
  const r = readProductCsv(typeof text === 'string' ? bytes(text) : text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
};
const fileErrorOf = (text: string) => {
  const r = readProductCsv(bytes(text));
  return r.ok ? null : r.errors.file[0];
};

describe('readProductCsv', () => {
  it('reads the columns by header in any order, with full- or half-width brackets and read-only columns ignored', () => {
    const r = read('販売状態,通常価格(税抜),商品名,在庫数,商品コード,販売価格（税抜）\n停止,"4,800",シャツ,１２,A-1,3600\n');
    expect(r.rows).toEqual([{ line: 2, code: 'A-1', wanted: { is_published: false, before_price: 4800, stock: 12, product_price: 3600 } }]);
  });

  it('leaves blank cells unchanged, except 通常価格 (blank: なし)', () => {
    const r = read('商品コード,在庫数,販売価格（税抜）,通常価格（税抜）,販売状態\nA-1,,,,\nA-2,0,,,1\n');
    expect(r.rows.map((x) => x.wanted)).toEqual([{ before_price: null }, { stock: 0, before_price: null, is_published: true }]);
  });

  it("reads Shift_JIS and UTF-8 with BOM alike, drops the formula guard and Excel's empty last column", () => {
    const text = "商品コード,在庫数,販売状態,\r\n'-A-1,5,販売中,\r\n";
    const sjis = read(shiftJis(text));
    const bom = read(`\uFEFF${text}`);
    expect(sjis.rows).toEqual([{ line: 2, code: '-A-1', wanted: { stock: 5, is_published: true } }]);
    expect(bom.rows).toEqual(sjis.rows);
  });

  it('keys each bad record by its line with every message, keeping the good ones', () => {
    const r = read('商品コード,在庫数,販売価格（税抜）\nA-1,1.5,100\n\nA-2,-3,10000001\nA-1,2,1\n,1,1\nA-3,1,1,9\n');
    expect(r.rows).toEqual([]);
    expect(r.errors).toEqual({
      line_2: ['在庫数は整数で指定してください'],
      line_4: ['在庫数には0から999999までの数値を指定してください', '販売価格（税抜）には0から10000000までの数値を指定してください'],
      line_5: ['商品コード「A-1」は2行目にもあります。1つの商品は1行にしてください。'],
      line_6: ['商品コードは必須項目です'],
      line_7: ['列の数が見出し行と違います（見出し3列、この行4列）。'],
    });
    const again = read('商品コード,在庫数\nA-1,1\nA-1,2\n');
    expect(again.errors).toEqual({ line_3: ['商品コード「A-1」は2行目にもあります。1つの商品は1行にしてください。'] });
  });

  it('refuses what is not a stock file as a whole', () => {
    expect(fileErrorOf('商品コード,在庫数,原価\nA,1,1\n')).toBe('見出し行に不明な列があります：原価');
    expect(fileErrorOf('商品コード,,在庫数\nA,,1\n')).toBe('見出し行に不明な列があります：（空欄）');
    expect(fileErrorOf('"商品コード,在庫数\nA,1\n')).toMatch(/閉じられていない/);
    expect(fileErrorOf(`商品コード,在庫数\n${'A,1\n'.repeat(20_001)}`)).toBe(
      '一度に取り込めるのは20,000行までです（ファイルには20,001行あります）。',
    );
    expect(fileErrorOf('商品コード,在庫数\n,\n')).toMatch(/商品の行がありません/);
  });
});

describe('planImport', () => {
  const current = new Map<string, Current>([
    ['A-1', { id: 1, code: 'A-1', values: { stock: 0, product_price: 3000, before_price: null, is_published: true } }],
    ['A-2', { id: 2, code: 'A-2', values: { stock: 3, product_price: 3000, before_price: 4000, is_published: true } }],
  ]);
  const file = bytes('x');

  it('lists only values that change, and the products back from 0', () => {
    const plan = planImport(
      file,
      [
        { line: 2, code: 'A-1', wanted: { stock: 4, product_price: 3000, before_price: null } },
        { line: 3, code: 'A-2', wanted: { stock: 5, before_price: null } },
      ],
      {},
      current,
    );
    expect(plan.changes).toEqual([
      { product_id: 1, code: 'A-1', field: 'stock', before: 0, after: 4, line: 2 },
      { product_id: 2, code: 'A-2', field: 'stock', before: 3, after: 5, line: 3 },
      { product_id: 2, code: 'A-2', field: 'before_price', before: 4000, after: null, line: 3 },
    ]);
    expect(plan.restocked).toEqual([1]);
    expect(plan.changedProducts).toBe(2);
  });

  it('refuses unknown codes and a 通常価格 not above the 販売価格 (new or current) by line', () => {
    const plan = planImport(
      file,
      [
        { line: 2, code: 'NOPE', wanted: { stock: 1 } },
        { line: 3, code: 'A-2', wanted: { product_price: 4000 } },
        { line: 4, code: 'A-1', wanted: { before_price: 2000 } },
      ],
      { line_5: ['x'] },
      current,
    );
    expect(plan.changes).toEqual([]);
    expect(Object.keys(plan.errors)).toEqual(['line_2', 'line_3', 'line_4', 'line_5']);
    expect(plan.errors.line_2).toEqual(['商品コード「NOPE」の商品が見つかりません。']);
  });

  it('gives the same basis for the same file and values, another when either differs', () => {
    const rows = [{ line: 2, code: 'A-1', wanted: { stock: 4 } }];
    const basis = planImport(file, rows, {}, current).basis;
    expect(planImport(bytes('x'), rows, {}, new Map(current)).basis).toBe(basis);
    expect(planImport(bytes('y'), rows, {}, current).basis).not.toBe(basis);
    const sold = new Map(current);
    sold.set('A-2', { ...current.get('A-2')!, values: { ...current.get('A-2')!.values, stock: 2 } });
    expect(planImport(file, rows, {}, sold).basis).not.toBe(basis);
  });
});
