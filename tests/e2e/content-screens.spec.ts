/**
 * Issue 10's content screens on the real shop (E2E_PORT gives each run its own database and build):
 * every new route answers 200, pre-rendered pages ship no React and pass axe; the FAQ accordion opens
 * by keyboard with no script; the flip book shows every page without a script and turns pages by
 * keyboard with it; a logged-in member's news are marked read; the home's banner download ends with
 * the toast 「ダウンロードが完了しました」; the popup shows once per visitor; the maker page's products
 * come from the on-demand fragment.
 */
import { expect, test } from '@playwright/test';
import { measurePage } from '../../scripts/bench/measure-js.ts';
import { axeProblems } from './support/a11y.ts';
import { apiHeaders, loginInBrowser } from './support/member.ts';

const KB = 1024;

async function apiJson<T>(request: import('@playwright/test').APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: apiHeaders });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

test('every new content route answers 200, ships no React and passes axe', async ({ page, request, baseURL }) => {
  const stylists = await apiJson<Array<{ key: string; name: string }>>(request, '/v1/stylists?per=all');
  const lps = await apiJson<Array<{ key: string; title: string }>>(request, '/v1/lp?per=all');
  const popups = await apiJson<Array<{ id: number; title: string }>>(request, '/v1/popups');
  const routes: Array<[string, string]> = [
    ['/faq/', 'よくあるご質問'],
    ['/stylist/', 'スタイリスト'],
    [`/stylist/${stylists[0].key}/`, stylists[0].name],
    [`/${lps[0].key}/`, lps[0].title],
    ['/sitemap/', 'サイトマップ'],
    ['/flip-book/', 'デジタルカタログ'],
    ['/popup/', 'ポップアップのお知らせ'],
    [`/popup/${popups[0].id}/`, popups[0].title],
  ];
  const base = baseURL!.replace(/\/+$/, '');
  const problems: string[] = [];
  for (const [path, heading] of routes) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    const js = await measurePage(base, path);
    expect(js.islands, `${path}: no island`).toBe(0);
    // The header script and at most a small page script (React alone is over 60 KB).
    expect(js.gzip, `${path}: ${js.gzip} bytes of JS`).toBeLessThanOrEqual(5 * KB);
    expect(await page.locator('astro-island').count(), path).toBe(0);
    problems.push(...(await axeProblems(page, path)));
  }
  expect(problems).toEqual([]);
});

test('the sitemap links every kind of public page, and each link it gives answers', async ({ page, request }) => {
  await page.goto('/sitemap/');
  const main = page.getByRole('main');
  for (const section of ['商品カテゴリ', 'メーカー', 'ブランド', 'スタイリスト', '特集', 'お知らせ・読みもの', 'ご利用案内']) {
    await expect(main.getByRole('heading', { level: 2, name: section }), section).toBeVisible();
  }
  // お問い合わせ is linked once /contact/ exists (the sitemap links only routes that are built).
  for (const name of [
    'トップページ',
    'よくあるご質問',
    'ブログ',
    'お知らせ',
    'デジタルカタログ',
    'カタログ請求',
    '特定商取引法に基づく表記',
  ]) {
    await expect(main.getByRole('link', { name, exact: true }).first(), name).toBeVisible();
  }
  const hrefs = await main.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const pages = [...new Set(hrefs.filter((h) => !h.startsWith('/product/') && !h.startsWith('/mypage/') && !h.startsWith('/cart/')))];
  expect(pages.length).toBeGreaterThan(15);
  for (const href of pages) expect((await request.get(href)).status(), href).toBe(200);
});

test('the FAQ accordion opens and closes by keyboard without any script', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const [qa] = await apiJson<Array<{ question: string; qa_category: { name: string } }>>(page.request, '/v1/qas?per=1');
  await page.goto('/faq/');
  await expect(page.getByRole('heading', { level: 2, name: qa.qa_category.name })).toBeVisible();
  const details = page.locator('details').filter({ hasText: qa.question }).first();
  await expect(details).not.toHaveAttribute('open');
  await details.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('open', '');
  await expect(details.locator('.answer')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(details).not.toHaveAttribute('open');
  await context.close();
});

