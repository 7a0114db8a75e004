/**
 * Catalogue contract: products, product models and the category hierarchy (spec sections 3 and 7).
 * Prices are integer yen; `product_price` is tax-exclusive, `product_price_with_tax` is
 * floor(price * (100 + tax_rate) / 100).
 */
import { z } from 'zod';
import { keyText, pageParam, perParam, text } from './fields.ts';
import { errorFor } from './issues.ts';

/** A brand or maker as embedded in a product. */
export const productRefSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
}).meta({ id: 'ProductRef' });
export type ProductRef = z.infer<typeof productRefSchema>;

export const categoryRefSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
}).meta({ id: 'CategoryRef' });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** A sibling variant (colour, size) listed inside a product model. */
export const productVariantSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  product_price_with_tax: z.number().int(),
  is_stock_available: z.boolean(),
}).meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productModelSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  categories: z.array(categoryRefSchema),
  products: z.array(productVariantSchema),
}).meta({ id: 'ProductModel' });
export type ProductModel = z.infer<typeof productModelSchema>;

export const taxRateSchema = z.union([z.literal(10), z.literal(8)]);

export const productSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  /** Tax-exclusive unit price in yen. */
  product_price: z.number().int(),
  /** The price before a sale (tax-exclusive), or null when not on sale. */
  before_price: z.number().int().nullable(),
  product_price_with_tax: z.number().int(),
  tax_rate: taxRateSchema,
  brand: productRefSchema.nullable(),
  maker: productRefSchema.nullable(),
  product_model: productModelSchema.nullable(),
  /** URL path of the main image. */
  image: z.string(),
  images: z.array(z.string()),
  is_stock_available: z.boolean(),
  is_favorite: z.boolean(),
  created_at: z.string(),
}).meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema).meta({ id: 'ProductList' });

export const productSortSchema = z.enum(['new', 'price_asc', 'price_desc']);
export type ProductSort = z.infer<typeof productSortSchema>;

/** `child=1` (or true) widens a category filter to its descendants (spec section 5). */
const flagSchema = z.enum(['1', '0', 'true', 'false'], errorFor())
  .transform((v) => v === '1' || v === 'true');

/** GET /v1/products query. */
export const productListQuerySchema = z.object({
  page: pageParam().optional(),
  per: perParam().optional(),
  category: keyText(100).optional(),
  child: flagSchema.optional(),
  maker: keyText(100).optional(),
  brand: keyText(100).optional(),
  keyword: text(100).optional(),
  sort: z.enum(productSortSchema.options, errorFor()).optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const productKeyParamSchema = z.object({ key: keyText(200, { label: '商品' }) });

/** A node of GET /v1/categories/hierarchy. */
export interface CategoryNode { id: number; key: string; name: string; children: CategoryNode[] }
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  get children() { return z.array(categoryNodeSchema); },
}).meta({ id: 'CategoryNode' });

export const categoryHierarchySchema = z.array(categoryNodeSchema).meta({ id: 'CategoryHierarchy' });

export const categoryHierarchyQuerySchema = z.object({
  table: z.enum(['products', 'inquiries'], errorFor()).default('products'),
});
export type CategoryHierarchyQuery = z.input<typeof categoryHierarchyQuerySchema>;
