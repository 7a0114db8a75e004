/**
 * The walking skeleton's journeys in a real browser against the real shop (npm start, own database):
 * a purchase from the home page to the order history, shared-cacheable catalogue pages and content
 * pages without React. (The member-only redirect, the 404 page and the axe pass over the main screens
 * are storefront-kit.spec.ts's, error-page.spec.ts's and a11y-sweep.spec.ts's, which check more.)
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';

const demo = { username: 'demo', password: 'demo-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

type Keyed = { key: string; name?: string; title?: string; is_stock_available?: boolean };

async function apiList(request: APIRequestContext, path: string): Promise<Keyed[]> {
  const res = await request.get(path, { headers: apiHeaders });
  expect(res.status(), `GET ${path}`).toBe(200);
  return res.json();
}

/** A button or a link with this accessible name (screens may render either for navigation). */
function action(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));
}

/** Waits until the island holding `target` has hydrated (Astro drops the `ssr` attribute then). */
async function hydrated(page: Page, target: Locator): Promise<void> {
  await expect(page.locator('astro-island[ssr]', { has: target })).toHaveCount(0);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a shopper buys an in-stock product with cash on delivery and finds the order in the history', async ({ page, request }) => {
  // Pick the product through the API only to know which card to click: a shopper picks one in stock.
  const firstPage = await apiList(request, '/v1/products?page=1');
  const product = firstPage.find((p) => p.is_stock_available);
  expect(product, 'an in-stock product on the first list page').toBeTruthy();
  const productName = product!.name!;

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: '商品一覧', exact: true }).click();
  await expect(page).toHaveURL(/\/product\/$/);

  await page.getByRole('link', { name: productName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${product!.key}/$`));
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();

  const addToCart = page.getByRole('button', { name: 'カートに入れる' });
  await expect(addToCart).toBeEnabled();
  // The plain form is enhanced in place once its script has run (before that it posts to /cart/add/).
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await Promise.all([
    // The enhanced form posts to /cart/add/ asking for JSON; the server adds through the Shop API.
    page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200),
    addToCart.click(),
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('link', { name: /^カート/ })
    .click();
  await expect(page).toHaveURL(/\/cart\/$/);
  await expect(page.getByText(productName).first()).toBeVisible();
  // Every screen of the journey is checked with axe once its island has rendered.
  const a11y = await axeProblems(page, '/cart/');

  const checkout = action(page, 'ご購入手続きへ');
  await hydrated(page, checkout);
  await checkout.click();
  await expect(page).toHaveURL(/\/login\//);
  await hydrated(page, page.getByLabel('ログインID'));
  await page.getByLabel('ログインID').fill(demo.username);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();

  await expect(page).toHaveURL(/\/cart\/shipping-select\/$/);
  // The demo member's default address (東京都渋谷区…) is preselected.
  await expect(page.getByRole('radio', { name: /東京都渋谷区/ })).toBeChecked();
  a11y.push(...(await axeProblems(page, '/cart/shipping-select/')));
  await hydrated(page, action(page, '次へ'));
  await action(page, '次へ').click();

  // One address too passes the delivery date, wrapping and のし step: a date and a time are chosen.
  await expect(page).toHaveURL(/\/cart\/shipping-detail\/$/);
  const date = page.getByLabel('お届け先のお届け希望日');
  await hydrated(page, date);
  await expect(date).toHaveValue('');
  await expect(date.locator('option')).not.toHaveCount(1);
  const dateLabel = (await date.locator('option').nth(2).textContent())!;
  expect(dateLabel).toMatch(/^\d{4}\.\d{2}\.\d{2}（[日月火水木金土]）$/);
  await date.selectOption({ label: dateLabel });
  await page.getByLabel('お届け先のお届け時間帯').selectOption({ label: '午前中' });
  a11y.push(...(await axeProblems(page, '/cart/shipping-detail/')));
  await action(page, '次へ').click();

  await expect(page).toHaveURL(/\/cart\/payment\/$/);
  await hydrated(page, page.getByRole('radio', { name: /代金引換/ }));
  // Back goes to the step just left.
  await expect(action(page, 'お届け日時の指定に戻る')).toHaveAttribute('href', '/cart/shipping-detail/');
  await page.getByRole('radio', { name: /代金引換/ }).check();
  a11y.push(...(await axeProblems(page, '/cart/payment/')));
  await action(page, '確認画面へ').click();

  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  const main = page.getByRole('main');
  await expect(main.getByText(productName).first()).toBeVisible();
  for (const label of ['小計', '送料', '消費税', 'お支払い合計']) {
    await expect(main.getByText(label, { exact: false }).first(), label).toBeVisible();
  }
  await expect(main).toContainText('¥');
  await expect(main).toContainText('税込');
  await expect(main).toContainText('代金引換');
  await expect(main).toContainText('東京都渋谷区');
  // The date and time chosen on the delivery step (お届け希望日時).
  await expect(main).toContainText(`${dateLabel} 午前中`);
  a11y.push(...(await axeProblems(page, '/cart/confirm/')));

  await hydrated(page, page.getByRole('button', { name: '注文を確定する' }));
  const [decision] = await Promise.all([
    page.waitForResponse((r) => /\/v1\/carts\/[^/]+\/decision$/.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: '注文を確定する' }).click(),
  ]);
  expect(decision.status()).toBe(200);

  await expect(page).toHaveURL(/\/cart\/complete\//);
  await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
  // The shopper reads the order number off the thanks page (ご注文番号：…).
  const orderLine = page.getByRole('main').getByText(/ご注文番号/);
  await expect(orderLine).toBeVisible();
  const orderNo = /ご注文番号[：:]\s*([A-Za-z0-9-]+)/.exec((await orderLine.textContent()) ?? '')?.[1];
  expect(orderNo, 'an order number on the thanks page').toBeTruthy();
  // Analytics (spec 9): one purchase event for this order, and none again when the page is reloaded.
  const purchases = () =>
    page.evaluate(() =>
      (
        (
          window as unknown as {
            dataLayer?: { event?: string; ecommerce?: { transaction_id?: string; value?: number; items?: unknown[] } }[];
          }
        ).dataLayer ?? []
      )
        .filter((e) => e.event === 'purchase')
        .map((e) => e.ecommerce),
    );
  await expect.poll(purchases).toHaveLength(1);
  const [purchase] = await purchases();
  expect(purchase?.transaction_id).toBe(orderNo);
  expect(purchase?.value).toBeGreaterThan(0);
  expect(purchase?.items?.length).toBeGreaterThan(0);
  a11y.push(...(await axeProblems(page, '/cart/complete/')));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await purchases()).toHaveLength(0);

  await page.goto('/mypage/order_history/');
  await expect(page).toHaveURL(/\/mypage\/order_history\/$/);
  await expect(page.getByRole('main').getByText(orderNo!).first()).toBeVisible();
  a11y.push(...(await axeProblems(page, '/mypage/order_history/')));
  // Spec 9 dates in Japan time: the list shows YYYY.MM.DD (with an ISO <time>), the detail YYYY.MM.DD H:mm.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const row = page.getByRole('row').filter({ hasText: orderNo! });
  await expect(row.locator(`time[datetime="${today}"]`)).toHaveText(today.replaceAll('-', '.'));
  await row.getByRole('link', { name: orderNo! }).click();
  await expect(page).toHaveURL(/\/mypage\/order_history\/[^/]+\/$/);
  await expect(page.getByRole('main').getByText(new RegExp(`^${today.replaceAll('-', '\\.')} \\d{1,2}:\\d{2}$`))).toBeVisible();
  expect(a11y, a11y.join('\n')).toEqual([]);
});

test('catalogue pages are shared-cacheable HTML; an unknown product page is not cached', async ({ request }) => {
  const [first] = await apiList(request, '/v1/products?per=1');
  for (const path of ['/', '/product/', `/product/${first.key}/`]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).toContain('s-maxage=');
  }
  const missing = await request.get('/product/no-such-product-e2e/');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('no-store');
});

test('news and blog pages ship no React: no island, no script beyond the header and layout scripts', async ({ page, request }) => {
  const [news] = await apiList(request, '/v1/news?per=1');
  const [blog] = await apiList(request, '/v1/blogs?per=1');
  expect(news && blog, 'seeded news and blog').toBeTruthy();
  for (const path of ['/news/', `/news/${news.key}/`, '/blog/', `/blog/${blog.key}/`]) {
    const scripts: string[] = [];
    const onRequest = (r: { resourceType: () => string; url: () => string }) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    };
    page.on('request', onRequest);
    const res = await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(res?.status(), path).toBe(200);
    await expect(page.locator('astro-island'), `${path} has no island`).toHaveCount(0);
    const sources = await page
      .locator('script[src], link[rel="modulepreload"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? ''));
    for (const url of [...sources, ...scripts]) {
      expect(url, `${path} loads only the header script`).not.toMatch(/react|client\.|jsx-runtime/i);
      // The header script, the default layout's small scripts (shop-wide navigation, popups), their leaf
      // chunk, for a mouse the theme's cursor follower, and the shop's messages (both classic scripts of their own).
      expect(url, `${path} loads only the header and layout scripts`).toMatch(
        /header|Default\.astro_astro_type_script|page-kit|cursor-start|site-messages|popup-start/i,
      );
    }
  }
});
