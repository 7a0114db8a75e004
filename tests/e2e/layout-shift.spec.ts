/**
 * Shoppers on phones (issue 21, items 18 and 19).
 * The page never moves while it loads: on a phone over 4G with a mid-range CPU (412×915, 150 ms latency,
 * 1.6 Mbit/s down, 0.75 up, CPU slowed 4×, through the DevTools protocol) a first visit to every page
 * type adds up to at most 0.02 of layout shift (PerformanceObserver 'layout-shift', input-driven shifts
 * left out), while the header's drawer script, the shop's messages, the first-visit popup and the
 * islands' data all arrive after the first paint.
 * A phone's first screen shows the page, not the chrome (390×844): the header is the logo, the menu and
 * the search; the messages are one compact bar showing one message; each page's own heading (a product
 * page's first image) starts within the first 400 px; my-page has one compact menu and the member's
 * greeting on the first screen.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { action, checkoutToPayment, hydrated } from './support/checkout.ts';
import { apiHeaders, loginInBrowser, registerThrowaway } from './support/member.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 };
const MAX_SHIFT = 0.02;

/** Every layout shift of the page from its start, kept in window.__shifts (input-driven ones left out). */
function recordShifts() {
  const shifts: Array<{ value: number; at: number; what: string[] }> = [];
  Object.assign(window, { __shifts: shifts });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
      }
    >) {
      if (entry.hadRecentInput) continue;
      const what = (entry.sources ?? []).map(
        (s) =>
          `${s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : (s.node?.nodeName ?? '(gone)')} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`,
      );
      shifts.push({ value: entry.value, at: Math.round(entry.startTime), what });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Loads `path` as a first visit (a new context: empty cache, no popup seen) under the phone profile and
 * answers its layout shifts, once the network has been quiet and the page's late arrivals are in.
 */
async function shiftsOf(browser: Browser, baseURL: string, path: string, storageState?: StorageState) {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', storageState });
  await context.addInitScript(recordShifts);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  // What arrives late is in: the drawer's script and the shop's messages (every page), then two frames.
  await expect(page.locator('[data-menu][data-drawer="ready"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'ショップからのお知らせ' })).toBeVisible({ timeout: 30_000 });
  const shifts = await page.evaluate(
    () =>
      new Promise<Array<{ value: number; at: number; what: string[] }>>((done) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            done((window as unknown as { __shifts: Array<{ value: number; at: number; what: string[] }> }).__shifts),
          ),
        );
      }),
  );
  await context.close();
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

async function someProductKey(page: Page): Promise<string> {
  const list = (await (await page.request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    key: string;
    is_stock_available: boolean;
  }>;
  const product = list.find((p) => p.is_stock_available);
  expect(product, 'an in-stock product').toBeTruthy();
  return product!.key;
}

async function firstKey(page: Page, path: string): Promise<string> {
  const [item] = (await (await page.request.get(path, { headers: apiHeaders })).json()) as Array<{ key: string }>;
  return item.key;
}

test.describe('the page never moves while it loads (a first visit on a throttled phone)', () => {
  test.describe.configure({ timeout: 120_000 });

  const guestPages: Array<[string, (page: Page) => Promise<string>]> = [
    ['home', async () => '/'],
    ['product list', async () => '/product/'],
    ['product detail', async (page) => `/product/${await someProductKey(page)}/`],
    ['cart', async () => '/cart/'],
    ['news list', async () => '/news/'],
    ['news article', async (page) => `/news/${await firstKey(page, '/v1/news?per=1')}/`],
    ['blog list', async () => '/blog/'],
    ['blog article', async (page) => `/blog/${await firstKey(page, '/v1/blogs?per=1')}/`],
    ['content page (FAQ)', async () => '/faq/'],
    ['login', async () => '/login/'],
  ];
  for (const [name, pathOf] of guestPages) {
    test(`${name}: layout shift ≤ ${MAX_SHIFT}`, async ({ browser, baseURL, page }) => {
      const path = await pathOf(page);
      const { total, shifts } = await shiftsOf(browser, baseURL!, path);
      expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_SHIFT);
    });
  }

  test(`a member's cart, every checkout step, the thanks page, /mypage/ and the order's detail: layout shift ≤ ${MAX_SHIFT} each`, async ({
    browser,
    baseURL,
    page,
  }) => {
    test.setTimeout(600_000);
    // Each screen is measured as a first visit with the member's cookies, once the walk has reached it.
    const measure = async (path: string) => {
      const { total, shifts } = await shiftsOf(browser, baseURL!, path, await page.context().storageState());
      expect.soft(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_SHIFT);
    };
    await page.goto(`/product/${await someProductKey(page)}/`);
    await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'カートに入れる' }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toBeVisible();
    await checkoutToPayment(page);
    for (const path of ['/cart/', '/cart/shipping-select/', '/cart/shipping-detail/', '/cart/payment/']) await measure(path);
    await page.reload();
    await hydrated(page, page.getByRole('radio', { name: /代金引換/ }));
    await page.getByRole('radio', { name: /代金引換/ }).check();
    await action(page, '確認画面へ').click();
    await expect(page).toHaveURL(/\/cart\/confirm\/$/);
    await measure('/cart/confirm/');
    await hydrated(page, page.getByRole('button', { name: '注文を確定する' }));
    await page.getByRole('button', { name: '注文を確定する' }).click();
    await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
    const thanks = new URL(page.url());
    await measure(`${thanks.pathname}${thanks.search}`);
    await measure('/mypage/');
    await page.goto('/mypage/order_history/');
    const detail = page.getByRole('main').getByRole('link', { name: thanks.searchParams.get('order_no')!, exact: true });
    await expect(detail).toBeVisible();
    await measure(new URL((await detail.getAttribute('href'))!, baseURL).pathname);
  });
});

