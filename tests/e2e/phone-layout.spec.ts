/**
 * Phone layouts at 375×812 (issue: cart lines, order history and confirmation totals do not break
 * words or squeeze columns): the page never scrolls sideways, every price, quantity and short label
 * (「小計」, 「数量」, the totals) sits on one line, and the controls of a cart line are at least 44 px.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addFromProductPage } from './support/cart.ts';
import { action, checkoutToPayment, hydrated } from './support/checkout.ts';
import { apiHeaders } from './support/member.ts';

test.use({ viewport: { width: 375, height: 812 } });

/** Two in-stock products under 20,000 yen. */
async function inStockProducts(request: APIRequestContext): Promise<string[]> {
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    key: string;
    is_stock_available: boolean;
    product_price_with_tax: number;
  }>;
  const keys = list
    .filter((p) => p.is_stock_available && p.product_price_with_tax <= 20_000)
    .slice(0, 2)
    .map((p) => p.key);
  expect(keys).toHaveLength(2);
  return keys;
}

/**
 * Checks the page at phone width: no sideways scroll, and each element matching `oneLine` (there must
 * be some) renders its text on a single line. Answers the problems found, `label` first.
 */
async function layoutProblems(page: Page, label: string, oneLine: string): Promise<string[]> {
  await page.waitForFunction(() => document.documentElement.dataset.screen === 'phone');
  const found = await page.evaluate((selector) => {
    const problems: string[] = [];
    const width = document.documentElement.scrollWidth;
    if (width > window.innerWidth) problems.push(`page ${width} px wide`);
    const elements = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((e) => e.getClientRects().length > 0);
    for (const el of elements) {
      // The distinct line boxes its text occupies (rects of one line share their top, within a pixel or two).
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top));
      const lines = tops.filter((t, i) => tops.findIndex((u) => Math.abs(u - t) <= 3) === i).length;
      if (lines > 1) problems.push(`「${el.textContent?.trim()}」 on ${lines} lines`);
    }
    return { problems, count: elements.length };
  }, oneLine);
  expect(found.count, `${label}: elements matching ${oneLine}`).toBeGreaterThan(0);
  return found.problems.map((p) => `${label}: ${p}`);
}

/** Elements of `selector` smaller than 44×44 px. */
async function smallTargets(page: Page, label: string, selector: string): Promise<string[]> {
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { what: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName, w: r.width, h: r.height };
    }),
  );
  expect(boxes.length, `${label}: ${selector}`).toBeGreaterThan(0);
  return boxes.filter((b) => b.w < 44 || b.h < 44).map((b) => `${label}: ${b.what} is ${Math.round(b.w)}×${Math.round(b.h)} px`);
}

test('cart lines at 375 px: no sideways scroll, prices, quantities and 小計 on one line, 44 px controls', async ({ page, request }) => {
  for (const key of await inStockProducts(request)) await addFromProductPage(page, key);
  await page.goto('/cart/');
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await hydrated(page, page.locator('.cart-line select').first());
  const problems = [
    ...(await layoutProblems(
      page,
      'cart',
      '.cart-line-total > span, .cart-line-main .muted, .cart-line-qty label, .totals dt, .totals dd, .cart-line .btn-link',
    )),
    ...(await smallTargets(page, 'cart', '.cart-line select, .cart-line button, main .actions a')),
  ];
  expect(problems).toEqual([]);
});

test('the confirmation totals, then the order history and the order placed, at 375 px: no sideways scroll, amounts and labels on one line', async ({
  page,
  request,
}) => {
  test.slow();
  const [key] = await inStockProducts(request);
  await addFromProductPage(page, key);
  await checkoutToPayment(page);
  await page.getByRole('radio', { name: /銀行振込/ }).check();
  await action(page, '確認画面へ').click();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  await hydrated(page, action(page, '注文を確定する'));
  // The button can be there before the lines and totals it confirms (a CI run measured none once).
  await expect(page.locator('.summary-items td').first()).toBeVisible();
  await expect(page.locator('.totals dd').first()).toBeVisible();
  const problems = await layoutProblems(page, 'confirm', '.summary-items td, .totals dt, .totals dd');
  // The order placed, so the history has one to show.
  await action(page, '注文を確定する').click();
  await expect(page).toHaveURL(/\/cart\/complete\//);

  await page.goto('/mypage/order_history/');
  const first = page.getByRole('main').locator('.orders tbody th a').first();
  await expect(first).toBeVisible();
  problems.push(...(await layoutProblems(page, 'order history', '.orders td, .orders th a')));
  await first.click();
  await expect(page).toHaveURL(/\/mypage\/order_history\/[^/]+\/$/);
  await expect(page.locator('.summary-items')).toBeVisible();
  problems.push(...(await layoutProblems(page, 'order detail', '.summary-items td, .totals:not(.order-meta) dt, .totals dd')));
  expect(problems).toEqual([]);
});
