/**
 * The axe sweep (issue: every page type passes axe with 0 violations at desktop and phone sizes):
 * WCAG 2.1 A/AA rules with colour contrast, violations of every impact (minor and moderate too), on
 * each page type at 1280×800 and at 375×812. Pages are visited once and checked at both sizes (the
 * header script switches <html data-screen> on resize, so the phone layout is the one axe sees), and
 * grouped per test (guest content, guest forms, member checkout, my page) to keep one browser context
 * and one login per group. Each test lists every finding before it fails, so one run shows them all.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { addFromProductPage, emptyCart } from './support/cart.ts';
import { action, checkoutToPayment, demo, hydrated } from './support/checkout.ts';
import { loginInBrowser } from './support/member.ts';

const sizes = [
  ['desktop', { width: 1280, height: 800 }, 'pc'],
  ['phone', { width: 375, height: 812 }, 'phone'],
] as const;

/** axe at both sizes on the page as it is now; the page is left at desktop size. */
async function sweep(page: Page, label: string, problems: string[]): Promise<void> {
  for (const [name, viewport, screen] of sizes) {
    await page.setViewportSize(viewport);
    // Pages with the site header follow the resize through /header.js; wait for the class it sets.
    if (await page.locator('script[src="/header.js"]').count()) {
      await page.waitForFunction((s) => document.documentElement.dataset.screen === s, screen);
    }
    problems.push(...(await axeProblems(page, `${label} @${name}`, { allImpacts: true })));
  }
  await page.setViewportSize(sizes[0][1]);
}

/** Opens `path`, checks its status, waits for its islands to hydrate and sweeps it. */
async function visit(page: Page, path: string, problems: string[], status = 200): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(status);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await sweep(page, path, problems);
}

/** The first link on `path` whose address starts with `prefix` and goes one level deeper. */
async function firstLink(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(path);
  const href = await page
    .locator(`main a[href^="${prefix}"]`)
    .evaluateAll((links, p) => links.map((a) => a.getAttribute('href') ?? '').find((h) => new RegExp(`^${p}[^/?#]+/$`).test(h)), prefix);
  expect(href, `a link under ${prefix} on ${path}`).toBeTruthy();
  return href!;
}

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

/** The key of an in-stock product under 20,000 yen (one a checkout can buy). */
async function inStockProduct(request: APIRequestContext): Promise<string> {
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    key: string;
    is_stock_available: boolean;
    product_price_with_tax: number;
  }>;
  const product = list.find((p) => p.is_stock_available && p.product_price_with_tax <= 20_000);
  expect(product, 'an in-stock product').toBeTruthy();
  return product!.key;
}

test.use({ viewport: sizes[0][1] });

test('content pages pass axe at desktop and phone sizes', async ({ page, request }) => {
  test.slow();
  const problems: string[] = [];
  const product = await firstLink(page, '/product/', '/product/');
  await page.goto(product);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const lps = (await (await request.get('/v1/lp?per=all', { headers: apiHeaders })).json()) as Array<{ key: string }>;
  await page.goto('/sitemap/');
  const legal = await page
    .getByRole('main')
    .getByRole('link', { name: '特定商取引法に基づく表記', exact: true })
    .first()
    .getAttribute('href');
  const paths = [
    '/',
    '/product/',
    product,
    `/product/?keyword=${encodeURIComponent(name.slice(0, 2))}`,
    '/maker/',
    await firstLink(page, '/maker/', '/maker/'),
    '/stylist/',
    await firstLink(page, '/stylist/', '/stylist/'),
    '/blog/',
    await firstLink(page, '/blog/', '/blog/'),
    '/news/',
    await firstLink(page, '/news/', '/news/'),
    '/faq/',
    `/${lps[0].key}/`,
    legal!,
    '/sitemap/',
    '/flip-book/',
    '/popup/',
  ];
  for (const path of paths) await visit(page, path, problems);
  await visit(page, '/no-such-page/', problems, 404);
  await visit(page, '/500/', problems, 500);
  await visit(page, '/maintenance/', problems);
  expect(problems).toEqual([]);
});

test('guest forms pass axe, the contact form with its errors shown too, and the empty cart', async ({ page }) => {
  const problems: string[] = [];
  for (const path of ['/contact/', '/login/', '/register/', '/reminder/', '/cart/']) await visit(page, path, problems);
  await page.goto('/contact/');
  await hydrated(page, page.getByRole('button', { name: '入力内容を確認する' }));
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByText(/入力内容に誤りがあります/)).toBeVisible();
  await sweep(page, '/contact/ with errors', problems);
  expect(problems).toEqual([]);
});

test('the cart with items, each checkout step as a member and the thanks page pass axe', async ({ page, request }) => {
  test.slow();
  const problems: string[] = [];
  await loginInBrowser(page, demo.username, demo.password);
  await emptyCart(page, request);
  await page.context().clearCookies();
  await addFromProductPage(page, await inStockProduct(request));
  await visit(page, '/cart/', problems);
  await checkoutToPayment(page);
  await sweep(page, '/cart/payment/', problems);
  await page.goto('/cart/shipping-select/');
  await hydrated(page, action(page, '次へ'));
  await sweep(page, '/cart/shipping-select/', problems);
  await action(page, '次へ').click();
  await expect(page).toHaveURL(/\/cart\/shipping-detail\/$/);
  await hydrated(page, action(page, '次へ'));
  await sweep(page, '/cart/shipping-detail/', problems);
  await action(page, '次へ').click();
  const bank = page.getByRole('radio', { name: /銀行振込/ });
  await hydrated(page, bank);
  await bank.check();
  await action(page, '確認画面へ').click();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  const order = action(page, '注文を確定する');
  await hydrated(page, order);
  await sweep(page, '/cart/confirm/', problems);
  await order.click();
  await expect(page).toHaveURL(/\/cart\/complete\//);
  await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
  await sweep(page, '/cart/complete/', problems);
  expect(problems).toEqual([]);
});

test('my page and its main screens pass axe', async ({ page }) => {
  test.slow();
  const problems: string[] = [];
  await loginInBrowser(page, demo.username, demo.password);
  // An order of demo's (the checkout test above placed one); the list is an island, so wait for it.
  await page.goto('/mypage/order_history/');
  const orderLink = page.getByRole('main').locator('.orders tbody th a').first();
  await expect(orderLink).toBeVisible();
  const order = (await orderLink.getAttribute('href'))!;
  for (const path of [
    '/mypage/',
    '/mypage/user_info/',
    '/mypage/address/',
    '/mypage/card/',
    '/mypage/order_history/',
    order,
    '/mypage/point/',
    '/mypage/list/',
    '/mypage/bookmark/',
    '/mypage/measurement/',
    '/mypage/memorial/',
    '/mypage/name-embroidery/',
    '/mypage/message-center/',
    '/mypage/login_history/',
  ])
    await visit(page, path, problems);
  expect(problems).toEqual([]);
});

test('the phone menu drawer passes axe while open', async ({ page }) => {
  const problems: string[] = [];
  await page.setViewportSize(sizes[1][1]);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'メニュー' });
  await toggle.click();
  await expect(page.getByRole('dialog', { name: 'メニュー' })).toBeVisible();
  problems.push(...(await axeProblems(page, 'drawer open @phone', { allImpacts: true })));
  expect(problems).toEqual([]);
});
