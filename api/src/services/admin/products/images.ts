/**
 * A variant's photographs, kept by the staff (issue 25 item 3: editors' images go through the same
 * pipeline as the seeded ones). POST /admin/v1/products/{id}/images adds one: its bytes must be an
 * image that decodes (the pipeline's check, services/images), it is stored in the `products` upload
 * folder and served by /v1/images/{key} in AVIF, WebP and JPEG at every width (its AVIF and WebP
 * variants are rendered in the background after the change commits). The file is recorded
 * first, unattached; the transaction that puts it on the product also marks it attached, so a file
 * whose product change rolled back is left to the retention job (upload-files/retention.ts) and a
 * photograph on a product is never deleted by it. PUT …/images orders or removes them (the first is
 * the main image); a removed photograph's file stays, as past orders show it. Each change writes one
 * audit entry in the same transaction.
 */
import { eq, sql } from 'drizzle-orm';
import {
  PRODUCT_IMAGE_MESSAGES as M,
  PRODUCT_IMAGES_MAX,
  type ProductImagesPut,
  type ProductImagesResult,
} from '#contracts/admin-products.ts';
import { imageIdOf, imageUrl } from '#contracts/images.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { products, uploaded_files } from '../../../db/schema/index.ts';
import type { ApiEnv } from '../../../env.ts';
import { notFound, validationFailed } from '../../../lib/errors.ts';
import { imageInfo, PRODUCT_IMAGE_DIR, warmVariants } from '../../images/index.ts';
import { cleanFileName, keepFile, sniffType, uploadTooLarge } from '../../upload-files/index.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import { byId, imagesOf, rowsWhere, serializeRow } from './rows.ts';

/** The variant locked for the change: its code, channels and photographs now; a 404 when there is none. */
async function lockVariant(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: products.id, code: products.code, image: products.image, images: products.images })
    .from(products)
    .where(byId(id))
    .for('update');
  if (!row) throw notFound('商品');
  return { ...row, list: imagesOf(row) };
}

/** Writes the new list (the first is `image`, the main photograph), the audit entry, and answers the variant. */
async function saveImages(tx: Tx, actor: Actor, action: string, row: { id: number; code: string; list: string[] }, next: string[]) {
  await tx
    .update(products)
    .set({ images: next, image: next[0] ?? null, updated_at: sql`now()` })
    .where(byId(row.id));
  await recordAudit(tx, actor, {
    action,
    targetType: 'product',
    targetId: row.id,
    before: { code: row.code, images: row.list },
    after: { code: row.code, images: next },
  });
  const [fresh] = await rowsWhere(tx, byId(row.id));
  return serializeRow(fresh);
}

/** Adds one photograph (raw image bytes) at the end of variant `id`'s list. */
export async function addProductImage(
  db: Db,
  env: ApiEnv,
  actor: Actor,
  id: number,
  bytes: Uint8Array,
  fileName: string,
): Promise<ProductImagesResult> {
  if (bytes.byteLength === 0) throw validationFailed({ file: [M.noFile] });
  if (bytes.byteLength > env.UPLOAD_MAX_BYTES) throw uploadTooLarge(env.UPLOAD_MAX_BYTES);
  const type = sniffType(bytes);
  if (!type || type.ext === 'pdf' || !(await imageInfo(bytes))) throw validationFailed({ file: [M.type] });
  const [variant] = await db.select({ channels: products.channel_ids }).from(products).where(byId(id)).limit(1);
  if (!variant) throw notFound('商品');
  const channelId = variant.channels?.[0] ?? actor.channelId;
  if (!channelId) throw validationFailed({ file: ['販売チャネルのない商品には画像を登録できません。'] });
  const name = cleanFileName(fileName, type.ext);
  const key = await keepFile(db, env, { channelId, userId: null, ip: actor.ip, dir: PRODUCT_IMAGE_DIR }, bytes, type, name);
  const result = await db.transaction(async (tx) => {
    const row = await lockVariant(tx, id);
    if (row.list.length >= PRODUCT_IMAGES_MAX) throw validationFailed({ file: [M.tooMany] });
    await tx.update(uploaded_files).set({ attached_at: sql`now()` }).where(eq(uploaded_files.key, key));
    const product = await saveImages(tx, actor, 'product.images.add', row, [...row.list, imageUrl(key)]);
    return { product, message: `${row.code} に画像「${name}」を追加しました（${product.images.length}枚）。` };
  });
  void warmVariants(db, env, key);
  return result;
}

/** Puts variant `id`'s photographs in the order given, leaving out the ones not named. */
export async function setProductImages(db: Db, actor: Actor, id: number, input: ProductImagesPut): Promise<ProductImagesResult> {
  return db.transaction(async (tx) => {
    const row = await lockVariant(tx, id);
    const byImage = new Map(row.list.map((url) => [imageIdOf(url) ?? url, url]));
    const seen = new Set<string>();
    const next: string[] = [];
    for (const given of input.images) {
      const known = byImage.get(imageIdOf(given) ?? given);
      if (!known) throw validationFailed({ images: [M.unknown] });
      if (seen.has(known)) throw validationFailed({ images: [M.twice] });
      seen.add(known);
      next.push(known);
    }
    if (next.length === row.list.length && next.every((u, i) => u === row.list[i])) {
      const [same] = await rowsWhere(tx, byId(id));
      return { product: serializeRow(same), message: `${row.code} の画像に変更はありませんでした。` };
    }
    const removed = row.list.length - next.length;
    const product = await saveImages(tx, actor, 'product.images.update', row, next);
    const what = removed > 0 ? `画像を${removed}枚削除しました` : '画像の順番を保存しました';
    return { product, message: `${row.code} の${what}（${next.length}枚）。` };
  });
}
