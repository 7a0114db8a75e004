/**
 * The stock and price screens' form rules: only the fields a person changed go to the PATCH (a new
 * stock with the stock the form showed), typed numbers in full width or with commas are read as
 * numbers, anything else goes as typed for the API to name; stock 0 and stopping the sale ask first;
 * the list keeps its filters across pages; the status line after a save.
 */
import { describe, expect, it } from 'vitest';
import { confirmationsOf, listQuery, patchOf, savedMessage, shownOf } from '#pages/admin/products/_form.ts';

const shown = { stock: 5, product_price: 3000, before_price: null, is_published: true };
const formOf = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const unchanged = { stock: '5', product_price: '3000', before_price: '', is_published: 'on' };

describe('patchOf', () => {
  it('sends nothing for an untouched form, and only what changed otherwise', () => {
    expect(patchOf(formOf(unchanged), shown)).toEqual({});
    expect(patchOf(formOf({ ...unchanged, stock: '１２' }), shown)).toEqual({ stock: 12, expected_stock: 5 });
    expect(patchOf(formOf({ ...unchanged, product_price: '2,400', before_price: '3000' }), shown)).toEqual({
      product_price: 2400,
      before_price: 3000,
    });
    const { is_published: _off, ...unchecked } = unchanged;
    expect(patchOf(formOf(unchecked), shown)).toEqual({ is_published: false });
    expect(patchOf(formOf({ ...unchanged, before_price: '' }), { ...shown, before_price: 4000 })).toEqual({ before_price: null });
  });

  it("passes what is not a whole number as typed, for the API's message by field", () => {
    expect(patchOf(formOf({ ...unchanged, stock: '1.5', product_price: '' }), shown)).toEqual({
      stock: '1.5',
      expected_stock: 5,
      product_price: '',
    });
  });
});

describe('shownOf and confirmationsOf', () => {
  it('reads the values the form showed, refusing tampered ones', () => {
    const f = formOf({ shown_stock: '5', shown_product_price: '3000', shown_before_price: '', shown_is_published: '1' });
    expect(shownOf(f)).toEqual(shown);
    expect(shownOf(formOf({ shown_stock: 'x', shown_product_price: '3000' }))).toBeNull();
  });

  it('asks first when the stock goes to 0 or the sale stops, not otherwise', () => {
    expect(confirmationsOf({ stock: 0, expected_stock: 5 }, shown)).toEqual([
      '在庫数を 0 にします。在庫切れと表示され、購入できなくなります。',
    ]);
    expect(confirmationsOf({ is_published: false }, shown)).toHaveLength(1);
    expect(confirmationsOf({ stock: 3, expected_stock: 5, is_published: true }, shown)).toEqual([]);
  });
});

describe('listQuery and savedMessage', () => {
  it('keeps the filters, drops blanks and page 1', () => {
    const p = new URLSearchParams('q=%20シャツ%20&maker=&stock=low&page=3&other=x');
    expect(listQuery(p)).toBe(`?q=${encodeURIComponent('シャツ')}&stock=low`);
    expect(listQuery(p, 1)).toBe(listQuery(p));
    expect(listQuery(p, 2)).toBe(`?q=${encodeURIComponent('シャツ')}&stock=low&page=2`);
    expect(listQuery(new URLSearchParams())).toBe('');
  });

  it('names the saved fields and the restock mails sent', () => {
    expect(savedMessage('A-1', ['stock', 'product_price'], 2)).toEqual([
      'A-1 の在庫数・販売価格（税抜）を保存しました。',
      '再入荷のお知らせを 2 件送信しました。',
    ]);
    expect(savedMessage('A-1', [], 0)).toEqual(['A-1 に変更はありませんでした。']);
    expect(savedMessage('A-1', ['bogus'], 0)).toEqual(['A-1 に変更はありませんでした。']);
  });
});
