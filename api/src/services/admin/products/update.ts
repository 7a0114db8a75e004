/**
 * One variant's stock, price, 通常価格 and selling state changed by a staff member (PATCH
 * /admin/v1/products/{id}), in one transaction with the row locked (FOR UPDATE):
 * - stock is optimistic: the form sends the stock it showed (expected_stock); when a checkout or
 *   another person changed it meanwhile the call is 409 and nothing is written, so setting an
 *   absolute stock never overwrites a sale. A checkout's guarded `stock - q` waits for the lock and
 *   then takes from the new value;
 * - only changed columns are written: the catalogue version's triggers (migrations 0003, 0007) then
 *   move exactly when a list could change (a price, the sale state, publishing, stock crossing 0),
 *   in this same transaction, so no cached list or total outlives the commit;
 * - stock raised from 0 mails the confirmed 「再入荷をお知らせ」 requests waiting for it, once each
 *   (notifyRestocked, in the same transaction: mailed only if the change commits);
 * - one audit entry `stock.update` with the changed fields before and after.
 */
import { sql } from 'drizzle-orm';
import { PRODUCT_FIELD_LABELS, type ProductPatch, type ProductPatchResult } from '#contracts/admin-products.ts';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { ApiError, notFound, validationFailed } from '../../../lib/errors.ts';
import { notifyRestocked } from '../../product-requests/index.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { applied, changesOf, restocks, saleRuleError, type Wanted } from './changes.ts';
import { byId, rowsWhere, serializeRow, valuesOf } from './rows.ts';

/** The 409 of a stock that changed after the form showed it. */
export const stockConflict = (current: number) => {
  const message = `在庫数が他の操作で変わりました（現在 ${current.toLocaleString('ja-JP')}）。画面を更新してください。`;
  return new ApiError(409, message, { code: 'stock.conflict', errors: { stock: [message] } });
};

export async function updateProduct(db: Db, siteUrl: string, actor: Actor, id: number, patch: ProductPatch): Promise<ProductPatchResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: products.id,
        code: products.code,
        stock: products.stock,
        product_price: products.product_price,
        before_price: products.before_price,
        is_published: products.is_published,
      })
      .from(products)
      .where(byId(id))
      .for('update');
    if (!row) throw notFound('商品');
    const current = valuesOf(row);
    if (patch.stock !== undefined && patch.expected_stock !== current.stock) throw stockConflict(current.stock);
    const wanted: Wanted = {
      stock: patch.stock,
      product_price: patch.product_price,
      before_price: patch.before_price,
      is_published: patch.is_published,
    };
    const rule = saleRuleError(current, wanted);
    if (rule) throw validationFailed({ [patch.before_price !== undefined ? 'before_price' : 'product_price']: [rule] });

    const changes = changesOf(current, wanted, row);
    let restockMails = 0;
    if (changes.length) {
      const set = Object.fromEntries(changes.map((c) => [c.field, c.after]));
      await tx
        .update(products)
        .set({ ...set, updated_at: sql`now()` })
        .where(byId(id));
      const after = applied(current, changes);
      if (restocks(current, after)) restockMails = await notifyRestocked(tx, id, siteUrl);
      await recordAudit(tx, actor, {
        action: 'stock.update',
        targetType: 'product',
        targetId: id,
        before: { code: row.code, ...Object.fromEntries(changes.map((c) => [c.field, c.before])) },
        after: { code: row.code, ...set, ...(restockMails ? { restock_mails: restockMails } : {}) },
      });
    }
    const [fresh] = await rowsWhere(tx, byId(id));
    const what = changes.map((c) => PRODUCT_FIELD_LABELS[c.field]).join('・');
    const message = changes.length
      ? `${row.code} の${what}を保存しました。${restockMails ? `再入荷のお知らせを ${restockMails} 件送信しました。` : ''}`
      : `${row.code} に変更はありませんでした。`;
    return { product: serializeRow(fresh), changes, restock_mails: restockMails, message };
  });
}
