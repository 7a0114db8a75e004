/**
 * /sitemap.xml, rendered on demand from the Shop API and the content snapshot (not pre-rendered:
 * products are added without a rebuild, and 100,000 of them would make every build write a 10 MB
 * file). Shared caches keep it 10 minutes (SITEMAP_CACHE_CONTROL). One <urlset> while every URL fits
 * in 50,000; past that a <sitemapindex> of /sitemap-pages.xml and /sitemap-products-{n}.xml.
 */
import type { APIRoute } from 'astro';
import { planSitemap, sitemapIndexXml, urlsetXml } from '#lib/seo/sitemap.ts';
import { loadContentEntries, loadProductEntries, loadProductSummary, sitemapResponse } from '#lib/seo/sitemap-source.ts';

export const prerender = false;

export const GET: APIRoute = () =>
  sitemapResponse(async () => {
    // The count first: a large catalogue answers the index without reading 50,000 product keys.
    const summary = await loadProductSummary();
    const content = await loadContentEntries(summary.lastUpdatedAt);
    const plan = planSitemap(content.length, summary.total);
    if (plan.kind === 'index') return sitemapIndexXml(plan.children.map((loc) => ({ loc, lastmod: summary.lastUpdatedAt })));
    const products = await loadProductEntries(1);
    return urlsetXml([...content, ...products.entries]);
  });
