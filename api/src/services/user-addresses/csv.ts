/**
 * The address book as a CSV file (spec 7 "POST /v1/me/user-addresses/import", "GET …/export").
 *
 * Import: the bytes are UTF-8 (with or without BOM) or Shift_JIS (Windows-31J, what Excel saves as
 * 「CSV（コンマ区切り）」 in Japan): strict UTF-8 decoding is tried first, then Node's WHATWG
 * `shift_jis` decoder (full ICU in Node 24, no library needed). A file with NUL or other control
 * bytes is not a CSV. The first line is the header row with the Japanese column names of
 * ADDRESS_CSV_COLUMNS (any order; optional columns may be left out); each following record is one
 * address, checked with the address form's rules (addressFormSchema) and the prefecture against
 * the 47. Errors are keyed `file`, `line_{n}` or `line_{n}.{field}` (n = the line of the file where
 * the record starts, the header being line 1).
 *
 * Export: UTF-8 with a BOM (Excel then opens it as UTF-8), CRLF line ends, every cell quoted, the same
 * header row, so an exported file imports again as it is. A cell starting with = + - @ is written
 * with a leading ' so a spreadsheet does not run it as a formula; the import drops that ' again.
 */
import { ADDRESS_CSV_COLUMNS, ADDRESS_CSV_MAX_BYTES, type Address, addressFormSchema } from '#contracts/addresses.ts';
import { messages } from '#contracts/messages.ts';
import { issuesToErrors } from '../../lib/router.ts';
import { listPrefectures } from '../postal-codes/index.ts';

type Field = (typeof ADDRESS_CSV_COLUMNS)[number]['field'];
export type CsvErrors = Record<string, string[]>;

/** The result of reading a file: the rows to add, or the errors to answer with. */
export type CsvReadResult =
  | { ok: true; rows: { line: number; input: ReturnType<typeof addressFormSchema.parse> }[] }
  | { ok: false; errors: CsvErrors };

const fileError = (message: string): CsvReadResult => ({ ok: false, errors: { file: [message] } });

/** The text of a CSV file's bytes, or null when it is neither UTF-8 nor Shift_JIS. */
export function decodeCsv(bytes: Uint8Array): string | null {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  for (const encoding of ['utf-8', 'shift_jis']) {
    try {
      return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      /* the next encoding */
    }
  }
  return null;
}

/**
 * A record's cells against a header of `width` columns: blank cells past it (Excel's empty trailing
 * column) dropped; any other count of cells is the Japanese error of that line.
 */
export function recordCells(cells: string[], width: number): string[] | string {
  const own = cells.length > width && cells.slice(width).every((c) => c.trim() === '') ? cells.slice(0, width) : cells;
  return own.length === width ? own : `列の数が見出し行と違います（見出し${width}列、この行${own.length}列）。`;
}

/** Records of RFC 4180 CSV text with the line each starts on; null when a quoted cell never ends. */
export function parseCsv(text: string): { line: number; cells: string[] }[] | null {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
    i++;
  }
  if (quoted) return null;
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** The cells without the blank ones at the end. */
function withoutTrailingBlanks(cells: string[]): string[] {
  let n = cells.length;
  while (n > 0 && cells[n - 1].trim() === '') n--;
  return cells.slice(0, n);
}

/** A cell as written in a file: a formula-looking value gets a leading '. */
const FORMULA = /^[=+\-@\t\r]/;
const unguard = (v: string) => (v.startsWith("'") && FORMULA.test(v.slice(1)) ? v.slice(1) : v);

/**
 * Reads an uploaded file: its size, kind and encoding, the header row and every record. `room` is how
 * many addresses the member may still add (x-limit minus those saved).
 */
