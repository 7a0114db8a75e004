/**
 * The export of the staff's product search as a CSV file (GET /admin/v1/products/export.csv): UTF-8
 * with a BOM (Excel then opens it as UTF-8), CRLF, every cell quoted, the import's columns
 * (PRODUCT_CSV_COLUMNS), so an exported file, edited or not, imports again as it is. A cell
 * starting with = + - @ gets a leading ' so a spreadsheet does not run it as a formula; the import
 * drops that ' again.
 */
import { PRODUCT_CSV_COLUMNS, SELLING_WORDS } from '#contracts/admin-products.ts';
import type { Row } from './rows.ts';

const FORMULA = /^[=+\-@\t\r]/;
const quote = (v: string) => `"${(FORMULA.test(v) ? `'${v}` : v).replaceAll('"', '""')}"`;

function cell(row: Row, header: (typeof PRODUCT_CSV_COLUMNS)[number]['header']): string {
  switch (header) {
    case '商品コード':
      return row.code;
    case '商品名':
      return row.name;
    case 'カラー':
      return row.color ?? '';
    case 'サイズ':
      return row.size ?? '';
    case 'メーカー':
      return row.maker_name ?? '';
    case '在庫数':
      return String(row.stock);
    case '販売価格（税抜）':
      return String(row.product_price);
    case '通常価格（税抜）':
      return row.before_price == null ? '' : String(row.before_price);
    case '販売状態':
      return row.is_published ? SELLING_WORDS.on : SELLING_WORDS.off;
  }
}

/** The rows as the bytes of the CSV file. */
export function productsToCsv(rows: Row[]): Uint8Array {
  const lines = [PRODUCT_CSV_COLUMNS.map((c) => quote(c.header)).join(',')];
  for (const r of rows) lines.push(PRODUCT_CSV_COLUMNS.map((c) => quote(cell(r, c.header))).join(','));
  return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
}
