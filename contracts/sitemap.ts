/**
 * GET /v1/sitemap/products: the channel's published products as the sitemap needs them (key and last
 * change), in pages of SITEMAP_MAX_URLS, the most one sitemap file may hold (sitemaps.org protocol).
 * The product list (15–100 per page, full product rows) would take 1,000 requests for 100,000 products.
 */

import { pageParam } from './fields.ts';
import { z } from './zod.ts';

/** The sitemaps protocol's limit of URLs per file (and per sitemap index). */
export const SITEMAP_MAX_URLS = 50_000;

export const sitemapProductsQuerySchema = z.object({ page: pageParam().optional() });
export type SitemapProductsQuery = z.input<typeof sitemapProductsQuerySchema>;

export const sitemapProductSchema = z
  .object({
    key: z.string(),
    /** ISO 8601 time of the product row's last change. */
    updated_at: z.string(),
  })
  .meta({ id: 'SitemapProduct' });
export type SitemapProduct = z.infer<typeof sitemapProductSchema>;

export const sitemapProductsSchema = z
  .object({
    /** Published products of the channel in all pages. */
    total: z.number().int(),
    per: z.number().int(),
    page: z.number().int(),
    /** The newest change of any of them (all pages), null without products: the product list's lastmod. */
    last_updated_at: z.string().nullable(),
    items: z.array(sitemapProductSchema),
  })
  .meta({ id: 'SitemapProducts' });
export type SitemapProducts = z.infer<typeof sitemapProductsSchema>;
