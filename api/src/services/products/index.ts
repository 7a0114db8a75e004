/** The product reads the routes answer with: the list and its facets, one product, suggestions, reviews. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import { messages } from '#contracts/messages.ts';
import {
  type Product,
  type ProductFacets,
  type ProductReview,
  type ProductSort,
  type ProductSuggest,
  SUGGEST_MIN_LENGTH,
} from '#contracts/products.ts';
import type { Db } from '../../db/client.ts';
import { product_reviews, products } from '../../db/schema/index.ts';
import { notFound, validationFailed } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { recentSearchWords } from '../product-search-histories/index.ts';
import { priceWithTax } from '../tax/index.ts';
import { FALLBACK_IMAGE, getProductByKey, listProducts, type ProductFilter, productFacets, suggestProducts } from './catalog.ts';
import { searchWords } from './search/normalize.ts';

/** The list's and the facets' filter query, parsed by the contract (flags as booleans, prices as numbers). */
export interface FilterQuery {
  category?: string;
  child?: boolean;
  maker?: string;
  brand?: string;
  keyword?: string;
  price_min?: number;
  price_max?: number;
  in_stock?: boolean;
  on_sale?: boolean;
  group?: boolean;
}

function filterOf(channelId: string, q: FilterQuery & { sort?: ProductSort }): ProductFilter {
  const { category, child, maker, brand, keyword, price_min, price_max, in_stock, on_sale, group, sort } = q;
  return { channelId, category, child, maker, brand, keyword, price_min, price_max, in_stock, on_sale, group, sort };
}

/** GET /v1/products: published products of the channel, filtered, 15 per page unless `per` says otherwise. */
export async function listProductPage(
  db: Db,
  channelId: string,
  userId: number | null,
  query: FilterQuery & { sort?: ProductSort; page?: number; per?: number },
): Promise<PageResult<Product>> {
  const page = pageOf(query, PAGE_SIZE.products)!;
  const { items, total } = await listProducts(db, filterOf(channelId, query), page, userId);
  return { items, total, page };
}

/** GET /v1/products/facets: the counts beside each filter choice for the same query. */
export async function getProductFacets(db: Db, channelId: string, query: FilterQuery): Promise<ProductFacets> {
  return productFacets(db, filterOf(channelId, query));
}

/** GET /v1/products/{key}: one published product of the channel; unknown keys are 404. */
export async function getProduct(db: Db, channelId: string, key: string, userId: number | null): Promise<Product> {
  const product = await getProductByKey(db, channelId, key, userId);
  if (!product) throw notFound('商品');
  return product;
}

const SUGGEST_WORDS = 8;
const SUGGEST_HISTORY_WORDS = 5;
const SUGGEST_PRODUCTS = 6;

/**
 * GET /v1/products/suggest: while the shopper types (2+ characters after normalisation). Words: up
 * to 5 of the member's own recent searches that contain the typed words, then the names of the most
 * popular matching product models; products: up to 6 matching products, one per model, most popular first.
 */
export async function suggest(db: Db, channelId: string, userId: number | null, keyword: string): Promise<ProductSuggest> {
  const words = searchWords(keyword);
  if (words.join('').length < SUGGEST_MIN_LENGTH) {
    throw validationFailed({ keyword: [messages.minLength('キーワード', SUGGEST_MIN_LENGTH)] });
  }
  const [mine, rows] = await Promise.all([
    userId ? recentSearchWords(db, userId, words, SUGGEST_HISTORY_WORDS) : Promise.resolve([]),
    suggestProducts(db, channelId, keyword, 60),
  ]);
  const seenModels = new Set<number>();
  const picked = rows.filter((r) => {
    const g = r.product_model_id ?? -r.id;
    if (seenModels.has(g)) return false;
    seenModels.add(g);
    return true;
  });
  const out = [...mine];
  for (const r of picked) {
    const word = r.model_name ?? r.name;
    if (out.length >= SUGGEST_WORDS) break;
    if (!out.includes(word)) out.push(word);
  }
  return {
    words: out,
    products: picked.slice(0, SUGGEST_PRODUCTS).map((r) => ({
      key: r.key,
      name: r.name,
      image: r.image ?? FALLBACK_IMAGE,
      product_price_with_tax: priceWithTax(Number(r.product_price), Number(r.tax_rate) === 8 ? 8 : 10),
    })),
  };
}

/**
 * GET /v1/products/{key}/reviews: the reviews of the product's model (every variant: a review of
 * the navy M is a review of the shirt), newest first, 10 per page.
 */
export async function listReviews(
  db: Db,
  channelId: string,
  key: string,
  query: { page?: number; per?: number },
): Promise<PageResult<ProductReview>> {
  const product = await getProductByKey(db, channelId, key, null);
  if (!product) throw notFound('商品');
  const page = pageOf(query, PAGE_SIZE.default)!;
  const scope = product.product_model
    ? sql`${product_reviews.product_id} in (select id from ${products} where ${products.product_model_id} = ${product.product_model.id})`
    : eq(product_reviews.product_id, product.id);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: product_reviews.id,
        nickname: product_reviews.nickname,
        rating: product_reviews.rating,
        title: product_reviews.title,
        body: product_reviews.body,
        created_at: product_reviews.created_at,
      })
      .from(product_reviews)
      .where(and(scope))
      .orderBy(desc(product_reviews.created_at), desc(product_reviews.id))
      .limit(page.per)
      .offset(page.offset),
    db.$count(product_reviews, scope),
  ]);
  return {
    items: rows.map((r) => ({ ...r, rating: Number(r.rating), created_at: new Date(r.created_at).toISOString() })),
    total,
    page,
  };
}
