/**
 * Catalogue discovery in a real browser against the real shop (E2E_PORT=4461, issue 7): the header
 * search box finds katakana products from hiragana, its suggestions come after 2 characters and
 * follow the keys; filters, sort and page live in the URL and survive a reload; a colour and a size
 * chosen on the product page put exactly that variant in the cart; a sale price is struck through
 * with N%OFF; the member's searches show on /mypage/product_search_history/ and can be deleted; axe
 * finds nothing serious on the list and the detail, and no page breaks the CSP.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';

const demo = { username: 'demo', password: 'demo-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

interface Variant {
  key: string;
  name: string;
  color: string | null;
  size: string | null;
  stock_status: 'in_stock' | 'low' | 'out';
}
interface ApiProduct {
  id: number;
  key: string;
  name: string;
  product_price_with_tax: number;
  before_price: number | null;
  tax_rate: number;
  discount_rate: number | null;
  color: string | null;
  size: string | null;
  review_count: number;
  product_model: { products: Variant[] } | null;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: apiHeaders });
  expect(res.status(), `GET ${path}`).toBe(200);
  return res.json() as Promise<T>;
}

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

const searchBox = (page: Page) => page.getByRole('search').getByRole('combobox', { name: 'キーワード検索' });
const cards = (page: Page) => page.locator('main .grid article');

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a search in hiragana from the header box finds the katakana デニム products, and the word is posted to the search history', async ({
  page,
  request,
}) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  const box = searchBox(page);
  await expect(box).toBeVisible();
  await box.focus();
  await expect(page.locator('form[data-search-box][data-enhanced="true"]')).toHaveCount(1);
  await box.fill('でにむ');
  const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/product-search-histories' && r.method() === 'POST');
  await box.press('Enter');
  expect((await posted).postDataJSON()).toEqual({ word: 'でにむ' });
  await expect(page).toHaveURL(/\/product\/\?keyword=%E3%81%A7%E3%81%AB%E3%82%80$/);
  await expect(page.getByText(/“でにむ” の検索結果\s*\d+\s*件/)).toBeVisible();
  const names = await cards(page).getByRole('heading').allTextContents();
  expect(names.filter((n) => /デニム/.test(n)).length, names.join(', ')).toBeGreaterThan(2);
  // The same products, in the same order, as the katakana word finds.
  const katakana = await api<ApiProduct[]>(request, `/v1/products?keyword=${encodeURIComponent('デニム')}`);
  expect(names).toEqual(katakana.map((p) => p.name));
  // The box keeps the word on the results page.
  await expect(searchBox(page)).toHaveValue('でにむ');

  // A blank search is not a search: nothing is posted, the page stays.
  let blankPosted = false;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v1/product-search-histories') blankPosted = true;
  });
  await searchBox(page).fill('   ');
  await searchBox(page).press('Enter');
  await page.waitForTimeout(300);
  expect(blankPosted).toBe(false);
  await expect(page).toHaveURL(/keyword=%E3%81%A7/);

  // On a phone the box is still there and usable.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(searchBox(page)).toBeVisible();
  await expect(page.getByRole('search').getByRole('button', { name: '検索' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('suggestions appear after 2 characters and follow ↑/↓, Esc and Enter', async ({ page }) => {
  await page.goto('/product/');
  const box = searchBox(page);
  const list = page.getByRole('listbox', { name: '検索候補' });
  await box.focus();
  await expect(page.locator('form[data-search-box][data-enhanced="true"]')).toHaveCount(1);
  await box.pressSequentially('デ', { delay: 50 });
  await page.waitForTimeout(400);
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.pressSequentially('ニ', { delay: 50 });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  expect(await options.count()).toBeGreaterThan(1);

  await box.press('ArrowDown');
  const first = options.nth(0);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await box.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');

  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/);

  // Enter on a word suggestion searches for that word.
  await box.press('End');
  await box.pressSequentially('ム', { delay: 50 });
  await expect(list).toBeVisible();
  const word = list.locator('.suggest-word').first();
  await expect(word).toBeVisible();
  const wordText = (await word.textContent())!;
  await box.press('ArrowDown');
  await expect(word).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/\\?keyword=${encodeURIComponent(wordText).replace(/[()]/g, '\\$&')}$`));

  // A product suggestion opens that product.
  await searchBox(page).fill('');
  await searchBox(page).pressSequentially('デニム', { delay: 30 });
  const product = page.getByRole('listbox', { name: '検索候補' }).locator('.suggest-product').first();
  await expect(product).toBeVisible();
  const productName = (await product.locator('.suggest-name').textContent())!;
  await product.click();
  await expect(page).toHaveURL(/\/product\/[^?]+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
});

test('filter, sort and page 2 are in the URL and survive a reload', async ({ page }) => {
  await page.goto('/product/');
  const filters = page.getByRole('form', { name: '商品の絞り込み' });
  await filters.getByRole('checkbox', { name: /在庫ありのみ/ }).check();
  await filters.getByRole('button', { name: 'この条件で絞り込む' }).click();
  await expect(page).toHaveURL(/\/product\/\?in_stock=1$/);
  await page.getByRole('navigation', { name: '並び替え' }).getByRole('link', { name: '価格の安い順' }).click();
  await expect(page).toHaveURL(/\/product\/\?in_stock=1&sort=price_asc$/);
  await page.getByRole('navigation', { name: 'ページ送り' }).getByRole('link', { name: '2ページ目' }).click();
  await expect(page).toHaveURL(/\/product\/\?in_stock=1&sort=price_asc&page=2$/);
  const before = await cards(page).getByRole('heading').allTextContents();
  expect(before).toHaveLength(15);

  await page.reload();
  await expect(page).toHaveURL(/\/product\/\?in_stock=1&sort=price_asc&page=2$/);
  await expect(page.getByRole('form', { name: '商品の絞り込み' }).getByRole('checkbox', { name: /在庫ありのみ/ })).toBeChecked();
  await expect(page.getByRole('navigation', { name: '並び替え' }).getByRole('link', { name: '価格の安い順' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('navigation', { name: 'ページ送り' }).getByRole('link', { name: '2ページ目' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await cards(page).getByRole('heading').allTextContents()).toEqual(before);
  // Cheapest first: the prices on the page never go down.
  const prices = (await page.locator('main .grid .sale-price > .price').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expect(page.locator('main .grid').getByText('在庫切れ')).toHaveCount(0);
});

test('choosing a colour and a size and adding to the cart adds exactly that variant', async ({ page, request }) => {
  // A clothes model with two colours and sizes in stock, found through the API.
  const list = await api<ApiProduct[]>(request, '/v1/products?category=tshirts&child=1&in_stock=1&per=30');
  let chosen: { start: ApiProduct; target: Variant } | null = null;
  for (const item of list) {
    const detail = await api<ApiProduct>(request, `/v1/products/${encodeURIComponent(item.key)}`);
    const variants = detail.product_model?.products ?? [];
    const target = variants.find(
      (v) => v.color && v.color !== detail.color && v.size && v.size !== detail.size && v.stock_status !== 'out',
    );
    if (target && variants.some((v) => v.color === target.color && v.size === detail.size && v.stock_status !== 'out')) {
      chosen = { start: detail, target };
      break;
    }
  }
  expect(chosen, 'a T-shirt model with another colour and size in stock').toBeTruthy();
  const { start, target } = chosen!;

  await page.goto(`/product/${encodeURIComponent(start.key)}/`);
  const colours = page.getByRole('radiogroup', { name: /カラー/ });
  await expect(colours.getByRole('radio', { name: start.color!, exact: true })).toHaveAttribute('aria-checked', 'true');
  await colours.getByRole('radio', { name: target.color!, exact: true }).click();
  await expect(page.getByRole('radiogroup', { name: /カラー/ }).getByRole('radio', { name: target.color!, exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const sizes = page.getByRole('radiogroup', { name: /サイズ/ });
  // Each size shows its own stock; sold-out sizes cannot be chosen.
  for (const radio of await sizes.getByRole('radio').all()) {
    await expect(radio).toContainText(/在庫あり|残りわずか|在庫なし/);
    if (/在庫なし/.test((await radio.textContent()) ?? '')) await expect(radio).toHaveAttribute('aria-disabled', 'true');
  }
  await sizes.getByRole('radio', { name: new RegExp(`^${target.size!.replace('.', '\\.')}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${encodeURIComponent(target.key)}/$`));
  await expect(page.getByRole('radiogroup', { name: /サイズ/ }).getByRole('radio', { checked: true })).toContainText(target.size!);

  // Keyboard: the colour group is one tab stop and the arrows move inside it.
  const checkedColour = page.getByRole('radiogroup', { name: /カラー/ }).getByRole('radio', { checked: true });
  await checkedColour.focus();
  await page.keyboard.press('ArrowRight');
  await expect(checkedColour).not.toBeFocused();

  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200),
    page.getByRole('button', { name: 'カートに入れる' }).click(),
  ]);
  await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toBeVisible();
  const cartToken = (await page.context().cookies()).find((c) => c.name === 'cartToken')?.value;
  expect(cartToken).toBeTruthy();
  const cart = await api<{ detail: { products: Array<{ product_info: { key: string }; quantity: number }> } }>(
    request,
    `/v1/carts/${cartToken}`,
  );
  expect(cart.detail.products.map((p) => p.product_info.key)).toEqual([target.key]);
});

test('a sale price is struck through with N%OFF on the card and the detail; the detail carries Product JSON-LD; axe is clean', async ({
  page,
  request,
}) => {
  const violations = await watchCsp(page);
  const onSale = await api<ApiProduct[]>(request, '/v1/products?on_sale=1&per=5');
  expect(onSale.length, 'a product on sale').toBeGreaterThan(0);
  const sale = onSale[0];
  const beforeWithTax = Math.floor((sale.before_price! * (100 + sale.tax_rate)) / 100);
  const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

  await page.goto('/product/?on_sale=1');
  const card = page
    .locator('main .grid article')
    .filter({ has: page.getByRole('link', { name: sale.name, exact: true }) })
    .first();
  await expect(card.locator('s')).toContainText(yen(beforeWithTax));
  await expect(card).toContainText(`${sale.discount_rate}%OFF`);
  const listProblems = await axeProblems(page, '/product/?on_sale=1');

  await page.goto(`/product/${encodeURIComponent(sale.key)}/`);
  const price = page.locator('.price-row');
  await expect(price.locator('s')).toContainText(yen(beforeWithTax));
  await expect(price).toContainText(`${sale.discount_rate}%OFF`);
  await expect(price).toContainText(yen(sale.product_price_with_tax));

  // The page also carries a BreadcrumbList (tests/e2e/seo.spec.ts): pick the Product.
  const lds = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((el) => JSON.parse(el.textContent ?? '')));
  const ld = lds.find((d) => d['@type'] === 'Product');
  expect(ld).toMatchObject({ '@type': 'Product', name: sale.name, offers: { priceCurrency: 'JPY', price: sale.product_price_with_tax } });
  expect(ld.sku).toBeTruthy();

  // Gallery: the zoom is a modal dialog closed with Esc, focus back in the page.
  await page.getByRole('button', { name: /画像を拡大する/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '閉じる' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const detailProblems = await axeProblems(page, sale.key);
  expect([...listProblems, ...detailProblems]).toEqual([]);
  expect(violations).toEqual([]);
});

test('reviews show the average and load more in place; the category menu opens from the header', async ({ page, request }) => {
  const popular = await api<ApiProduct[]>(request, '/v1/products?sort=popular&per=30');
  const reviewed = popular.find((p) => p.review_count > 5);
  expect(reviewed, 'a product with more than 5 reviews').toBeTruthy();
  await page.goto(`/product/${encodeURIComponent(reviewed!.key)}/`);
  const section = page.getByRole('region', { name: 'レビュー' });
  await expect(section).toContainText(`（${reviewed!.review_count}件）`);
  const items = section.locator('.review');
  await expect(items).toHaveCount(5);
  await section.getByRole('link', { name: 'もっと見る' }).scrollIntoViewIfNeeded();
  // The script loads when the section comes into view; before that the link goes to the next page's URL.
  await expect(page.locator('[data-reviews][data-enhanced="true"]')).toHaveCount(1);
  await section.getByRole('link', { name: 'もっと見る' }).click();
  await expect(items).toHaveCount(Math.min(10, reviewed!.review_count));
  await expect(page).toHaveURL(new RegExp(`/product/${encodeURIComponent(reviewed!.key)}/$`));

  // Category menu: a disclosure in the header, usable from the keyboard.
  const menu = page.getByRole('banner').locator('summary', { hasText: 'カテゴリ' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'カテゴリ' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'デニムパンツ' }).click();
  await expect(page).toHaveURL(/\/product\/\?category=denim$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('デニムパンツ');
});

test("a member's searches are listed newest first on /mypage/product_search_history/ and can be deleted", async ({ page }) => {
  await page.goto('/login/?redirect=%2Fmypage%2F');
  const field = page.getByLabel('ログインID');
  await expect(page.locator('astro-island[ssr]', { has: field })).toHaveCount(0);
  await field.fill(demo.username);
  await page.getByLabel('パスワード', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/$/);

  const word = `ざっくり${Date.now() % 100000}`;
  for (const w of ['スニーカー', word]) {
    await searchBox(page).focus();
    await expect(page.locator('form[data-search-box][data-enhanced="true"]')).toHaveCount(1);
    await searchBox(page).fill(w);
    // The word is posted with keepalive while the page moves to the results.
    await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/product-search-histories' && r.method() === 'POST'),
      searchBox(page).press('Enter'),
    ]);
    await expect(page).toHaveURL(/\/product\/\?keyword=/);
  }

  await page.goto('/mypage/product_search_history/');
  const rows = page.locator('.search-history-row');
  await expect(rows.first().getByRole('link')).toHaveText(word);
  await expect(rows.nth(1).getByRole('link')).toHaveText('スニーカー');
  await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/product/?keyword=${encodeURIComponent(word)}`);
  await rows
    .first()
    .getByRole('button', { name: `「${word}」を削除` })
    .click();
  await expect(page.getByRole('link', { name: word, exact: true })).toHaveCount(0);
  await expect(rows.first().getByRole('link')).toHaveText('スニーカー');
  expect(await axeProblems(page, '/mypage/product_search_history/')).toEqual([]);
});