export function readAddressCsv(bytes: Uint8Array, room: number, limit: number): CsvReadResult {
  if (bytes.byteLength === 0) return fileError('ファイルが空です。');
  if (bytes.byteLength > ADDRESS_CSV_MAX_BYTES)
    return fileError(`ファイルサイズは${ADDRESS_CSV_MAX_BYTES / 1024 / 1024}MB以下にしてください。`);
  if (bytes.includes(0)) return fileError('CSVファイルではありません。CSV形式（コンマ区切り）のファイルを選択してください。');
  const text = decodeCsv(bytes);
  if (text === null) return fileError('文字コードを判別できませんでした。UTF-8 または Shift_JIS で保存したファイルを選択してください。');
  // Binary files that happen to decode: control characters other than tab and line ends.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
    return fileError('CSVファイルではありません。CSV形式（コンマ区切り）のファイルを選択してください。');
  const records = parseCsv(text);
  if (!records) return fileError('CSVの形式が正しくありません（閉じられていない " があります）。');
  const [header, ...rest] = records;
  if (!header || header.cells.every((c) => c.trim() === '')) return fileError('1行目に見出し行がありません。');

  // The header: known names only, each once, every required column present. Excel saves an empty
  // last column as a comma at the end of every line: trailing empty header cells are no columns.
  const names = withoutTrailingBlanks(header.cells).map((c) => c.trim());
  const byHeader = new Map<string, Field>(ADDRESS_CSV_COLUMNS.map((c) => [c.header, c.field]));
  const unknown = names.filter((n) => !byHeader.has(n));
  if (unknown.length) return fileError(`見出し行に不明な列があります：${unknown.join('、')}`);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length) return fileError(`見出し行に同じ列が複数あります：${[...new Set(twice)].join('、')}`);
  const missing = ADDRESS_CSV_COLUMNS.filter((c) => c.required && !names.includes(c.header)).map((c) => c.header);
  if (missing.length) return fileError(`見出し行に必須の列がありません：${missing.join('、')}`);
  const fields = names.map((n) => byHeader.get(n)!);

  // Blank records (an empty line, or Excel's ",,,,") are not addresses.
  const data = rest.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (data.length === 0) return fileError('お届け先の行がありません。2行目以降にお届け先を入力してください。');
  if (data.length > room) {
    return {
      ok: false,
      errors: { file: [`登録できるお届け先は${limit}件までです。あと${room}件まで登録できます（ファイルには${data.length}件あります）。`] },
    };
  }

  const prefectures = new Set(listPrefectures().map((p) => p.name));
  const errors: CsvErrors = {};
  const rows: { line: number; input: ReturnType<typeof addressFormSchema.parse> }[] = [];
  for (const record of data) {
    const key = `line_${record.line}`;
    const cells = recordCells(record.cells, fields.length);
    if (typeof cells === 'string') {
      errors[key] = [cells];
      continue;
    }
    const values: Record<string, string> = {};
    fields.forEach((f, i) => {
      values[f] = unguard(cells[i]);
    });
    const lineErrors: CsvErrors = {};
    for (const [f, v] of Object.entries(values)) {
      if (/[\r\n]/.test(v)) lineErrors[f] = [messages.invalidCharacter(ADDRESS_CSV_COLUMNS.find((c) => c.field === f)!.header)];
    }
    const parsed = addressFormSchema.safeParse({ ...values, is_default: false });
    if (!parsed.success) {
      for (const [f, list] of Object.entries(issuesToErrors(parsed.error))) lineErrors[f] ??= list;
    }
    if (values.prefecture?.trim() && !prefectures.has(values.prefecture.trim()) && !lineErrors.prefecture) {
      lineErrors.prefecture = [messages.selected('都道府県')];
    }
    if (Object.keys(lineErrors).length) {
      for (const [f, list] of Object.entries(lineErrors)) errors[`${key}.${f}`] = list;
    } else if (parsed.success) {
      rows.push({ line: record.line, input: parsed.data });
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, rows };
}

const quote = (v: string) => `"${(FORMULA.test(v) ? `'${v}` : v).replaceAll('"', '""')}"`;

/** The address book as the bytes of a CSV file: UTF-8 with BOM, CRLF, the import's header row. */
export function addressesToCsv(addresses: Address[]): Uint8Array {
  const lines = [ADDRESS_CSV_COLUMNS.map((c) => quote(c.header)).join(',')];
  for (const a of addresses) {
    lines.push(
      ADDRESS_CSV_COLUMNS.map((c) => {
        // The postal code with its hyphen: a spreadsheet keeps "060-0001" as text, but drops the 0 of 0600001.
        const value = c.field === 'postal_code' ? a.formatted_postal_code : (a[c.field] ?? '');
        return quote(value);
      }).join(','),
    );
  }
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}
