/** Spec 4 store rules and spec 9 analytics rules of the discovery features, as pure functions. */
import { describe, expect, it } from 'vitest';
import { userListInputSchema, userListNameKey } from '#contracts/discovery.ts';
import { sellingStopped } from '../../api/src/services/carts/selling.ts';
import { restockMailText } from '../../api/src/services/product-requests/index.ts';
import { applyFavorite, currentHistory, replaceListEntry } from '../../src/api-client/mypage/discovery.ts';
import { itemCategories, layerItem, purchaseValue } from '../../src/scripts/data-layer.ts';

describe('history (spec 4)', () => {
  it('de-duplicates by product_id, newest first, at most 10', () => {
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
    const items = [
      { product_id: 1, viewed_at: at(1) },
      { product_id: 2, viewed_at: at(2) },
      { product_id: 1, viewed_at: at(5) },
      ...Array.from({ length: 12 }, (_, i) => ({ product_id: 100 + i, viewed_at: at(10 + i) })),
    ];
    const current = currentHistory(items);
    expect(current).toHaveLength(10);
    expect(current[0].product_id).toBe(111);
    expect(new Set(current.map((h) => h.product_id)).size).toBe(10);
    expect(currentHistory(items.slice(0, 3)).map((h) => [h.product_id, h.viewed_at])).toEqual([
      [1, at(5)],
      [2, at(2)],
    ]);
  });
});

describe('favourites and lists (spec 4)', () => {
  it('toggling sets is_favorite on every entry of the product, leaving others', () => {
    const list = [
      { id: 1, is_favorite: false },
      { id: 2, is_favorite: false },
      { id: 1, is_favorite: false },
    ];
    expect(applyFavorite(list, 1, true)).toEqual([
      { id: 1, is_favorite: true },
      { id: 2, is_favorite: false },
      { id: 1, is_favorite: true },
    ]);
    expect(applyFavorite(list, 3, true)).toEqual(list);
  });

  it('the product returned by detach replaces the matching list entry', () => {
    const list = [
      { id: 1, is_listed: true },
      { id: 2, is_listed: true },
    ];
    expect(replaceListEntry(list, { id: 2, is_listed: false })).toEqual([
      { id: 1, is_listed: true },
      { id: 2, is_listed: false },
    ]);
  });
});

describe('data layer (spec 9)', () => {
  const product = {
    id: 1,
    key: 'k',
    code: 'C-1',
    name: 'デニム',
    product_price: 1000,
    product_price_with_tax: 1100,
    brand: { name: 'B' },
    product_model: { categories: ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name })) },
  };

  it('item categories go up to 5 levels', () => {
    expect(itemCategories(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({
      item_category: 'a',
      item_category2: 'b',
      item_category3: 'c',
      item_category4: 'd',
      item_category5: 'e',
    });
    expect(itemCategories([])).toEqual({});
    expect(layerItem(product, 2)).toMatchObject({
      item_id: 'C-1',
      item_name: 'デニム',
      item_brand: 'B',
      price: 1100,
      quantity: 2,
      item_category5: 'e',
    });
    expect(layerItem(product, 1, true).price).toBe(1000);
  });

  it('the purchase value excludes tax when the setting says so', () => {
    const order = { order_no: 'X', total_payment: 5500, total_tax: 500, total_carriage: 0 };
    expect(purchaseValue(order, false)).toBe(5500);
    expect(purchaseValue(order, true)).toBe(5000);
  });
});

describe('selling stop (spec 4)', () => {
  it('stops only when the plugin is on and selling is false', () => {
    expect(sellingStopped({})).toBe(false);
    expect(sellingStopped({ 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true })).toBe(false);
    expect(sellingStopped({ 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false })).toBe(false);
    expect(sellingStopped({ 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true, 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false })).toBe(true);
  });
});

describe('restock mail', () => {
  it('names the product and links its page', () => {
    const m = restockMailText({ siteName: 'ショップ', productName: 'デニム', url: 'https://x.jp/product/k/' });
    expect(m.subject).toBe('【ショップ】再入荷のお知らせ：デニム');
    expect(m.body).toContain('商品ページ：https://x.jp/product/k/');
  });
});

describe('list names (「リスト名」)', () => {
  const errorOf = (name: unknown) => {
    const r = userListInputSchema.safeParse({ name });
    return r.success ? null : r.error.issues[0].message;
  };

  it('are trimmed, required and at most 30 characters as a person counts them', () => {
    expect(userListInputSchema.parse({ name: '  夏のギフト ' })).toEqual({ name: '夏のギフト' });
    expect(errorOf('　 ')).toBe('リスト名は必須項目です');
    expect(errorOf('あ'.repeat(31))).toBe('リスト名は30文字以内にしてください');
    expect(errorOf('🎁'.repeat(30))).toBeNull();
    expect(errorOf('a\u0000b')).toBe('リスト名に使用できない文字が含まれています');
    expect(errorOf('a\tb')).toBe('リスト名に使用できない文字が含まれています');
  });

  it('match case- and width-insensitively (NFKC)', () => {
    expect(userListNameKey('ＷＩＳＨ　Ｌｉｓｔ')).toBe(userListNameKey('wish list'));
    expect(userListNameKey('ｷﾞﾌﾄ')).toBe(userListNameKey('ギフト'));
    expect(userListNameKey('ギフト')).not.toBe(userListNameKey('ぎふと'));
  });
});
