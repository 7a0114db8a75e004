/**
 * Reads a stock and price CSV (pure, no database): the bytes are UTF-8 (with or without BOM) or
 * Shift_JIS, decoded and split by address-csv.ts (decodeCsv, parseCsv). The first line is the header
 * row with the Japanese names of PRODUCT_CSV_COLUMNS (any order, full- or half-width brackets;
 * 商品コード required, unknown names refused); 商品名・カラー・サイズ・メーカー are read-only columns the
 * export writes and the import ignores. Each record gives one variant's wanted values:
 * - 在庫数, 販売価格（税抜）: integers (half- or full-width, 1,200 allowed); blank: unchanged;
 * - 通常価格（税抜）: the same, blank: なし (no セール), so an exported file imports unchanged;
 * - 販売状態: 販売中 or 停止 (also 1 or 0); blank: unchanged.
 * Errors are keyed `file` (the whole file cannot be read) or `line_{n}` (n = the file's line where
 * the record starts, the header being line 1), each message naming the column.
 */
import {
  PRICE_MAX,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
  PRODUCT_FIELD_LABELS,
  type ProductField,
  SELLING_WORDS,
  STOCK_MAX,
} from '#contracts/admin-products.ts';
import { messages } from '#contracts/messages.ts';
import { type CsvErrors, decodeCsv, parseCsv, recordCells } from '../../user-addresses/csv.ts';
import type { Wanted } from './changes.ts';

export interface ImportRow {
  line: number;
  code: string;
  wanted: Wanted;
}
export type CsvRead = { ok: true; rows: ImportRow[]; errors: CsvErrors } | { ok: false; errors: CsvErrors };

const fileError = (message: string): CsvRead => ({ ok: false, errors: { file: [message] } });
const NOT_CSV = 'CSVファイルではありません。CSV形式（コンマ区切り）のファイルを選択してください。';
const headerKey = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');
const COLUMN_OF = new Map(PRODUCT_CSV_COLUMNS.map((c) => [headerKey(c.header), c]));

/** A cell as Excel may write it: a leading ' before a formula-looking value is not part of it. */
const unguard = (v: string) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v);

/** An integer cell: undefined when blank, a message when not an integer in 0..max. */
function integer(cell: string, field: ProductField, max: number): number | undefined | { error: string } {
  const v = cell.normalize('NFKC').trim();
  if (v === '') return undefined;
  const label = PRODUCT_FIELD_LABELS[field];
  if (!/^\d{1,3}(,\d{3})+$|^\d+$/.test(v)) return { error: /^-\d/.test(v) ? messages.between(label, 0, max) : messages.integer(label) };
  const n = Number(v.replaceAll(',', ''));
  return n > max ? { error: messages.between(label, 0, max) } : n;
}

function selling(cell: string): boolean | undefined | { error: string } {
  const v = cell.normalize('NFKC').trim();
  if (v === '') return undefined;
  if (v === SELLING_WORDS.on || v === '1') return true;
  if (v === SELLING_WORDS.off || v === '0') return false;
  return {
    error: `${PRODUCT_FIELD_LABELS.is_published}は「${SELLING_WORDS.on}」か「${SELLING_WORDS.off}」（または 1、0）で指定してください`,
  };
}

/** The wanted values of one record, and its messages. */
function readRecord(values: Map<string, string>): { code: string; wanted: Wanted; errors: string[] } {
  const errors: string[] = [];
  const wanted: Wanted = {};
  const code = unguard(values.get('code') ?? '').trim();
  if (!code) errors.push(messages.required('商品コード'));
  for (const [field, raw] of values) {
    if (field === 'code') continue;
    const cell = unguard(raw);
    const v = field === 'is_published' ? selling(cell) : integer(cell, field as ProductField, field === 'stock' ? STOCK_MAX : PRICE_MAX);
    if (v !== null && typeof v === 'object') errors.push(v.error);
    else if (v !== undefined) (wanted as Record<string, unknown>)[field] = v;
    else if (field === 'before_price') wanted.before_price = null;
  }
  return { code, wanted, errors };
}

/** Reads the file: every valid record, and the errors of the others (by line). */
export function readProductCsv(bytes: Uint8Array): CsvRead {
  if (bytes.byteLength === 0) return fileError('ファイルが空です。');
  if (bytes.byteLength > PRODUCT_CSV_MAX_BYTES)
    return fileError(`ファイルサイズは${PRODUCT_CSV_MAX_BYTES / 1024 / 1024}MB以下にしてください。`);
  if (bytes.includes(0)) return fileError(NOT_CSV);
  const text = decodeCsv(bytes);
  if (text === null) return fileError('文字コードを判別できませんでした。UTF-8 または Shift_JIS で保存したファイルを選択してください。');
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return fileError(NOT_CSV);
  const records = parseCsv(text);
  if (!records) return fileError('CSVの形式が正しくありません（閉じられていない " があります）。');
  const [header, ...rest] = records;
  if (!header || header.cells.every((c) => c.trim() === '')) return fileError('1行目に見出し行がありません。');

  // Excel saves an empty last column as a comma at the end of every line: those are no columns.
  const names = header.cells.map((c) => c.trim());
  while (names.length && names[names.length - 1] === '') names.pop();
  const unknown = names.filter((n) => !COLUMN_OF.has(headerKey(n)));
  if (unknown.length) return fileError(`見出し行に不明な列があります：${unknown.map((n) => n || '（空欄）').join('、')}`);
  const keys = names.map(headerKey);
  const twice = names.filter((_, i) => keys.indexOf(keys[i]) !== i);
  if (twice.length) return fileError(`見出し行に同じ列が複数あります：${[...new Set(twice)].join('、')}`);
  const columns = keys.map((k) => COLUMN_OF.get(k)!);
  if (!columns.some((c) => c.field === 'code')) return fileError('見出し行に必須の列がありません：商品コード');
  if (!columns.some((c) => c.field && c.field !== 'code')) {
    return fileError(`見出し行に変更する列がありません：${Object.values(PRODUCT_FIELD_LABELS).join('、')}のいずれかを入れてください。`);
  }

  const data = rest.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (data.length === 0) return fileError('商品の行がありません。2行目以降に商品を入力してください。');
  if (data.length > PRODUCT_CSV_MAX_ROWS)
    return fileError(
      `一度に取り込めるのは${PRODUCT_CSV_MAX_ROWS.toLocaleString('ja-JP')}行までです（ファイルには${data.length.toLocaleString('ja-JP')}行あります）。`,
    );

  const rows: ImportRow[] = [];
  const errors: CsvErrors = {};
  const seen = new Map<string, number>();
  for (const record of data) {
    const key = `line_${record.line}`;
    const cells = recordCells(record.cells, columns.length);
    if (typeof cells === 'string') {
      errors[key] = [cells];
      continue;
    }
    const values = new Map<string, string>();
    columns.forEach((c, i) => {
      if (c.field) values.set(c.field, cells[i]);
    });
    const read = readRecord(values);
    const first = read.code ? seen.get(read.code) : undefined;
    if (first !== undefined) read.errors.push(`商品コード「${read.code}」は${first}行目にもあります。1つの商品は1行にしてください。`);
    else if (read.code) seen.set(read.code, record.line);
    if (read.errors.length) errors[key] = read.errors;
    else rows.push({ line: record.line, code: read.code, wanted: read.wanted });
  }
  return { ok: true, rows, errors };
}
