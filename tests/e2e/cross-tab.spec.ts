/**
 * Tabs of one browser share the cookies (spec 9 polling: cart token and login check every 100 ms,
 * given up after 3 s). Two tabs that create a cart or refresh a token at the same moment must end
 * with one cart and one live session; and every page pushes a GA4 page_view with its title.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demo } from './support/checkout.ts';
import { apiHeaders, loginInBrowser } from './support/member.ts';

interface ListedProduct {
  id: number;
  key: string;
  name: string;
  is_stock_available: boolean;
  product_price_with_tax: number;
}

async function twoInStockProducts(request: APIRequestContext): Promise<ListedProduct[]> {
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as ListedProduct[];
  const found = list.filter((p) => p.is_stock_available && p.product_price_with_tax <= 20_000).slice(0, 2);
  expect(found).toHaveLength(2);
  return found;
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const hit = (await context.cookies()).find((c) => c.name === name);
  return hit ? decodeURIComponent(hit.value) : undefined;
}

/** Opens the product page and waits for its add-to-cart form to be enhanced (added without leaving). */
async function openProduct(page: Page, key: string): Promise<void> {
  await page.goto(`/product/${key}/`);
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
}

/** Makes the Web Locks API absent, as on a page served over plain http from another host. */
const withoutWebLocks = () => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

for (const locks of [true, false]) {
  const how = locks ? '' : ' (no Web Locks: marker and poll)';

  test(`a new visitor adding in two tabs at once ends with one cart holding both lines${how}`, async ({ context, request }) => {
    if (!locks) await context.addInitScript(withoutWebLocks);
    const [a, b] = await twoInStockProducts(request);
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    await openProduct(tabA, a.key);
    await openProduct(tabB, b.key);
    expect(await cookie(context, 'cartToken')).toBeUndefined();

    const added = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200);
    const addA = added(tabA);
    const addB = added(tabB);
    if (locks) {
      // The same moment: the Web Lock decides which tab creates the cart.
      await Promise.all([
        tabA.getByRole('button', { name: 'カートに入れる' }).click(),
        tabB.getByRole('button', { name: 'カートに入れる' }).click(),
      ]);
    } else {
      // Without Web Locks the marker is in localStorage, which Chromium passes between tabs' processes
      // asynchronously: two clicks within that delay cannot see each other's marker. What the marker is
      // for is the second tab clicking while the first one's cart is being made: click it then.
      const started = tabA.waitForRequest((r) => new URL(r.url()).pathname === '/cart/add/');
      await tabA.getByRole('button', { name: 'カートに入れる' }).click();
      await started;
      await tabB.getByRole('button', { name: 'カートに入れる' }).click();
    }
    await Promise.all([addA, addB]);

    const token = await cookie(context, 'cartToken');
    expect(token).toBeTruthy();
    const res = await request.post('/v1/carts/init', { headers: apiHeaders, data: { token } });
    const cart = (await res.json()) as { token: string; detail: { products: Array<{ product_info: { id: number } }> } };
    expect(cart.token).toBe(token);
    expect(cart.detail.products.map((l) => l.product_info.id).sort()).toEqual([a.id, b.id].sort());

    await tabA.goto('/cart/');
    for (const p of [a, b]) await expect(tabA.getByRole('link', { name: p.name }).first()).toBeVisible();
  });

  test(`two tabs of a new visitor opening the cart at once share one new cart${how}`, async ({ context }) => {
    if (!locks) await context.addInitScript(withoutWebLocks);
    const tokens = new Set<string>();
    context.on('response', async (r) => {
      if (new URL(r.url()).pathname !== '/v1/carts/init' || r.status() !== 200) return;
      tokens.add(((await r.json()) as { token: string }).token);
    });
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    await Promise.all([tabA.goto('/cart/'), tabB.goto('/cart/')]);
    for (const tab of [tabA, tabB]) await expect(tab.getByText('カートに商品はありません。')).toBeVisible();
    await expect.poll(() => tokens.size).toBeGreaterThan(0);
    expect([...tokens]).toEqual([await cookie(context, 'cartToken')]);
  });

  test(`two tabs of a member refreshing the token at once stay logged in${how}`, async ({ context, page }) => {
    if (!locks) await context.addInitScript(withoutWebLocks);
    await loginInBrowser(page, demo.username, demo.password);
    const first = await cookie(context, 'access_token');
    // The client refreshes when the stored expiry (expires_at, epoch ms) has passed.
    await context.addCookies([{ name: 'expires_at', value: '1000', url: new URL(page.url()).origin }]);
    let refreshes = 0;
    context.on('request', (r) => {
      if (new URL(r.url()).pathname === '/v1/auth/refresh') refreshes++;
    });

    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    await Promise.all([tabA.goto('/mypage/'), tabB.goto('/mypage/')]);
    for (const tab of [tabA, tabB]) {
      await expect(tab).toHaveURL(/\/mypage\/$/);
      await expect(tab.getByRole('navigation', { name: 'マイページメニュー' })).toBeVisible();
    }
    // One refresh for both tabs: the second used the token the first one stored.
    expect(refreshes).toBe(1);
    const second = await cookie(context, 'access_token');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(Number(await cookie(context, 'expires_at'))).toBeGreaterThan(Date.now());
    // The session is still alive on the server: the refreshed token works.
    await tabA.reload();
    await expect(tabA.getByRole('navigation', { name: 'マイページメニュー' })).toBeVisible();
    await expect(tabA).toHaveURL(/\/mypage\/$/);
  });
}

test('every page pushes a GA4 page_view with its title to window.dataLayer', async ({ page }) => {
  for (const path of ['/', '/product/', '/cart/']) {
    await page.goto(path);
    const title = await page.title();
    expect(title).not.toBe('');
    await expect
      .poll(() =>
        page.evaluate(() =>
          ((window as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((e) => e.event === 'page_view'),
        ),
      )
      .toEqual([{ event: 'page_view', page_title: title, page_location: page.url() }]);
  }
});
