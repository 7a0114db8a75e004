/**
 * The error page for a failed API call of an on-demand page (spec 2 and 8), in a real browser against
 * the real shop: while a table the product reads needs is missing from the database (renamed by
 * the test-only switch of scripts/host/rebuild-test-hooks.ts, on only because playwright.config.ts sets
 * SHOP_E2E_HOOKS=1), the Shop API's own statement fails and it answers 500; the product pages,
 * rendered on demand, answer that status with the error page's Japanese text, never cached. Once
 * the table is back the same pages answer 200. Nothing in the page code is replaced. Run with
 * E2E_PORT=4441. It also holds the 404 variants and the runtime switch to the invalid-channel layout.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
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

test('a product page whose API call fails with a 5xx answers that status with the error page; it is back once the API is', async ({
  page,
  request,
}) => {
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

test("an unknown page shows 「404 Not Found」 and the Japanese text only; a path the social gift's router has no page for shows 「This page could not be found」 (spec 2)", async ({
  page,
}) => {
  const unknown = await page.goto('/no-such-page-e2e-error/');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。', { exact: true })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');

  const miss = await page.goto('/social-gift/some-gift-key/no-such-step/');
  expect(miss?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('This page could not be found', { exact: true })).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。')).toHaveCount(0);
  expect(await axeProblems(page, "the router's 404")).toEqual([]);
});

test('an API call answered 「The channel does not exist.」 at runtime turns the page into the invalid-channel layout with only the 404 text (spec 8)', async ({
  page,
  request,
}) => {
  // The real API's answer for a channel it does not know (as when the channel is removed while the shop runs).
  const gone = await request.get('/v1/categories/hierarchy?table=inquiries', {
    headers: { ...API_HEADERS, 'X-Channel-Id': 'no-such-channel-e2e' },
  });
  expect(gone.status()).toBe(404);
  expect((await gone.json()).message).toBe('The channel does not exist.');

  await page.goto('/contact/');
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  // From now on the browser's API calls go out for that channel, to the real API.
  await page.route('**/v1/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-channel-id': 'no-such-channel-e2e' } }),
  );
  const answered = page.waitForResponse((r) => r.url().includes('/v1/') && r.status() === 404);
  await page.reload();
  await answered;
  await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。', { exact: true })).toBeVisible();
  await expect(page.locator('header, footer, nav, form')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'お問い合わせ' })).toHaveCount(0);
  await expect(page).toHaveTitle('404 Not Found');
  expect(await axeProblems(page, 'the invalid-channel view')).toEqual([]);
});
