/**
 * Writing the order exports (pure): RFC 4180 cells (every cell quoted, CRLF), a cell starting with
 * = + - @ (or a tab or CR) written with a leading ' so a spreadsheet never runs it as a formula (the
 * shop's rule, services/user-addresses/csv.ts), and the bytes as UTF-8 with a BOM (Excel opens it as UTF-8)
 * or as Shift_JIS (Windows-31J, what B2 クラウド and e飛伝 read; iconv-lite's CP932). Characters
 * whose Unicode form differs between JIS and Windows (〜 ‖ − ¢ £ ¬ —) are first written as the ones
 * Windows-31J has, so 「14時〜16時」 does not turn into 「14時?16時」; a character Windows-31J lacks
 * (𠮷, emoji) is written as ?.
 */
import iconv from 'iconv-lite';
import type { OrderExportEncoding } from '#contracts/admin-orders.ts';

/** A cell's value: numbers are written as they are; null and undefined as an empty cell. */
export type Cell = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

/** One cell as written: quoted, inner quotes doubled, a formula-looking text guarded with '. */
export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '""';
  const s = typeof v === 'number' ? String(v) : FORMULA.test(v) ? `'${v}` : v;
  return `"${s.replaceAll('"', '""')}"`;
}

/** The text of a CSV file: the header row, then one line per row, CRLF line ends. */
export const csvText = (header: readonly string[], rows: Cell[][]) =>
  `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

/** JIS-form characters whose Windows-31J form is another code point (the usual 「〜」 problem). */
const TO_WINDOWS: Record<string, string> = {
  '\u301C': '\uFF5E',
  '\u2016': '\u2225',
  '\u2212': '\uFF0D',
  '\u00A2': '\uFFE0',
  '\u00A3': '\uFFE1',
  '\u00AC': '\uFFE2',
  '\u2014': '\u2015',
};
const JIS_FORMS = new RegExp(`[${Object.keys(TO_WINDOWS).join('')}]`, 'g');

/** The file's bytes: UTF-8 with a BOM, or Shift_JIS (Windows-31J). */
export function encodeCsv(text: string, encoding: OrderExportEncoding): Uint8Array {
  if (encoding === 'sjis')
    return new Uint8Array(
      iconv.encode(
        text.replace(JIS_FORMS, (c) => TO_WINDOWS[c]),
        'CP932',
      ),
    );
  return new TextEncoder().encode(`\uFEFF${text}`);
}

/** One line of text: line breaks and tabs become spaces (a shipping label has no second line in a field). */
export const oneLine = (v: string | null | undefined) => (v ?? '').replace(/[\r\n\t]+/g, ' ').trim();

/** Width as shipping forms count it: half-width characters (ASCII, ｱ) 1, others 2. */
const widthOf = (ch: string) => (/^[\x20-\x7e\uff61-\uff9f]$/.test(ch) ? 1 : 2);

/** `v` cut to `max` half-width units (a form's 「全角25文字」 is 50), whole characters only. */
export function fitWidth(v: string, max: number): string {
  let out = '';
  let w = 0;
  for (const ch of v) {
    w += widthOf(ch);
    if (w > max) break;
    out += ch;
  }
  return out;
}

// Full-width katakana → half-width (B2's お届け先名(ｶﾅ) is half-width katakana).
const FULL =
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォャュョッー・ヴガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポ';
const HALF = [
  'ｱ',
  'ｲ',
  'ｳ',
  'ｴ',
  'ｵ',
  'ｶ',
  'ｷ',
  'ｸ',
  'ｹ',
  'ｺ',
  'ｻ',
  'ｼ',
  'ｽ',
  'ｾ',
  'ｿ',
  'ﾀ',
  'ﾁ',
  'ﾂ',
  'ﾃ',
  'ﾄ',
  'ﾅ',
  'ﾆ',
  'ﾇ',
  'ﾈ',
  'ﾉ',
  'ﾊ',
  'ﾋ',
  'ﾌ',
  'ﾍ',
  'ﾎ',
  'ﾏ',
  'ﾐ',
  'ﾑ',
  'ﾒ',
  'ﾓ',
  'ﾔ',
  'ﾕ',
  'ﾖ',
  'ﾗ',
  'ﾘ',
  'ﾙ',
  'ﾚ',
  'ﾛ',
  'ﾜ',
  'ｦ',
  'ﾝ',
  'ｧ',
  'ｨ',
  'ｩ',
  'ｪ',
  'ｫ',
  'ｬ',
  'ｭ',
  'ｮ',
  'ｯ',
  'ｰ',
  '･',
  'ｳﾞ',
  'ｶﾞ',
  'ｷﾞ',
  'ｸﾞ',
  'ｹﾞ',
  'ｺﾞ',
  'ｻﾞ',
  'ｼﾞ',
  'ｽﾞ',
  'ｾﾞ',
  'ｿﾞ',
  'ﾀﾞ',
  'ﾁﾞ',
  'ﾂﾞ',
  'ﾃﾞ',
  'ﾄﾞ',
  'ﾊﾞ',
  'ﾋﾞ',
  'ﾌﾞ',
  'ﾍﾞ',
  'ﾎﾞ',
  'ﾊﾟ',
  'ﾋﾟ',
  'ﾌﾟ',
  'ﾍﾟ',
  'ﾎﾟ',
];
const HALF_OF = new Map([...FULL].map((ch, i) => [ch, HALF[i]]));

/** Full-width katakana (and the full-width space) as half-width; other characters as they are. */
export const halfKana = (v: string) => [...v].map((ch) => (ch === '\u3000' ? ' ' : (HALF_OF.get(ch) ?? ch))).join('');

/** "2026-12-04" → "2026/12/04" (B2) or "20261204" (e飛伝); '' stays ''. */
export const slashDate = (ymd: string | null | undefined) => (ymd ? ymd.slice(0, 10).replaceAll('-', '/') : '');
export const compactDate = (ymd: string | null | undefined) => (ymd ? ymd.slice(0, 10).replaceAll('-', '') : '');

/** Today's Japan day "2026-12-04". */
export const jstToday = (now = new Date()) => new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/** "1500001" → "150-0001"; anything else as given. */
export const hyphenPostal = (v: string | null | undefined) => (/^\d{7}$/.test(v ?? '') ? `${v!.slice(0, 3)}-${v!.slice(3)}` : (v ?? ''));
