/**
 * Stock and prices in the back office (admin API, role staff or admin; /admin/products/ screens):
 * the product search, one model's variants, the per-variant edit of stock, price, 通常価格 and
 * selling state, and the CSV import and export of the same columns. Prices are tax-exclusive yen as
 * in contracts/products.ts; a variant is on sale (セール) when before_price > product_price, which is
 * what the storefront's on_sale filter and discount_rate read.
 */

import { dbInt, flag, pageParam, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { LOW_STOCK_MAX, stockStatusSchema } from './products.ts';
import { z } from './zod.ts';

/**
 * 残りわずか: 1 to this many left, the storefront's own threshold (contracts/products.ts), so the
 * staff's 残りわずか filter and the shopper's 「残りわずか」 badge name the same products.
 */
export const ADMIN_LOW_STOCK_MAX = LOW_STOCK_MAX;
/** Rows per page of the product search. */
export const ADMIN_PRODUCTS_PER_PAGE = 50;
export const STOCK_MAX = 999_999;
export const PRICE_MAX = 10_000_000;
/** The import's limits: the file's bytes (its own cap, above BODY_LIMIT_BYTES) and its data rows; the export's rows too. */
export const PRODUCT_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 20_000;

/** The editable fields of a variant with their Japanese names (form labels, CSV headers, change lists). */
export const PRODUCT_FIELD_LABELS = {
  stock: '在庫数',
  product_price: '販売価格（税抜）',
  before_price: '通常価格（税抜）',
  is_published: '販売状態',
} as const;
export type ProductField = keyof typeof PRODUCT_FIELD_LABELS;

/**
 * The CSV's columns in export order. `field` columns are imported; the others are written by the
 * export for people to read and ignored by the import, so an exported file imports again as it is.
 */
export const PRODUCT_CSV_COLUMNS = [
  { header: '商品コード', field: 'code' },
  { header: '商品名', field: null },
  { header: 'カラー', field: null },
  { header: 'サイズ', field: null },
  { header: 'メーカー', field: null },
  { header: '在庫数', field: 'stock' },
  { header: '販売価格（税抜）', field: 'product_price' },
  { header: '通常価格（税抜）', field: 'before_price' },
  { header: '販売状態', field: 'is_published' },
] as const satisfies ReadonlyArray<{ header: string; field: ProductField | 'code' | null }>;
/** 販売状態 in a file: 販売中 / 停止 (also 1 / 0); the export writes the words. */
export const SELLING_WORDS = { on: '販売中', off: '停止' } as const;

/** GET /admin/v1/products (and export.csv): every filter optional. */
export const adminProductQuerySchema = z.object({
  /** Words of the name, model, maker or code (each must match), or a code exact or by its start. */
  q: text(100, { label: '検索語' }).optional(),
  /** A maker's id, key or name (part of it). */
  maker: text(100, { label: 'メーカー' }).optional(),
  /** out: 0 left; low: 1–ADMIN_LOW_STOCK_MAX; in: more. */
  stock: z.enum(['out', 'low', 'in'], errorFor('在庫')).optional(),
  /** 1: 販売中 only; 0: 停止 only. */
  published: z.enum(['1', '0'], errorFor('販売状態')).optional(),
  page: pageParam().optional(),
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** One variant as the staff see it. */
export const adminProductSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    code: z.string(),
    name: z.string(),
    model: ref.nullable(),
    color: z.string().nullable(),
    size: z.string().nullable(),
    maker: ref.nullable(),
    stock: z.number().int(),
    stock_status: stockStatusSchema,
    product_price: z.number().int(),
    product_price_with_tax: z.number().int(),
    tax_rate: z.number().int(),
    before_price: z.number().int().nullable(),
    on_sale: z.boolean(),
    /** 販売中 (shown and sold) or 停止 (hidden from the storefront, not sold). */
    is_published: z.boolean(),
    /** The channels it is sold on (product_channels). */
    channels: z.array(z.string()),
    /** Its photographs in display order (the first is the main image), image-pipeline URLs (contracts/images.ts). */
    images: z.array(z.string()),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET /admin/v1/products/{id}: the product's model with all its variants (the product alone without a model). */
export const adminProductModelSchema = z
  .object({
    model: z.object({ id: z.number().int(), key: z.string(), name: z.string() }).nullable(),
    variants: z.array(adminProductSchema),
  })
  .meta({ id: 'AdminProductModel' });
export type AdminProductModel = z.infer<typeof adminProductModelSchema>;

export const adminMakerListSchema = z.array(z.object({ id: z.number().int(), key: z.string(), name: z.string() }));

const stock = () => dbInt({ min: 0, max: STOCK_MAX, label: PRODUCT_FIELD_LABELS.stock });
const price = (label: string) => dbInt({ min: 0, max: PRICE_MAX, label });

/**
 * PATCH /admin/v1/products/{id}: the fields to change (at least one). A new stock comes with the
 * stock the form showed (expected_stock): when a sale or another person changed it meanwhile the
 * call is 409 and nothing is written, so a sale is never overwritten. before_price null clears it;
 * when set it must be above the (new or current) product_price.
 */
export const productPatchSchema = z
  .strictObject(
    {
      stock: stock().optional(),
      expected_stock: dbInt({ min: 0, max: STOCK_MAX, label: '表示していた在庫数' }).optional(),
      product_price: price(PRODUCT_FIELD_LABELS.product_price).optional(),
      before_price: price(PRODUCT_FIELD_LABELS.before_price).nullable().optional(),
      is_published: flag({ label: PRODUCT_FIELD_LABELS.is_published }).optional(),
    },
    errorFor(),
  )
  .refine((p) => Object.keys(p).some((k) => k !== 'expected_stock'), { error: '変更する項目を1つ以上指定してください' })
  .refine((p) => p.stock === undefined || p.expected_stock !== undefined, {
    path: ['expected_stock'],
    error: '在庫数を変えるときは表示していた在庫数（expected_stock）も指定してください',
  });
export type ProductPatch = z.infer<typeof productPatchSchema>;

/** One changed value: a PATCH's, or an import line's (with its line and code). */
export const productChangeSchema = z.object({
  product_id: z.number().int(),
  code: z.string(),
  field: z.enum(['stock', 'product_price', 'before_price', 'is_published']),
  before: z.union([z.number(), z.boolean(), z.null()]),
  after: z.union([z.number(), z.boolean(), z.null()]),
  /** The file's line (imports only). */
  line: z.number().int().optional(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

export const productPatchResultSchema = z
  .object({
    product: adminProductSchema,
    changes: z.array(productChangeSchema),
    /** 再入荷のお知らせ mails queued because the stock came back from 0. */
    restock_mails: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'ProductPatchResult' });
export type ProductPatchResult = z.infer<typeof productPatchResultSchema>;

/** POST /admin/v1/products/import?dry_run=1|0&basis=: the query. */
export const productImportQuerySchema = z.object({
  dry_run: z.enum(['1', '0'], errorFor('確認のみ')).default('1'),
  /** The dry run's basis: the real run refuses (409) when the file or a named product changed since. */
  basis: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: '確認結果の識別子の形式が正しくありません' })
    .optional(),
});

export const productImportResultSchema = z
  .object({
    dry_run: z.boolean(),
    /** Data rows read. */
    rows: z.number().int(),
    changes: z.array(productChangeSchema),
    /** Products with at least one change. */
    changed_products: z.number().int(),
    restock_mails: z.number().int(),
    /** line_{n} (n = the file's line, the header being 1) → messages; `file` for the whole file. */
    errors: z.record(z.string(), z.array(z.string())),
    /** Digest of the file and of the named products' current values (send it with dry_run=0). */
    basis: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ProductImportResult' });
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

/** Photographs one variant may have, and the staff's messages about them. */
export const PRODUCT_IMAGES_MAX = 10;
export const PRODUCT_IMAGE_MESSAGES = {
  noFile: '画像ファイルを選択してください。',
  type: '画像はJPEG・PNG・GIF・WebPで、表示できるファイルを選択してください。',
  tooMany: `商品画像は${PRODUCT_IMAGES_MAX}枚までです。不要な画像を削除してから追加してください。`,
  unknown: 'この商品の画像ではないものが含まれています。画面を更新してもう一度お試しください。',
  twice: '同じ画像が2回指定されています。',
} as const;

/**
 * PUT /admin/v1/products/{id}/images: the variant's photographs in their new order, the first being
 * the main image; a photograph left out is removed from the product (its file is kept: past orders
 * show it). Only photographs the variant already has may be named (new ones are added by POST).
 */
export const productImagesPutSchema = z.strictObject(
  { images: z.array(text(200, { label: '商品画像' })).max(PRODUCT_IMAGES_MAX, { error: PRODUCT_IMAGE_MESSAGES.tooMany }) },
  errorFor(),
);
export type ProductImagesPut = z.infer<typeof productImagesPutSchema>;

/** POST (one photograph added) and PUT (order or removal) of /admin/v1/products/{id}/images. */
export const productImagesResultSchema = z.object({ product: adminProductSchema, message: z.string() }).meta({ id: 'ProductImagesResult' });
export type ProductImagesResult = z.infer<typeof productImagesResultSchema>;

/** A value of a field as the screens and the change lists show it. */
export function formatProductValue(field: ProductField, value: number | boolean | null): string {
  if (field === 'is_published') return value ? SELLING_WORDS.on : SELLING_WORDS.off;
  if (value === null) return field === 'before_price' ? 'なし' : '';
  return field === 'stock' ? Number(value).toLocaleString('ja-JP') : `¥${Number(value).toLocaleString('ja-JP')}`;
}
