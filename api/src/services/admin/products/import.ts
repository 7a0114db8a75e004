/**
 * POST /admin/v1/products/import: a stock and price CSV (csv-read.ts) checked against the catalogue
 * (csv-plan.ts). The dry run reads without locking and answers every change and every error by line,
 * changing nothing. The real run is one transaction: the named products are locked in id order (the
 * checkout's own order, so an import and a checkout, or two imports, wait for each other instead of
 * deadlocking), the plan is made again from the locked values, any error refuses the whole file
 * (422, nothing applied), and a `basis` from the dry run that no longer matches (the file, or a named
 * product changed since, e.g. by a sale) is 409. Then one UPDATE of the changed products (only the
 * columns some row changes, so the catalogue version moves only when a list can), the restock mails of products
 * back from 0, and one audit entry `stock.import`. Stock is set to the file's value: the same file
 * again changes nothing (0 changes, no entry).
 */
import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProductChange, ProductImportResult } from '#contracts/admin-products.ts';
import type { Db } from '../../../db/client.ts';
import { product_requests, products } from '../../../db/schema/index.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import { notifyRestocked } from '../../product-requests/index.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { applied, FIELDS } from './changes.ts';
import { type Current, type Plan, planImport } from './csv-plan.ts';
import { readProductCsv } from './csv-read.ts';
import { type Conn, valuesOf } from './rows.ts';

export interface ImportOptions {
  dryRun: boolean;
  basis?: string;
}

/** The named products' current values by code (locked in id order inside a transaction when `lock`). */
async function currentByCode(conn: Conn, codes: string[], lock: boolean): Promise<Map<string, Current>> {
  const q = conn
    .select({
      id: products.id,
      code: products.code,
      stock: products.stock,
      product_price: products.product_price,
      before_price: products.before_price,
      is_published: products.is_published,
    })
    .from(products)
    .where(inArray(products.code, sql`(select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`))
    .orderBy(products.id);
  const rows = lock ? await q.for('update') : await q;
  return new Map(rows.map((r) => [r.code, { id: r.id, code: r.code, values: valuesOf(r) }]));
}

/**
 * Rows per UPDATE: 20,000 rows in one statement took 2.5–3.3 s on a loaded 2-core machine, close to
 * DATABASE_STATEMENT_TIMEOUT_MS (5 s); batches keep each statement well inside it (same transaction).
 */
const WRITE_BATCH = 2000;

const SQL_TYPE = { stock: 'int', product_price: 'int', before_price: 'int', is_published: 'boolean' } as const;

/**
 * The changed products' new values, each row written once (in batches of WRITE_BATCH): a non-HOT update rewrites the row and every index entry
 * (the trigram index too), so each row is written once, not once per field. The SET list holds only
 * the fields some row changes (a stock-only file leaves the price columns, and so the catalogue
 * version's price triggers, alone); each row gets its values after the change, computed from the
 * locked values, so an unchanged field is written as it is.
 */
async function writeChanges(conn: Conn, plan: Plan, current: Map<string, Current>) {
  const fields = FIELDS.filter((f) => plan.changes.some((c) => c.field === f));
  const byCode = new Map<string, ProductChange[]>();
  for (const c of plan.changes) byCode.set(c.code, [...(byCode.get(c.code) ?? []), c]);
  const values = [...byCode].map(([code, changes]) => ({ id: changes[0].product_id, ...applied(current.get(code)!.values, changes) }));
  const columns = sql.raw(fields.map((f) => `${f} ${SQL_TYPE[f]}`).join(', '));
  const set = sql.raw(fields.map((f) => `${f} = v.${f}`).join(', '));
  for (let i = 0; i < values.length; i += WRITE_BATCH) {
    await conn.execute(sql`update ${products} p set ${set}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values.slice(i, i + WRITE_BATCH))}::jsonb) as v(id int, ${columns}) where p.id = v.id`);
  }
}

/** Of `ids` (back from 0), those with confirmed restock requests not mailed yet, in id order. */
async function awaitingRestock(conn: Conn, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await conn
    .selectDistinct({ id: product_requests.product_id })
    .from(product_requests)
    .where(
      and(
        inArray(product_requests.product_id, sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`),
        isNull(product_requests.notified_at),
        isNotNull(product_requests.confirmed_at),
      ),
    );
  return rows.map((r) => r.id!).sort((a, b) => a - b);
}

function result(rows: number, plan: Plan, dryRun: boolean, restockMails: number): ProductImportResult {
  const n = plan.changes.length;
  const errorLines = Object.keys(plan.errors).length;
  const message = dryRun
    ? `${n} 件の変更があります（商品 ${plan.changedProducts} 点）。${errorLines ? `エラーが ${errorLines} 行あります。エラーを直してから反映してください。` : ''}`
    : n
      ? `${n} 件の変更を反映しました（商品 ${plan.changedProducts} 点）。${restockMails ? `再入荷のお知らせを ${restockMails} 件送信しました。` : ''}`
      : '変更はありませんでした（0 件）。';
  return {
    dry_run: dryRun,
    rows,
    changes: plan.changes,
    changed_products: plan.changedProducts,
    restock_mails: restockMails,
    errors: plan.errors,
    basis: plan.basis,
    message,
  };
}

export async function importProducts(
  db: Db,
  siteUrl: string,
  actor: Actor,
  bytes: Uint8Array,
  opts: ImportOptions,
): Promise<ProductImportResult> {
  const read = readProductCsv(bytes);
  if (!read.ok) throw unprocessable('ファイルを読み込めませんでした。', 'stock_import.file', read.errors);
  const codes = [...new Set(read.rows.map((r) => r.code))];
  const rowCount = read.rows.length + Object.keys(read.errors).length;
  if (opts.dryRun) return result(rowCount, planImport(bytes, read.rows, read.errors, await currentByCode(db, codes, false)), true, 0);

  return db.transaction(async (tx) => {
    const current = await currentByCode(tx, codes, true);
    const plan = planImport(bytes, read.rows, read.errors, current);
    if (Object.keys(plan.errors).length) {
      throw unprocessable('取り込めない行があります。どの行も反映していません。', 'stock_import.invalid', plan.errors);
    }
    if (opts.basis && opts.basis !== plan.basis) {
      throw new ApiError(409, '確認した後にファイルか商品の在庫数・価格が変わりました。変更内容をもう一度確認してください。', {
        code: 'stock_import.changed',
      });
    }
    if (!plan.changes.length) return result(rowCount, plan, false, 0);
    await writeChanges(tx, plan, current);
    let restockMails = 0;
    for (const id of await awaitingRestock(tx, plan.restocked)) restockMails += await notifyRestocked(tx, id, siteUrl);
    await recordAudit(tx, actor, {
      action: 'stock.import',
      targetType: 'product',
      targetId: null,
      before: { changes: plan.changes.map((c) => ({ code: c.code, field: c.field, value: c.before })) },
      after: {
        summary: { rows: rowCount, changes: plan.changes.length, changed_products: plan.changedProducts, restock_mails: restockMails },
        changes: plan.changes.map((c) => ({ line: c.line, code: c.code, field: c.field, before: c.before, after: c.after })),
      },
    });
    return result(rowCount, plan, false, restockMails);
  });
}
