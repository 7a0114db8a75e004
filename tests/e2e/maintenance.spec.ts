/**
 * The maintenance switch in a real browser (spec 4 and 8): an editor turns it on through the editor
 * API (/admin/v1/maintenance, as the seeded development editor); a shopper whose 「カートに入れる」 gets
 * the API's 503 lands on /maintenance/ with the editors' title and message; every page then answers
 * 503 with that page (static files still load); switched off, the shop is back. The browser comes
 * from 127.0.0.1, which is not on MAINTENANCE_ALLOW (empty in playwright.config.ts), so it is a
 * shopper here; staff on the list are covered by tests/api/maintenance.test.ts.
 *
 * Other specs share this server: maintenance is switched off again after every test, even a failed one.
 */
import { type APIRequestContext, expect, request as newRequest, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { API_HEADERS as apiHeaders, editorHeaders } from './support/editor.ts';

const TITLE = 'ただいまシステム更新中です';
const MESSAGE = '新しいお支払い方法の準備のため、一時的にご利用いただけません。まもなく再開します。';

type Product = { key: string; name: string; is_stock_available: boolean };

/** Sets the switch through the editor API, then waits until the storefront's gate (1 s cache) agrees. */
async function setMaintenance(request: APIRequestContext, body: { enabled: boolean; title?: string | null; message?: string | null }) {
  const res = await request.put('/admin/v1/maintenance', { headers: await editorHeaders(request), data: body });
  expect(res.status(), await res.text()).toBe(200);
  await expect.poll(async () => (await request.get('/robots.txt')).status()).toBe(200); // static files always answer
  await expect.poll(async () => (await request.get('/faq/')).status(), { timeout: 5000 }).toBe(body.enabled ? 503 : 200);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

// Even after a failure: every other spec needs the shop open.
test.afterEach(async ({ baseURL }) => {
  const request = await newRequest.newContext({ baseURL });
  try {
    await setMaintenance(request, { enabled: false, title: null, message: null });
  } finally {
    await request.dispose();
  }
});

test("「カートに入れる」 answered 503 lands on /maintenance/ with the editors' title and message", async ({ page, request }) => {
  const products = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Product[];
  const product = products.find((p) => p.is_stock_available)!;
  await page.goto(`/product/${product.key}/`);
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);

  // The page is open; the shop goes into maintenance before the shopper clicks.
  await setMaintenance(request, { enabled: true, title: TITLE, message: MESSAGE });
  await page.getByRole('button', { name: 'カートに入れる' }).click();

  await expect(page).toHaveURL(/\/maintenance\/$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(MESSAGE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
});

test('while on, every page answers 503 with the maintenance page; switched off, the shop is back', async ({ page, request }) => {
  await setMaintenance(request, { enabled: true, title: TITLE, message: MESSAGE });

  const top = await page.goto('/');
  expect(top?.status()).toBe(503);
  expect(top?.headers()['retry-after']).toBe('300');
  expect(top?.headers()['cache-control']).toBe('no-store');
  // No 503 was stored in this fresh tab: the page asks GET /v1/maintenance for the wording.
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/$/); // the address stays: reloading later brings the page back
  expect(await axeProblems(page, 'maintenance page')).toEqual([]);
  // The link to the top is reachable by keyboard and shows its focus.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toBeFocused();

  // Its scripts and styles load (static files are not held back); the API answers 503 with the wording.
  const script = await page.locator('astro-island').first().getAttribute('component-url');
  expect((await request.get(script!)).status()).toBe(200);
  expect((await request.get('/favicon.svg')).status()).toBe(200);
  const api = await request.get('/v1/products', { headers: apiHeaders });
  expect(api.status()).toBe(503);
  expect(await api.json()).toEqual({
    message: MESSAGE,
    code: 'common.maintenance',
    title: TITLE,
    request_id: api.headers()['x-request-id'],
  });

  // Any other page too, pre-rendered or rendered on demand.
  for (const path of ['/faq/', '/cart/', '/login/']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(503);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  }

  // The link to the top, taken once the editor switched maintenance off, opens the shop again.
  await setMaintenance(request, { enabled: false });
  await page.getByRole('link', { name: 'トップページへ戻る' }).click();
  await expect(page).toHaveURL(/\/$/);
  const back = await page.reload();
  expect(back?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toHaveCount(0);
  expect((await request.get('/v1/products', { headers: apiHeaders })).status()).toBe(200);
});
