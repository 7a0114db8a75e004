/**
 * Issue 5 §5, the island JavaScript budgets, on the real server: everything a page makes the browser
 * download as script before interaction (script tags, module preloads, island component and renderer
 * URLs with their static imports, inline scripts), each counted at the gzip size the shop serves it
 * (scripts/measure-js.ts, the same measure `npm run bench` prints). Content pages ship no React.
 */
import { expect, test } from '@playwright/test';
import { measurePage, pageTypes } from '../../scripts/measure-js.ts';

const KB = 1024;
const budgets: Record<string, number> = {
  'product detail': 50 * KB,
  cart: 80 * KB,
  'shipping-select': 80 * KB,
  payment: 80 * KB,
  confirm: 80 * KB,
  complete: 80 * KB,
};
const contentPages = new Set(['home', 'news', 'blog', 'product list']);

test('the product page ships at most 50 KB and the cart and checkout pages at most 80 KB of gzipped JavaScript', async ({ baseURL }) => {
  const base = baseURL!.replace(/\/+$/, '');
  const measured: string[] = [];
  for (const [name, path] of await pageTypes(base)) {
    if (!(name in budgets) && !contentPages.has(name)) continue;
    const report = await measurePage(base, path);
    measured.push(`${name} ${path}: ${(report.gzip / KB).toFixed(1)} KB in ${report.files} files`);
    if (contentPages.has(name)) {
      expect(report.islands, `${name}: no island`).toBe(0);
      // No React: the header script and small page scripts only (React alone is over 60 KB). Pages with
      // product cards also carry the hearts' script (favourites, marked after load).
      const limit = name === 'home' || name === 'product list' ? 15 * KB : 5 * KB;
      expect(report.gzip, `${name}: ${measured.at(-1)}`).toBeLessThanOrEqual(limit);
    } else {
      expect(report.gzip, `${name} ${path} (${measured.at(-1)})`).toBeLessThanOrEqual(budgets[name]);
    }
  }
  test.info().annotations.push({ type: 'js', description: measured.join('; ') });
});
