/** /sitemap-pages.xml: every page but the products (a child of the sitemap index, src/pages/sitemap.xml.ts). */
import type { APIRoute } from 'astro';
import { MAX_PAGE } from '#contracts/fields.ts';
import { listSitemapProducts } from '../api-client/sitemap.ts';
import { loadContentEntries, sitemapResponse } from '../lib/seo/sitemap-source.ts';
import { urlsetXml } from '../lib/seo/sitemap.ts';
import { setupServerApi } from '../components/server-api.ts';

export const prerender = false;

export const GET: APIRoute = () => sitemapResponse(async () => {
  setupServerApi();
  // Past the last page: no rows, just the newest change that dates the product list pages.
  const { last_updated_at } = await listSitemapProducts(MAX_PAGE);
  return urlsetXml(await loadContentEntries(last_updated_at));
});
