/**
 * The door of the staff's stock and price services: search (list.ts), one model (detail.ts), the
 * per-variant change (update.ts), the CSV import (import.ts: csv-read.ts, csv-plan.ts) and export
 * (csv-write.ts), the photographs (images.ts). Rules shared by the change and the import are in changes.ts, rows in rows.ts.
 */
import { type AdminProductQuery, PRODUCT_CSV_MAX_ROWS } from '#contracts/admin-products.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { productsToCsv } from './csv-write.ts';
import { searchRows } from './list.ts';
import type { Conn } from './rows.ts';

export { getProductModel } from './detail.ts';
export { addProductImage, setProductImages } from './images.ts';
export { importProducts } from './import.ts';
export { listMakers, searchProducts } from './list.ts';
export { updateProduct } from './update.ts';

/** The filtered list as CSV bytes; more rows than an import takes is 422 (filter further). */
export async function exportProducts(conn: Conn, query: Omit<AdminProductQuery, 'page'>): Promise<Uint8Array> {
  const rows = await searchRows(conn, query, PRODUCT_CSV_MAX_ROWS + 1);
  if (rows.length > PRODUCT_CSV_MAX_ROWS) {
    throw unprocessable(
      `書き出せるのは${PRODUCT_CSV_MAX_ROWS.toLocaleString('ja-JP')}件までです。メーカーや検索語で絞り込んでください。`,
      'stock_export.too_many',
    );
  }
  return productsToCsv(rows);
}
