/** The Japanese-aware search normaliser shared by products.search_text and every query word. */
import { describe, expect, it } from 'vitest';
import { containsPattern, normalizeSearch, productSearchText, searchWords } from '../../api/src/services/products/search/normalize.ts';

describe('normalizeSearch', () => {
  it.each([
    ['でにむ', 'でにむ'],
    ['デニム', 'でにむ'],
    ['ﾃﾞﾆﾑ', 'でにむ'],
    ['ＤＥＮＩＭ', 'denim'],
    ['DENIM', 'denim'],
    ['denim', 'denim'],
    ['コート', 'こと'],
    ['こーと', 'こと'],
    ['ｺｰﾄ', 'こと'],
    ['スニーカ―', 'すにか'],
    ['ボ‐ル', 'ぼる'],
    ['ヴィンテージ', 'ゔぃんてじ'],
    ['Ｔシャツ', 'tしゃつ'],
    ['１２３', '123'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSearch(input)).toBe(expected);
  });

  it('keeps a hyphen that follows no kana (product codes) and collapses spaces, full-width included', () => {
    expect(normalizeSearch('KJD-0001-01')).toBe('kjd-0001-01');
    expect(normalizeSearch('　帆布　 トート\t ')).toBe('帆布 とと');
  });
});

describe('searchWords', () => {
  it('splits on any space, drops duplicates and blanks, keeps at most 5', () => {
    expect(searchWords('リネン　パンツ  りねん')).toEqual(['りねん', 'ぱんつ']);
    expect(searchWords(' ー ')).toEqual([]);
    expect(searchWords('a b c d e f g')).toHaveLength(5);
    expect(searchWords(undefined)).toEqual([]);
  });
});

describe('productSearchText', () => {
  it('adds the other spelling of a loanword so either finds the product', () => {
    expect(productSearchText(['児島デニム ジャケット', 'KJD-0035-01'])).toBe('児島でにむ じゃけっと kjd-0035-01 denim jacket');
    expect(productSearchText(['KOJIMA DENIM', null, ''])).toBe('kojima denim でにむ');
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
