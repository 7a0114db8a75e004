/**
 * The product list page's rules (issue 5 section 6): past the last page and unknown filters are 404,
 * control characters never reach the API, and the heading names the chosen category at any depth.
 */
import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '#contracts/products.ts';
import { classifyFailure } from '#lib/page-loader.ts';
import { findCategoryPath, isPastLastPage, productListHeading, readProductListFilters } from '#lib/product-list.ts';

const tree: CategoryNode[] = [
  {
    id: 1,
    key: 'tops',
    name: 'トップス',
    children: [
      { id: 11, key: 'shirts', name: 'シャツ', children: [{ id: 111, key: 'oxford', name: 'オックスフォードシャツ', children: [] }] },
    ],
  },
  { id: 2, key: 'food', name: '食品', children: [] },
];

const read = (qs: string) => readProductListFilters(new URLSearchParams(qs));
const failureOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return classifyFailure(e);
  }
};

describe('product list filters from the URL', () => {
  it('reads page and trimmed filters; a bad page is page 1', () => {
    expect(read('page=3&category=%20tops%20&keyword=シャツ')).toEqual({
      page: 3,
      category: 'tops',
      keyword: 'シャツ',
      maker: undefined,
      brand: undefined,
    });
    expect(read('page=abc').page).toBe(1);
    expect(read('page=-2').page).toBe(1);
    expect(read('keyword=%20%20').keyword).toBeUndefined();
  });

  it('a NUL or other control character in a filter is the 404 page, never a call', () => {
    expect(failureOf(() => read('keyword=%00'))).toBe('not-found');
    expect(failureOf(() => read('category=to%0Aps'))).toBe('not-found');
  });
});

describe('chosen category', () => {
  it('is found at any depth, with its chain from the top level', () => {
    expect(findCategoryPath(tree, 'oxford').map((c) => c.key)).toEqual(['tops', 'shirts', 'oxford']);
    expect(findCategoryPath(tree, 'food').map((c) => c.key)).toEqual(['food']);
  });
  it('an unknown category has no chain (the page answers 404)', () => {
    expect(findCategoryPath(tree, 'no-such-category')).toEqual([]);
  });
});

describe('past the last page', () => {
  const pagination = { total: 40, per: 15, last: 3, current: 999 };
  it('page 999 of 3 is past the last page; page 3 and page 1 are not', () => {
    expect(isPastLastPage(999, pagination)).toBe(true);
    expect(isPastLastPage(3, pagination)).toBe(false);
    expect(isPastLastPage(1, { total: 0, per: 15, last: 1, current: 1 })).toBe(false);
  });
});

describe('list heading', () => {
  it('names the chosen category, brand or maker', () => {
    expect(productListHeading({ category: 'オックスフォードシャツ' })).toBe('オックスフォードシャツの商品一覧');
    expect(productListHeading({ brand: 'ACME' })).toBe('ACMEの商品一覧');
    expect(productListHeading({ maker: '山田製作所' })).toBe('山田製作所の商品一覧');
  });
  it('names the search word, or is 商品一覧 without filters', () => {
    expect(productListHeading({ keyword: 'シャツ' })).toBe('「シャツ」の検索結果');
    expect(productListHeading({ category: 'トップス', keyword: '白' })).toBe('トップスの「白」の検索結果');
    expect(productListHeading({})).toBe('商品一覧');
  });
});
