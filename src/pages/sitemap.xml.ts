/**
 * /sitemap.xml, rendered on demand from the Shop API and the content snapshot (not pre-rendered:
 * products are added without a rebuild, and 100,000 of them would make every build write a 10 MB
 * file). Shared caches keep it 10 minutes (SITEMAP_CACHE_CONTROL). One <urlset> while every URL fits
 * in 50,000; past that a <sitemapindex> of /sitemap-pages.xml and /sitemap-products-{n}.xml.
 */
import type { APIRoute } from 'astro';
import { loadContentEntries, loadProductEntries, sitemapResponse } from '../lib/seo/sitemap-source.ts';
import { planSitemap, sitemapIndexXml, urlsetXml } from '../lib/seo/sitemap.ts';

export const prerender = false;

export const GET: APIRoute = () => sitemapResponse(async () => {
  const products = await loadProductEntries(1);
  const content = await loadContentEntries(products.lastUpdatedAt);
  const plan = planSitemap(content.length, products.total);
  if (plan.kind === 'urlset') return urlsetXml([...content, ...products.entries]);
  return sitemapIndexXml(plan.children.map((loc) => ({ loc, lastmod: products.lastUpdatedAt })));
});
