/** The product reads the routes answer with: one page of the list, one product by key. */
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { pageOf } from '../lib/pagination.ts';
import type { PageResult } from '../lib/respond.ts';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { Product } from '#contracts/products.ts';
import { getProductByKey, listProducts, type ProductFilter } from './catalog.ts';

/** GET /v1/products: published products of the channel, filtered, 15 per page unless `per` says otherwise. */
export async function listProductPage(db: Db, channelId: string, userId: number | null,
  query: Omit<ProductFilter, 'channelId'> & { page?: number; per?: number }): Promise<PageResult<Product>> {
  const page = pageOf(query, PAGE_SIZE.products)!;
  const { category, child, maker, brand, keyword, sort } = query;
  const { items, total } = await listProducts(db, { channelId, category, child, maker, brand, keyword, sort }, page, userId);
  return { items, total, page };
}

/** GET /v1/products/{key}: one published product of the channel; unknown keys are 404. */
export async function getProduct(db: Db, channelId: string, key: string, userId: number | null): Promise<Product> {
  const product = await getProductByKey(db, channelId, key, userId);
  if (!product) throw notFound('商品');
  return product;
}
