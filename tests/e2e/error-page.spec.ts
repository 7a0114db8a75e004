/**
 * The error page for a failed API call of an on-demand page (spec 2 and 8), in a real browser against
 * the real shop: while a table the product reads needs is missing from the database (renamed by
 * the test-only switch of scripts/rebuild-test-hooks.ts, on only because playwright.config.ts sets
 * SHOP_E2E_HOOKS=1), the Shop API's own statement fails and it answers 500; the product pages,
 * rendered on demand, answer that status with the error page's Japanese text, never cached. Once
 * the table is back the same pages answer 200. Nothing in the page code is replaced. Run with
 * E2E_PORT=4441.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { API_HEADERS } from './support/editor.ts';

/** Breaks or mends the product reads' review summary table in the shop's database. */
async function switchTable(request: APIRequestContext, action: 'break-table' | 'mend-table'): Promise<void> {
  const res = await request.post('/__e2e/content', { data: { action, table: 'review_stats' } });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a product page whose API call fails with a 5xx answers that status with the error page; it is back once the API is', async ({ page, request }) => {
  const listed = await request.get('/v1/products?page=1', { headers: API_HEADERS });
  expect(listed.status()).toBe(200);
  const [product] = (await listed.json()) as Array<{ key: string; name: string }>;
  const paths = [`/product/${product.key}/`, '/product/'];

  await switchTable(request, 'break-table');
  try {
    // The real API fails for the page's call (not a route or a stub in the browser).
    const api = await request.get(`/v1/products/${encodeURIComponent(product.key)}`, { headers: API_HEADERS });
    expect(api.status()).toBe(500);
    expect((await api.json()).message).toBe('サーバーエラーが発生しました。');

    for (const path of paths) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(500);
      expect(res?.headers()['cache-control'], `${path}: a failed page is never stored`).toBe('no-store');
      await expect(page.getByRole('heading', { level: 1, name: 'Error' }), path).toBeVisible();
      await expect(page.getByText('エラーが発生しました', { exact: true }), path).toBeVisible();
      await expect(page.getByText('ステータス 500'), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'トップページへ戻る' }), path).toHaveAttribute('href', '/');
      // The shop's wording only: neither the API's message nor a stack or SQL reaches the page.
      await expect(page.locator('main'), path).not.toContainText(/サーバーエラーが発生しました|review_stats|relation|at \w+ \(/);
      await expect(page).toHaveTitle(/^Error \| /);
    }
    expect(await axeProblems(page, 'the error page')).toEqual([]);
  } finally {
    await switchTable(request, 'mend-table');
  }

  const res = await page.goto(paths[0]);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const list = await page.goto(paths[1]);
  expect(list?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toHaveCount(0);
});
