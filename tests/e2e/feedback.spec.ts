/**
 * Feedback after a shopper's action (spec 4, 8, 9), in a real browser against the real shop:
 * 「カートに入れる」 lands focus on its result and shows the cart toast (CART.POPUP_COMPONENT 'toast',
 * the seeded value); the 'dialog' choice opens a modal that takes focus, closes on Esc and gives focus
 * back to the button; the theme's loader appears for a slow answer and never for a quick one; the
 * shop's messages show in one bar on every page, one at a time, and close with 「閉じる」, on every page, until
 * they are updated. Run with E2E_PORT=4441.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { emptyCart } from './support/cart.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };
type Item = { key: string; name: string; color: string | null; size: string | null; is_stock_available: boolean };

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: apiHeaders });
  expect(res.status(), `GET ${path}`).toBe(200);
  return res.json() as Promise<T>;
}

async function inStockProduct(request: APIRequestContext): Promise<Item> {
  const item = (await apiGet<Item[]>(request, '/v1/products?page=1')).find((p) => p.is_stock_available);
  expect(item, 'an in-stock product').toBeTruthy();
  return item!;
}

/** Opens the product page with CART.POPUP_COMPONENT as the page would render it for a channel with `mode`. */
async function openProduct(page: Page, key: string, mode: 'toast' | 'dialog'): Promise<void> {
  if (mode === 'dialog') {
    // The seeded channels all use the cart toast (the spec default): the page is served as a 'dialog' channel's.
    await page.route(`**/product/${key}/`, async (route) => {
      const res = await route.fetch();
      const html = await res.text();
      expect(html).toContain('data-popup-component="toast"');
      await route.fulfill({ response: res, body: html.replace('data-popup-component="toast"', 'data-popup-component="dialog"') });
    });
  }
  await page.goto(`/product/${key}/`);
  await expect(page.locator(`form[data-add-to-cart][data-enhanced="true"][data-popup-component="${mode}"]`)).toHaveCount(1);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('toast mode: after 「カートに入れる」 focus is on the result (not the body) and the cart toast shows at the bottom centre', async ({
  page,
  request,
}) => {
  const product = await inStockProduct(request);
  await openProduct(page, product.key, 'toast');
  const button = page.getByRole('button', { name: 'カートに入れる' });
  await button.focus();
  await page.keyboard.press('Enter');
  const status = page.getByRole('status').filter({ hasText: 'カートに追加しました' });
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
  await expect(status.getByRole('link', { name: 'カートを見る' })).toBeVisible();
  const toast = page.locator('.toast-region .toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('カートに追加しました');
  // Bottom centre of the viewport.
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(4);
  // At the bottom, just above the shop's messages bar when it shows (the bar is pinned to the bottom of the screen).
  const bar = await page.locator('[data-site-messages]:not([hidden])').boundingBox();
  expect(viewport.height - (box.y + box.height)).toBeLessThan(64 + (bar?.height ?? 0));
  // A second add replaces the toast: never two of the same.
  await button.click();
  await expect(status).toBeFocused();
  await expect(toast).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'カートに追加しました' })).toHaveCount(0);
  await emptyCart(page, request);
});

test('dialog mode: the dialog takes focus, passes axe, Esc closes it and focus returns to 「カートに入れる」', async ({
  page,
  request,
}) => {
  const product = await inStockProduct(request);
  await openProduct(page, product.key, 'dialog');
  const button = page.getByRole('button', { name: 'カートに入れる' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'カートに追加しました' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(product.name);
  await expect(dialog.getByRole('link', { name: 'カートを見る' })).toBeFocused();
  await expect(dialog.getByRole('link', { name: 'カートを見る' })).toHaveAttribute('href', '/cart/');
  expect(await axeProblems(page, 'product page with the add-to-cart dialog')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // 「買い物を続ける」 closes it the same way.
  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '買い物を続ける' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await emptyCart(page, request);
});

/** Counts the loaders that became visible (loader.css's appear animation ends when one shows). */
async function countShownLoaders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { shownLoaders: number }).shownLoaders = 0;
    document.addEventListener(
      'animationend',
      (e) => {
        if (e.animationName === 'loader-appear') (window as unknown as { shownLoaders: number }).shownLoaders++;
      },
      true,
    );
  });
}
const shownLoaders = (page: Page) => page.evaluate(() => (window as unknown as { shownLoaders: number }).shownLoaders);
const CATEGORIES = /\/v1\/categories\/hierarchy\?table=inquiries/;

