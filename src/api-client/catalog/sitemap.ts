/** Sitemap data (server only: src/pages/sitemap*.xml.ts): GET /v1/sitemap/products. */
import { type SitemapProducts, sitemapProductsSchema } from '#contracts/sitemap.ts';
import type { CallOptions } from '../core/call.ts';
import { request } from '../core/http.ts';

/** One page (50,000) of the channel's published product keys with their last change. */
export async function listSitemapProducts(page = 1, opts: CallOptions = {}): Promise<SitemapProducts> {
  return (
    await request('GET', '/v1/sitemap/products', {
      query: { page },
      auth: false,
      parse: (body) => sitemapProductsSchema.parse(body),
      signal: opts.signal,
    })
  ).data;
}
