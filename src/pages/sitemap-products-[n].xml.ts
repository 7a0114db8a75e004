/** /sitemap-products-{n}.xml: the n-th 50,000 products (a child of the sitemap index, src/pages/sitemap.xml.ts). */
import type { APIRoute } from 'astro';
import { urlsetXml } from '#lib/seo/sitemap.ts';
import { loadProductEntries, sitemapResponse } from '#lib/seo/sitemap-source.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  sitemapResponse(async () => {
    const n = /^[1-9]\d{0,5}$/.test(params.n ?? '') ? Number(params.n) : 0;
    if (!n) return null;
    const products = await loadProductEntries(n);
    // Page 1 always exists (an empty shop still has a valid, empty sitemap); later pages only with products.
    if (n > 1 && products.entries.length === 0) return null;
    return urlsetXml(products.entries);
  });