test.describe("a phone's first screen shows the page, not the chrome (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** The top of `locator` in the page, in CSS px. */
  const topOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

  /** Waits for the late arrivals (the drawer's script, the messages bar) and checks the header and the bar. */
  async function chromeChecked(page: Page) {
    await expect(page.locator('[data-menu][data-drawer="ready"]')).toHaveCount(1);
    const bar = page.getByRole('region', { name: 'ショップからのお知らせ' });
    await expect(bar).toBeVisible();
    // One message at a time, in one compact bar.
    await expect(bar.getByRole('heading')).toHaveCount(1);
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(90);
    // The header: the logo, 「メニュー」 and the search box, nothing else.
    const controls = await page
      .getByRole('banner')
      .locator('a, button, input, summary')
      .evaluateAll((els) =>
        els
          .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.visually-hidden'))
          .map((e) => (e as HTMLInputElement).placeholder || e.textContent?.trim()),
      );
    expect(controls).toEqual(['Maison Kiyora', 'キーワードで探す', '検索', 'メニュー']);
  }

  test("the list's and the cart's headings and a product's first image start within 400 px; the header is the logo, the menu and the search", async ({
    page,
  }) => {
    await page.goto('/product/');
    await chromeChecked(page);
    expect(await topOf(page, 'main h1')).toBeLessThanOrEqual(400);
    await page.goto('/cart/');
    await chromeChecked(page);
    expect(await topOf(page, 'main h1')).toBeLessThanOrEqual(400);
    await page.goto(`/product/${await someProductKey(page)}/`);
    await chromeChecked(page);
    expect(await topOf(page, 'main img')).toBeLessThanOrEqual(400);
  });

  test("my-page has one compact menu: the hub's greeting is on the first screen, another screen's menu is folded above it", async ({
    page,
    request,
  }) => {
    const member = await registerThrowaway(request, 'phone');
    await loginInBrowser(page, member.username, member.password);
    const greeting = page.locator('.greeting');
    await expect(greeting).toContainText('花子 様');
    const box = (await greeting.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // The hub's shortcuts are its one menu: no member menu list repeated above them.
    await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toBeHidden();
    await expect(page.locator('.menu-grid')).toBeVisible();
    // Another screen: the menu folded behind one row, the screen's content right below it.
    await page.goto('/mypage/point/');
    const menu = page.getByRole('navigation', { name: 'マイページメニュー' });
    const fold = menu.getByText('マイページメニュー');
    await expect(fold).toBeVisible();
    await expect(menu.getByRole('link', { name: '注文履歴' })).toBeHidden();
    expect((await menu.boundingBox())!.height).toBeLessThanOrEqual(60);
    await fold.click();
    await expect(menu.getByRole('link', { name: '注文履歴' })).toBeVisible();
  });
});
