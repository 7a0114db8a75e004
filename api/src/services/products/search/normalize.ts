/**
 * The one normaliser of Japanese-aware search, used for products.search_text and for every query
 * word, so both sides meet in the same form:
 *  - NFKC: full-width ↔ half-width (ﾃﾞﾆﾑ → デニム, ＤＥＮＩＭ → DENIM, full-width space → space);
 *  - katakana → hiragana (デニム → でにむ);
 *  - lower case (DENIM → denim);
 *  - long-vowel marks dropped: ー anywhere, and ―, ‐, −, - or ～ right after kana (コート, こーと → こと);
 *  - runs of spaces collapsed, ends trimmed.
 * Pure and zod-free, so tests and scripts import it directly.
 */

const KANA = '\\u3041-\\u3096\\u30a1-\\u30fa\\u309d\\u309e\\u30fd\\u30fe';
/** ー (U+30FC; half-width ｰ becomes it under NFKC) is only ever a long-vowel mark. */
const CHOON = /\u30fc/g;
/** Dash-like marks typed for a long vowel, when they follow kana (a code's hyphen stays). */
const DASH_AFTER_KANA = new RegExp(`(?<=[${KANA}])[\\u2015\\u2010\\u2012\\u2013\\u2014\\u2212\\-～〜]+`, 'g');

/** Katakana (ァ–ヶ, ヽヾ) to the matching hiragana. */
function toHiragana(s: string): string {
  return s.replace(/[\u30a1-\u30f6\u30fd\u30fe]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));
}

/** The search form of `input` (see the module comment). */
export function normalizeSearch(input: string): string {
  let s = input.normalize('NFKC');
  s = s.replace(DASH_AFTER_KANA, '').replace(CHOON, '');
  s = toHiragana(s).toLowerCase();
  return s.replace(/\s+/g, ' ').trim();
}

/** At most this many words of a query are matched (every word narrows). */
export const MAX_SEARCH_WORDS = 5;

/** The normalised, distinct words of a shopper's query (spaces, full-width included, separate them). */
export function searchWords(keyword: string | undefined | null): string[] {
  const words = normalizeSearch(keyword ?? '')
    .split(' ')
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Loanwords a shopper types either in kana or in English (「デニム」 or 「DENIM」), as normalised
 * pairs. A product's search text carries the other spelling of each one it contains, so a query in
 * either spelling finds it (the query itself is not expanded: one LIKE per word stays index-served).
 */
export const LOANWORDS: ReadonlyArray<readonly [string, string]> = [
  ['でにむ', 'denim'],
  ['こっとん', 'cotton'],
  ['りねん', 'linen'],
  ['うる', 'wool'],
  ['れざ', 'leather'],
  ['しるく', 'silk'],
  ['かしみや', 'cashmere'],
  ['ないろん', 'nylon'],
  ['しゃつ', 'shirt'],
  ['にっと', 'knit'],
  ['ぱんつ', 'pants'],
  ['すかと', 'skirt'],
  ['こと', 'coat'],
  ['じゃけっと', 'jacket'],
  ['ばっぐ', 'bag'],
  ['すにか', 'sneaker'],
  ['ぶつ', 'boots'],
  ['さんだる', 'sandal'],
  ['はっと', 'hat'],
  ['きゃっぷ', 'cap'],
  ['そっくす', 'socks'],
  ['まぐかっぷ', 'mug'],
  ['こひ', 'coffee'],
  ['ぱか', 'parka'],
  ['ねいび', 'navy'],
  ['ぶらっく', 'black'],
  ['ほわいと', 'white'],
  ['ぐれ', 'gray'],
  ['べじゅ', 'beige'],
  ['ぶらうん', 'brown'],
];

/** The text a product is searched by: its own words and those of its model, brand and maker. */
export function productSearchText(parts: Array<string | null | undefined>): string {
  const text = normalizeSearch(parts.filter((p): p is string => !!p && p.trim() !== '').join(' '));
  const extra: string[] = [];
  for (const [kana, latin] of LOANWORDS) {
    if (text.includes(kana) && !text.includes(latin)) extra.push(latin);
    else if (text.includes(latin) && !text.includes(kana)) extra.push(kana);
  }
  return extra.length ? `${text} ${extra.join(' ')}` : text;
}

/** `%word%` for LIKE, with the shopper's `%`, `_` and `\` matched literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Words this short cannot be served by the trigram index alone (see docs/api.md, "Search"). */
export const TRIGRAM_MIN = 3;
