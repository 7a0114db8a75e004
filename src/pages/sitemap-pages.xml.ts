/** /sitemap-pages.xml: every page but the products (a child of the sitemap index, src/pages/sitemap.xml.ts). */
import type { APIRoute } from 'astro';
import { urlsetXml } from '#lib/seo/sitemap.ts';
import { loadContentEntries, loadProductSummary, sitemapResponse } from '#lib/seo/sitemap-source.ts';

export const prerender = false;

export const GET: APIRoute = () =>
  sitemapResponse(async () => urlsetXml(await loadContentEntries((await loadProductSummary()).lastUpdatedAt)));
