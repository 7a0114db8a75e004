/**
 * Catalogue contract: products, product models and the category hierarchy (spec sections 3 and 7).
 * Prices are integer yen; `product_price` is tax-exclusive, `product_price_with_tax` is
 * floor(price * (100 + tax_rate) / 100).
 */

import { dbIntParam, keyText, pageParam, perParam, requiredText, text } from './fields.ts';
import { errorFor } from './issues.ts';
import { z } from './zod.ts';

/** A brand or maker as embedded in a product. */
export const productRefSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
  })
  .meta({ id: 'ProductRef' });
export type ProductRef = z.infer<typeof productRefSchema>;

export const categoryRefSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
  })
  .meta({ id: 'CategoryRef' });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** Stock shown to the shopper: 在庫あり / 残りわずか (1–5 left) / 在庫なし. */
export const stockStatusSchema = z.enum(['in_stock', 'low', 'out']);
export type StockStatus = z.infer<typeof stockStatusSchema>;
/** Japanese wording of each stock status. */
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = { in_stock: '在庫あり', low: '残りわずか', out: '在庫なし' };
/** At most this many left counts as 残りわずか. */
export const LOW_STOCK_MAX = 5;

/** A sibling variant (colour, size) listed inside a product model, in size_order, colour order. */
export const productVariantSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    product_price_with_tax: z.number().int(),
    is_stock_available: z.boolean(),
    color: z.string().nullable(),
    /** Swatch colour, `#rrggbb`. */
    color_code: z.string().nullable(),
    size: z.string().nullable(),
    /** URL path of the variant's main image. */
    image: z.string(),
    stock_status: stockStatusSchema,
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productModelSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    categories: z.array(categoryRefSchema),
    /**
     * The model's published variants on the channel (colour swatches and sizes). Sent with one product
     * (GET /v1/products/{key}); lists, shelves and carts leave it out, since a card shows none of it
     * and it was most of a list's bytes and database time.
     */
    products: z.array(productVariantSchema).optional(),
  })
  .meta({ id: 'ProductModel' });
export type ProductModel = z.infer<typeof productModelSchema>;

export const taxRateSchema = z.union([z.literal(10), z.literal(8)]);

