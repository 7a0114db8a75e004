/**
 * POST /admin/v1/products/import: a stock and price CSV (csv-read.ts) checked against the catalogue
 * (csv-plan.ts). The dry run reads without locking and answers every change and every error by line,
 * changing nothing. The real run is one transaction: the named products are locked in id order (the
 * checkout's own order, so an import and a checkout, or two imports, wait for each other instead of
 * deadlocking), the plan is made again from the locked values, any error refuses the whole file
 * (422, nothing applied), and a `basis` from the dry run that no longer matches (the file, or a named
 * product changed since, e.g. by a sale) is 409. Then one UPDATE per changed field (only the columns
 * that change, so the catalogue version moves only when a list can), the restock mails of products
 * back from 0, and one audit entry `stock.import`. Stock is set to the file's value: the same file
 * again changes nothing (0 changes, no entry).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import type { ProductChange, ProductImportResult } from '#contracts/admin-products.ts';
import { recordAudit, type Actor } from '../audit.ts';
import { notifyRestocked } from '../../discovery/product-requests.ts';
import { FIELDS } from './changes.ts';
import { planImport, type Current, type Plan } from './csv-plan.ts';
import { readProductCsv } from './csv-read.ts';
import { valuesOf, type Conn } from './rows.ts';

export interface ImportOptions { dryRun: boolean; basis?: string }

/** The named products' current values by code (locked in id order inside a transaction when `lock`). */
async function currentByCode(conn: Conn, codes: string[], lock: boolean): Promise<Map<string, Current>> {
  const q = conn.select({ id: products.id, code: products.code, stock: products.stock, product_price: products.product_price,
    before_price: products.before_price, is_published: products.is_published }).from(products)
    .where(inArray(products.code, sql`(select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`)).orderBy(products.id);
  const rows = lock ? await q.for('update') : await q;
  return new Map(rows.map((r) => [r.code, { id: r.id, code: r.code, values: valuesOf(r) }]));
}

const SQL_TYPE = { stock: 'int', product_price: 'int', before_price: 'int', is_published: 'boolean' } as const;

/** One UPDATE per changed field, every product of it at once. */
async function writeChanges(conn: Conn, changes: ProductChange[]) {
  for (const field of FIELDS) {
    const values = changes.filter((c) => c.field === field).map((c) => ({ id: c.product_id, value: c.after }));
    if (!values.length) continue;
    await conn.execute(sql`update ${products} p set ${sql.raw(field)} = v.value, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, value ${sql.raw(SQL_TYPE[field])}) where p.id = v.id`);
  }
}

function result(rows: number, plan: Plan, dryRun: boolean, restockMails: number): ProductImportResult {
  const n = plan.changes.length;
  const errorLines = Object.keys(plan.errors).length;
  const message = dryRun
    ? `${n} 件の変更があります（商品 ${plan.changedProducts} 点）。${errorLines ? `エラーが ${errorLines} 行あります。エラーを直してから反映してください。` : ''}`
    : n ? `${n} 件の変更を反映しました（商品 ${plan.changedProducts} 点）。${restockMails ? `再入荷のお知らせを ${restockMails} 件送信しました。` : ''}`
      : '変更はありませんでした（0 件）。';
  return {
    dry_run: dryRun, rows, changes: plan.changes, changed_products: plan.changedProducts, restock_mails: restockMails,
    errors: plan.errors, basis: plan.basis, message,
  };
}

export async function importProducts(db: Db, siteUrl: string, actor: Actor, bytes: Uint8Array, opts: ImportOptions): Promise<ProductImportResult> {
  const read = readProductCsv(bytes);
  if (!read.ok) throw unprocessable('ファイルを読み込めませんでした。', 'stock_import.file', read.errors);
  const codes = [...new Set(read.rows.map((r) => r.code))];
  const rowCount = read.rows.length + Object.keys(read.errors).length;
  if (opts.dryRun) return result(rowCount, planImport(bytes, read.rows, read.errors, await currentByCode(db, codes, false)), true, 0);

  return db.transaction(async (tx) => {
    const plan = planImport(bytes, read.rows, read.errors, await currentByCode(tx, codes, true));
    if (Object.keys(plan.errors).length) {
      throw unprocessable('取り込めない行があります。どの行も反映していません。', 'stock_import.invalid', plan.errors);
    }
    if (opts.basis && opts.basis !== plan.basis) {
      throw new ApiError(409, '確認した後にファイルか商品の在庫数・価格が変わりました。変更内容をもう一度確認してください。', { code: 'stock_import.changed' });
    }
    if (!plan.changes.length) return result(rowCount, plan, false, 0);
    await writeChanges(tx, plan.changes);
    let restockMails = 0;
    for (const id of [...plan.restocked].sort((a, b) => a - b)) restockMails += await notifyRestocked(tx, id, siteUrl);
    await recordAudit(tx, actor, {
      action: 'stock.import', targetType: 'product', targetId: null,
      before: { changes: plan.changes.map((c) => ({ code: c.code, field: c.field, value: c.before })) },
      after: {
        summary: { rows: rowCount, changes: plan.changes.length, changed_products: plan.changedProducts, restock_mails: restockMails },
        changes: plan.changes.map((c) => ({ line: c.line, code: c.code, field: c.field, before: c.before, after: c.after })),
      },
    });
    return result(rowCount, plan, false, restockMails);
  });
}