test('the flip book lists every page without a script and turns pages by keyboard with it', async ({ browser, page }) => {
  const catalogs = await apiJson<Array<{ name: string; pages: string[] }>>(page.request, '/v1/catalog');
  const book = catalogs.find((c) => c.pages.length > 2)!;

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await noJs.goto('/flip-book/');
  const plainBook = noJs.getByRole('region', { name: book.name });
  await expect(plainBook.getByRole('img')).toHaveCount(book.pages.length);
  for (let i = 0; i < book.pages.length; i += 1) await expect(plainBook.getByRole('img').nth(i)).toBeVisible();
  await plain.close();

  await page.goto('/flip-book/');
  const region = page.getByRole('region', { name: book.name });
  const status = region.getByRole('status');
  await expect(status).toHaveText(`1 / ${book.pages.length} ページ`);
  await expect(region.getByRole('img', { name: `${book.name} 1ページ` })).toBeVisible();
  await expect(region.getByRole('img', { name: `${book.name} 2ページ` })).toBeHidden();
  await expect(region.getByRole('button', { name: '前のページ' })).toBeDisabled();

  await region.getByRole('list', { name: `${book.name}のページ` }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText(`2 / ${book.pages.length} ページ`);
  await expect(region.getByRole('img', { name: `${book.name} 2ページ` })).toBeVisible();
  await expect(region.getByRole('img', { name: `${book.name} 1ページ` })).toBeHidden();
  await page.keyboard.press('End');
  await expect(status).toHaveText(`${book.pages.length} / ${book.pages.length} ページ`);
  await expect(region.getByRole('button', { name: '次のページ' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(status).toHaveText(`${book.pages.length - 1} / ${book.pages.length} ページ`);
  // The buttons are keyboard controls too.
  await region.getByRole('button', { name: '前のページ' }).focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(`${book.pages.length - 2} / ${book.pages.length} ページ`);
  expect(await axeProblems(page, '/flip-book/ (viewer)')).toEqual([]);
});

test("a logged-in member's news item is marked read on its page and in the list", async ({ page }) => {
  const [first, second] = await apiJson<Array<{ id: number; key: string; title: string }>>(page.request, '/v1/news?per=2');
  await page.goto('/news/');
  await expect(page.getByText('既読')).toHaveCount(0);

  await loginInBrowser(page, 'demo', 'demo-pass-2026');
  const marked = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/news/readables' && r.request().method() === 'POST');
  await page.goto(`/news/${first.key}/`);
  const posted = await marked;
  expect(posted.status()).toBe(200);
  expect(posted.request().postDataJSON()).toEqual({ readable_id: first.id });
  await expect(page.getByRole('article').getByText('既読')).toBeVisible();

  await page.goto('/news/');
  const list = page.getByRole('main').getByRole('list').first();
  await expect(list.getByRole('listitem').filter({ hasText: first.title }).getByText('既読')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: second.title }).getByText('既読')).toHaveCount(0);
});

test('the banner download saves the file named by the server and shows ダウンロードが完了しました', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: '読みもの 冬のギフトガイドをダウンロード' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('冬のギフトガイド2026.svg');
  await expect(page.getByRole('status').filter({ hasText: 'ダウンロードが完了しました' })).toBeVisible();
});

test('the home is built from the top layout', async ({ page, request }) => {
  const layout = await apiJson<{ blocks: Array<{ type: string; alias?: string }> }>(request, '/v1/layouts/top');
  await page.goto('/');
  const main = page.getByRole('main');
  // Each collection block shows its collection's title and products, in the layout's order.
  const titles: string[] = [];
  for (const block of layout.blocks.filter((b) => b.type === 'collection')) {
    titles.push((await apiJson<{ title: string }>(request, `/v1/collections/${block.alias}?max_page_size=1`)).title);
  }
  const h2s = await main.getByRole('heading', { level: 2 }).allTextContents();
  expect(h2s.filter((t) => titles.includes(t))).toEqual(titles);
  await expect(main.getByRole('heading', { name: 'カテゴリから探す' })).toBeVisible();
  expect(await axeProblems(page, '/')).toEqual([]);
});

test('a popup shows once per visitor on whichever page comes first, never on the cart, and again to a new visitor', async ({
  browser,
  request,
}) => {
  const popups = await apiJson<Array<{ id: number; title: string }>>(request, '/v1/popups');
  expect(popups.length, 'seeded popups').toBeGreaterThan(0);
  const context = await browser.newContext();
  const page = await context.newPage();
  // Quiet on the cart: nothing shows and nothing is marked seen.
  await page.goto('/cart/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.popup-notice')).toHaveCount(0);
  // The first content page shows the first popup, in the page flow at the top of the main content.
  await page.goto('/news/');
  const main = page.getByRole('main');
  const notice = main.getByRole('complementary', { name: popups[0].title });
  await expect(notice).toBeVisible();
  expect(await axeProblems(page, '/news/ with the popup')).toEqual([]);
  // Keyboard: 閉じる closes it and focus goes to the main content, not to <body>.
  await notice.getByRole('button', { name: '閉じる' }).focus();
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  // Every popup shows once (one per page view), then never again for this visitor.
  for (const p of popups.slice(1)) {
    await page.goto('/blog/');
    await expect(page.getByRole('complementary', { name: p.title })).toBeVisible();
  }
  for (const path of ['/', '/faq/', '/news/']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.popup-notice')).toHaveCount(0);
  }
  await context.close();
  // A new visitor sees it again.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto('/faq/');
  await expect(other.getByRole('complementary', { name: popups[0].title })).toBeVisible();
  await fresh.close();
});

test("the maker page's products come from the on-demand fragment, current without a rebuild", async ({ page, request }) => {
  const makers = await apiJson<Array<{ key: string; name: string }>>(request, '/v1/makers?per=all');
  let maker: { key: string; name: string } | undefined;
  let products: Array<{ name: string }> = [];
  for (const m of makers) {
    products = await apiJson<Array<{ name: string }>>(request, `/v1/products?maker=${m.key}&sort=new&per=8`);
    if (products.length) {
      maker = m;
      break;
    }
  }
  expect(maker, 'a maker with products').toBeTruthy();
  const fragment = await request.get(`/maker/${maker!.key}/products/`);
  expect(fragment.status()).toBe(200);
  expect(await fragment.text()).not.toContain('<html');
  await page.goto(`/maker/${maker!.key}/`);
  const block = page.getByRole('region', { name: `${maker!.name}の商品` });
  await expect(block.getByRole('link', { name: products[0].name, exact: true })).toBeVisible();
  expect(await axeProblems(page, `/maker/${maker!.key}/`)).toEqual([]);
});