export const productSchema = z
  .object({
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
    color: z.string().nullable(),
    /** Swatch colour, `#rrggbb`. */
    color_code: z.string().nullable(),
    size: z.string().nullable(),
    stock_status: stockStatusSchema,
    /** Percent off `before_price` (floor, 1–99), or null when not on sale. */
    discount_rate: z.number().int().nullable(),
    /** Average review rating rounded to one decimal, or null without reviews. */
    review_avg: z.number().nullable(),
    review_count: z.number().int(),
    /** 名入れ刺繍 can be ordered with it (PATCH /v1/carts/products/add `embroidery`), free of charge. */
    embroiderable: z.boolean(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema).meta({ id: 'ProductList' });

/** new 新着順 (default), price_asc 価格の安い順, price_desc 価格の高い順, popular 人気順. */
export const productSortSchema = z.enum(['new', 'price_asc', 'price_desc', 'popular']);
export type ProductSort = z.infer<typeof productSortSchema>;
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  new: '新着順',
  price_asc: '価格の安い順',
  price_desc: '価格の高い順',
  popular: '人気順',
};

/** A query flag: 1/0 or true/false. */
const flagSchema = (label?: string) => z.enum(['1', '0', 'true', 'false'], errorFor(label)).transform((v) => v === '1' || v === 'true');

/** Highest price (tax-inclusive yen) a price filter accepts. */
export const MAX_PRICE_FILTER = 10_000_000;
const priceParam = (label: string) => dbIntParam({ min: 0, max: MAX_PRICE_FILTER, label });

/**
 * The filters shared by the list and its facets. `keyword`: words separated by spaces narrow (AND),
 * matched Japanese-aware (kana, width, case, long-vowel marks). `child=1` widens a category filter
 * to its descendants (spec section 5). Prices are tax-inclusive yen. `group` (default true) shows
 * one product per product model (its representative variant); `group=0` lists every variant.
 */
export const productFilterQuerySchema = z.object({
  category: keyText(100).optional(),
  child: flagSchema('下位カテゴリを含む').optional(),
  maker: keyText(100).optional(),
  brand: keyText(100).optional(),
  keyword: text(100).optional(),
  price_min: priceParam('下限価格').optional(),
  price_max: priceParam('上限価格').optional(),
  in_stock: flagSchema('在庫ありのみ').optional(),
  on_sale: flagSchema('セール中のみ').optional(),
  group: flagSchema('商品モデルでまとめる').optional(),
});
export type ProductFilterQuery = z.input<typeof productFilterQuerySchema>;

/** GET /v1/products query (15 per page by default). */
export const productListQuerySchema = productFilterQuerySchema.extend({
  page: pageParam().optional(),
  per: perParam().optional(),
  sort: z.enum(productSortSchema.options, errorFor('並び順')).optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** One choice of a facet with the number of products (models when grouped) it would show. */
export const facetCountSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    count: z.number().int().nonnegative(),
  })
  .meta({ id: 'FacetCount' });
export type FacetCount = z.infer<typeof facetCountSchema>;

/**
 * GET /v1/products/facets (same query as the list without page/per/sort). Each facet is counted
 * with its own filter left out (a shopper sees how many the other choices would give); `total` is
 * the list's total with every filter. `price` is the tax-inclusive range with the price filter left out.
 */
export const productFacetsSchema = z
  .object({
    categories: z.array(facetCountSchema),
    makers: z.array(facetCountSchema),
    brands: z.array(facetCountSchema),
    in_stock: z.number().int().nonnegative(),
    on_sale: z.number().int().nonnegative(),
    price: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'ProductFacets' });
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** Suggestions need at least this many characters after normalisation. */
export const SUGGEST_MIN_LENGTH = 2;
/** GET /v1/products/suggest?keyword= (2+ characters after normalisation, else 422). */
export const productSuggestQuerySchema = z.object({
  keyword: requiredText(100, { label: 'キーワード' }),
});
export type ProductSuggestQuery = z.input<typeof productSuggestQuerySchema>;

export const productSuggestSchema = z
  .object({
    /** Up to 5 of the member's own recent matching searches, then popular matching product words. */
    words: z.array(z.string()),
    /** Up to 6 matching products (one per model), most popular first. */
    products: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        image: z.string(),
        product_price_with_tax: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'ProductSuggest' });
export type ProductSuggest = z.infer<typeof productSuggestSchema>;

/** A product review (GET /v1/products/{key}/reviews, newest first, paged by headers). */
export const productReviewSchema = z
  .object({
    id: z.number().int(),
    nickname: z.string(),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    body: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ProductReview' });
export type ProductReview = z.infer<typeof productReviewSchema>;
export const productReviewListSchema = z.array(productReviewSchema).meta({ id: 'ProductReviewList' });

/** POST /v1/product-search-histories: a member's search word (guests: 204, nothing stored). */
export const productSearchHistoryBodySchema = z.object({
  word: requiredText(100, { label: '検索キーワード' }),
});
export type ProductSearchHistoryBody = z.input<typeof productSearchHistoryBodySchema>;

/** One entry of GET /v1/me/product-search-histories (newest first, at most 50 kept). */
export const productSearchHistorySchema = z
  .object({
    id: z.number().int(),
    word: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ProductSearchHistory' });
export type ProductSearchHistory = z.infer<typeof productSearchHistorySchema>;
export const productSearchHistoryListSchema = z.array(productSearchHistorySchema).meta({ id: 'ProductSearchHistoryList' });
/** Searches kept per member. */
export const MAX_SEARCH_HISTORIES = 50;

export const productKeyParamSchema = z.object({ key: keyText(200, { label: '商品' }) });

/** A node of GET /v1/categories/hierarchy. */
export interface CategoryNode {
  id: number;
  key: string;
  name: string;
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    get children() {
      return z.array(categoryNodeSchema);
    },
  })
  .meta({ id: 'CategoryNode' });

export const categoryHierarchySchema = z.array(categoryNodeSchema).meta({ id: 'CategoryHierarchy' });

export const categoryHierarchyQuerySchema = z.object({
  table: z.enum(['products', 'inquiries'], errorFor()).default('products'),
});
export type CategoryHierarchyQuery = z.input<typeof categoryHierarchyQuerySchema>;