test("a slow answer shows the theme's spinner with 「読み込み中」; a quick one shows none", async ({ page, request }) => {
  const categories = await request.get('/v1/categories/hierarchy?table=inquiries', { headers: apiHeaders });
  expect(categories.status()).toBe(200);
  const body = await categories.text();
  await countShownLoaders(page);

  await page.route(CATEGORIES, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  await page.goto('/contact/');
  const loader = page.getByRole('status').filter({ hasText: '読み込み中' });
  await expect(loader).toBeVisible();
  await expect(loader.locator('.spinner')).toHaveAttribute('aria-hidden', 'true');
  await expect.poll(() => shownLoaders(page)).toBe(1);
  await expect(loader.locator('.spinner')).toHaveCSS('width', '20px');
  await expect(page.getByLabel('お問い合わせ種別')).toBeVisible({ timeout: 15_000 });
  await expect(loader).toHaveCount(0);

  // A quick answer: served from inside the page, so the answer's own speed is what is measured, not
  // the test harness's round trip on a busy machine.
  await page.unroute(CATEGORIES);
  await page.addInitScript((answer) => {
    const real = window.fetch.bind(window);
    window.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/v1/categories/hierarchy?table=inquiries')
        ? Promise.resolve(new Response(answer, { status: 200, headers: { 'Content-Type': 'application/json' } }))
        : real(input, init);
  }, body);
  await page.goto('/contact/');
  await expect(page.getByLabel('お問い合わせ種別')).toBeVisible();
  await page.waitForTimeout(300);
  expect(await shownLoaders(page)).toBe(0);
});

test("the shop's messages show in one bar on every page, one at a time; one closed with 「閉じる」 stays closed on every page until it is updated", async ({
  page,
  context,
  request,
}) => {
  const product = await inStockProduct(request);
  const [news] = await apiGet<Array<{ key: string }>>(request, '/v1/news?per=1');
  // A content page (pre-rendered), the home page and a product page (on demand) and the cart (its own JS budget).
  const pages = [`/news/${news.key}/`, '/', `/product/${product.key}/`, '/cart/'];
  const region = page.getByRole('region', { name: 'ショップからのお知らせ' });
  const freeShipping = region.getByRole('heading', { name: '送料について' });
  const yearEnd = region.getByRole('heading', { name: '年末年始の配送について' });
  const next = region.getByRole('button', { name: '次のお知らせ' });
  for (const path of pages) {
    await page.goto(path);
    // One message at a time (「1/2」), 「次のお知らせ」 turns to the other.
    await expect(yearEnd, path).toBeVisible();
    await expect(freeShipping, path).toHaveCount(0);
    await expect(region, path).toContainText('1/2');
    await next.click();
    await expect(freeShipping, path).toBeVisible();
    await expect(yearEnd, path).toHaveCount(0);
    // After the header in the page's order, outside the page's own content.
    expect(await region.evaluate((el) => !!el.previousElementSibling?.matches('header, .site-header') && !el.closest('main')), path).toBe(
      true,
    );
  }

  await page.goto(pages[0]);
  await next.click();
  await region.getByRole('button', { name: '「送料について」を閉じる' }).click();
  await expect(freeShipping).toHaveCount(0);
  // Focus is not lost: it moves to the other message's 「閉じる」.
  await expect(region.getByRole('button', { name: '「年末年始の配送について」を閉じる' })).toBeFocused();
  await expect(next).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'message_dismissed_free-shipping');
  expect(cookie, 'the per-message dismissal cookie').toBeTruthy();
  expect(cookie!.path).toBe('/');

  for (const path of [...pages, pages[0]]) {
    await page.goto(path);
    await expect(yearEnd, path).toBeVisible();
    await expect(region.locator('article'), path).toHaveCount(1);
  }

  // An editor updates the message: the API answers a new updated_at for it (the real list, that one field changed).
  await page.route('**/v1/messages?per=all', async (route) => {
    const res = await route.fetch();
    const list = (await res.json()) as Array<{ code: string; updated_at: string }>;
    const updated = list.map((m) =>
      m.code === 'free-shipping' ? { ...m, updated_at: new Date(Date.parse(m.updated_at) + 60_000).toISOString() } : m,
    );
    await route.fulfill({ response: res, json: updated });
  });
  for (const path of pages.slice(1)) {
    await page.goto(path);
    await expect(yearEnd, path).toBeVisible();
    await next.click();
    await expect(freeShipping, path).toBeVisible();
  }
  expect(await axeProblems(page, 'the cart with messages')).toEqual([]);

  // Closing the last message leaves focus at the start of the page's content.
  await region.getByRole('button', { name: '「送料について」を閉じる' }).click();
  await region.getByRole('button', { name: '「年末年始の配送について」を閉じる' }).click();
  await expect(region).toBeHidden();
  await expect(page.locator('main#main')).toBeFocused();
  await page.goto(`/product/${product.key}/`);
  await expect(page.locator('[data-site-messages]')).toBeHidden();
  expect(await axeProblems(page, 'a product page with its messages closed')).toEqual([]);
});

test("the theme's cursor follower: its script loads for a mouse only, follows the pointer and never takes a click", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/faq/');
  const follower = page.locator('[data-cursor-follower]');
  await expect(follower).toHaveAttribute('data-cursor-type', '0001');
  await expect(follower).toBeHidden();
  await page.mouse.move(200, 150);
  await page.mouse.move(240, 180, { steps: 4 });
  await expect(follower).toBeVisible();
  // It eases to the pointer, centred on it (size 10): about (235, 175).
  await expect
    .poll(() =>
      follower.evaluate((el) => {
        const m = new DOMMatrix(getComputedStyle(el).transform);
        return Math.abs(m.e - 235) < 0.5 && Math.abs(m.f - 175) < 0.5;
      }),
    )
    .toBe(true);
  expect(await follower.evaluate((el) => [getComputedStyle(el).pointerEvents, el.getAttribute('aria-hidden')])).toEqual(['none', 'true']);
  // A touch screen (coarse pointer, no hover) never fetches the script.
  const phone = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 375, height: 812 } });
  const touchPage = await phone.newPage();
  const scripts: string[] = [];
  touchPage.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await touchPage.goto('/faq/');
  await touchPage.waitForLoadState('networkidle');
  expect(scripts.filter((s) => s.includes('cursor'))).toEqual([]);
  await phone.close();
});
