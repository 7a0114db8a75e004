/**
 * Shop-wide navigation behaviour (spec 2, 8 and 9) in a real browser against the real shop:
 * back navigation restores the scroll position after 500 ms; a chunk that fails to load reloads the
 * page once and not again within a minute (both on the cart page too, which loads only their core); links are prefetched once the page is idle, never with
 * data saver; an in-page anchor moves focus to its target; the error page shows its status.
 */
import { expect, type Page, test } from '@playwright/test';

/** Records every scroll position with its time since the page's navigation started. */
async function recordScrolls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: Array<[number, number]> = [];
    (window as unknown as { __scrolls: typeof log }).__scrolls = log;
    addEventListener('scroll', () => log.push([performance.now(), scrollY]), { passive: true });
  });
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('back navigation restores the previous scroll position after 500 ms; a new page starts at the top', async ({ page }) => {
  await recordScrolls(page);
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.goto('/product/');
  // Product pages only (not the pager's /product/?page=2).
  const cards = page.locator('main a[href^="/product/"][href$="/"]:not([href="/product/"])');
  await expect(cards.first()).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'the product list is taller than the window').toBeGreaterThan(1400);
  const target = cards.last();
  await target.scrollIntoViewIfNeeded();
  const leftAt = await page.evaluate(() => Math.round(scrollY));
  expect(leftAt).toBeGreaterThan(0);
  await target.click();
  await page.waitForURL(/\/product\/[^/]+\/$/);
  expect(await page.evaluate(() => scrollY), 'a new page starts at the top').toBe(0);

  await page.goBack();
  await page.waitForURL(/\/product\/$/);
  await expect.poll(() => page.evaluate(() => Math.round(scrollY)), { timeout: 5_000 }).toBe(leftAt);
  const restoredAt = await page.evaluate(
    (y) =>
      (window as unknown as { __scrolls: Array<[number, number]> }).__scrolls.find(([, scrolledTo]) => Math.round(scrolledTo) === y)?.[0],
    leftAt,
  );
  expect(restoredAt, 'restored by a scroll event').toBeDefined();
  expect(restoredAt!, 'not before 500 ms').toBeGreaterThanOrEqual(500);
});

// The login page (the whole shop-wide script) and the cart page (only its core: the checkout pages' JS budget).
for (const path of ['/login/', '/cart/']) {
  test(`a chunk that fails to load reloads ${path} once, then shows a message instead of reloading again within a minute`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const componentUrl = /component-url="([^"]+)"/.exec(html)?.[1];
    expect(componentUrl, `${path} has an island`).toBeTruthy();
    const chunk = new URL(componentUrl!, 'http://x').pathname;
    // The island's own file is gone (an old page after a deploy): every request for it, retries included, is a 404.
    await page.route(
      (url) => url.pathname === chunk,
      (route) => route.fulfill({ status: 404, body: 'gone' }),
    );
    let loads = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads += 1;
    });

    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: 'ページの読み込みに失敗しました。' })).toBeVisible({ timeout: 15_000 });
    expect(loads, 'one reload after the first failure').toBe(2);
    await page.waitForTimeout(3_000);
    expect(loads, 'no second reload within 60 s').toBe(2);
    await expect(page.getByRole('button', { name: '再読み込み' })).toBeVisible();
  });
}

test('back to the cart restores its scroll position after 500 ms', async ({ page }) => {
  const Y = 100;
  await recordScrolls(page);
  // A short window, so the cart page is taller than it even before its island has rendered (the restore
  // comes 500 ms after the load, when the cart may still be loading): header, heading and footer alone.
  await page.setViewportSize({ width: 1024, height: 240 });
  await page.goto('/cart/');
  await expect(page.getByRole('main')).toContainText('カート');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'the cart page is taller than the window').toBeGreaterThan(240 + Y);
  await page.evaluate((y) => scrollTo(0, y), Y);
  await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(Y);
  await page.goto('/news/');
  expect(await page.evaluate(() => scrollY), 'a new page starts at the top').toBe(0);

  await page.goBack();
  await page.waitForURL(/\/cart\/$/);
  // Loaded again from the server (the cart page is never kept in the back/forward cache), so the script restored it.
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe(
    'back_forward',
  );
  await expect.poll(() => page.evaluate(() => Math.round(scrollY)), { timeout: 5_000 }).toBe(Y);
  const restoredAt = await page.evaluate(
    (top) => (window as unknown as { __scrolls: Array<[number, number]> }).__scrolls.find(([, y]) => Math.round(y) === top)?.[0],
    Y,
  );
  expect(restoredAt, 'restored by a scroll event').toBeDefined();
  expect(restoredAt!, 'not before 500 ms').toBeGreaterThanOrEqual(500);
});

test('links are prefetched once the page is idle, never for the cart or my page', async ({ page }) => {
  await page.goto('/news/');
  const hints = page.locator('link[rel="prefetch"]');
  await expect.poll(() => hints.count(), { timeout: 6_000 }).toBeGreaterThan(0);
  const hrefs = await hints.evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
  expect(hrefs.length).toBeLessThanOrEqual(8);
  for (const href of hrefs) expect(href).not.toMatch(/^\/(cart|mypage|login|admin)\//);
  // Hovering another page's link prefetches it too.
  const other = page.locator('main a[href^="/news/"]').first();
  await other.hover();
  const href = await other.getAttribute('href');
  await expect(page.locator(`link[rel="prefetch"][href="${href}"]`)).toHaveCount(1);
});

test('nothing is prefetched with data saver on', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
  });
  await page.goto('/news/');
  await page.locator('main a[href^="/news/"]').first().hover();
  await page.waitForTimeout(3_000);
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
});

test('nothing is prefetched on a 2g connection', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: false, effectiveType: '2g' }) });
  });
  await page.goto('/news/');
  await page.waitForTimeout(3_000);
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
});

test('an in-page anchor scrolls to its target and moves keyboard focus there', async ({ page }) => {
  await page.goto('/faq/');
  const toc = page.getByRole('navigation', { name: 'カテゴリ' }).getByRole('link');
  const last = toc.last();
  const name = (await last.textContent())!.trim();
  await last.focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 2, name });
  await expect(heading).toBeFocused();
  await expect(page).toHaveURL(/#faq-/);
  // Pressing Tab continues from the section, not from the table of contents.
  await page.keyboard.press('Tab');
  const after = await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby'));
  expect(after).toBe(await heading.getAttribute('id'));
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/news/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '本文へスキップ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the error page answers with its status and shows it; an unknown path is still the 404 page', async ({ page }) => {
  const error = await page.goto('/500/');
  expect(error?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
  await expect(page.getByText('エラーが発生しました')).toBeVisible();
  await expect(page.getByText('ステータス 500')).toBeVisible();
  await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');

  const missing = await page.goto('/no-such-page-anywhere/');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('ステータス')).toHaveCount(0);
});
