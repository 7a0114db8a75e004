/**
 * Two parts of the cart and checkout in a real browser against `npm start` (spec 4 "Cart": accessory
 * add/modify/delete and delete transaction error): a product's accessories are added from the cart
 * page and nested under its line with their price, their quantity changed and deleted, the totals
 * following; a declined card is stated once on /cart/payment/ and not again after a reload.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { addFromProductPage } from './support/cart.ts';
import { action, checkoutToPayment, hydrated } from './support/checkout.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

interface Item {
  id: number;
  key: string;
  name: string;
  is_stock_available: boolean;
  product_price_with_tax: number;
}

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: apiHeaders });
  expect(res.status(), path).toBe(200);
  return res.json() as Promise<T>;
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('an accessory is added from the cart under its line, with its price and the total, then changed and deleted', async ({
  page,
  request,
}) => {
  // The seed's canvas sneakers offer socks (api/src/db/seed/catalog-data.ts accessoryPairs).
  const found = await apiGet<Item[]>(request, `/v1/products?keyword=${encodeURIComponent('ローカットスニーカー 久留米')}`);
  const main = found.find((p) => p.is_stock_available)!;
  expect(main, 'an in-stock sneaker').toBeTruthy();
  const offers = await apiGet<Item[]>(request, `/v1/products/${main.key}/accessories`);
  const socks = offers.find((a) => a.is_stock_available)!;
  expect(socks, 'an in-stock accessory').toBeTruthy();

  await addFromProductPage(page, main.key);
  await page.goto('/cart/');
  const offer = page.getByRole('region', { name: `${main.name}の付属品を追加` });
  await expect(offer).toBeVisible();
  await hydrated(page, offer);
  const totals = page.getByRole('region', { name: '合計金額' });
  await expect(totals).toContainText(yen(main.product_price_with_tax));
  // Each offered accessory shows its name and price; the product's line has no accessory yet.
  for (const a of offers)
    await expect(offer.getByRole('listitem').filter({ hasText: a.name })).toContainText(`${yen(a.product_price_with_tax)}（税込）`);
  const nested = page.getByRole('region', { name: `${main.name}の付属品`, exact: true });
  await expect(nested).toHaveCount(0);

  // Two pairs, added with the keyboard.
  await offer.getByLabel(`${socks.name}の追加する数量`).selectOption('2');
  const add = offer.getByRole('button', { name: `${socks.name}を付属品として追加する` });
  await add.focus();
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/carts/accessories/add' && r.status() === 200),
    page.keyboard.press('Enter'),
  ]);
  await expect(nested).toBeVisible();
  await expect(nested).toContainText(socks.name);
  await expect(nested).toContainText(`単価 ${yen(socks.product_price_with_tax)}（税込）`);
  await expect(nested.getByLabel(`${socks.name}の数量`)).toHaveValue('2');
  await expect(nested).toContainText(`${yen(socks.product_price_with_tax * 2)}（税込）`);
  await expect(totals).toContainText(yen(main.product_price_with_tax + socks.product_price_with_tax * 2));
  expect(await axeProblems(page)).toEqual([]);

  // The quantity of the accessory line.
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/carts/accessories/modify' && r.status() === 200),
    nested.getByLabel(`${socks.name}の数量`).selectOption('1'),
  ]);
  await expect(nested.getByLabel(`${socks.name}の数量`)).toHaveValue('1');
  await expect(totals).toContainText(yen(main.product_price_with_tax + socks.product_price_with_tax));

  // Still there after a reload (the server's cart), then deleted.
  await page.reload();
  await hydrated(page, nested);
  await expect(nested.getByLabel(`${socks.name}の数量`)).toHaveValue('1');
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/carts/accessories/delete' && r.status() === 200),
    nested.getByRole('button', { name: `${socks.name}を削除` }).click(),
  ]);
  await expect(nested).toHaveCount(0);
  await expect(totals).toContainText(yen(main.product_price_with_tax));
  // The sneakers' own line stays.
  await expect(page.getByRole('combobox', { name: `${main.name}の数量` })).toHaveValue('1');

  // Deleting the line takes its accessories with it, as the API does.
  await offer.getByRole('button', { name: `${socks.name}を付属品として追加する` }).click();
  await expect(nested).toBeVisible();
  await page.getByRole('button', { name: `${main.name}を削除` }).click();
  await expect(page.getByText('カートに商品はありません。')).toBeVisible();
});

/** Puts an in-stock product into the cart, logs demo in and reaches /cart/payment/. */
async function toPaymentStep(page: Page, request: APIRequestContext): Promise<void> {
  const list = await apiGet<Item[]>(request, '/v1/products?page=1');
  const product = list.find((p) => p.is_stock_available && p.product_price_with_tax <= 20_000);
  expect(product, 'an in-stock product').toBeTruthy();
  await addFromProductPage(page, product!.key);
  await checkoutToPayment(page);
}

test('a declined card is stated once on /cart/payment/, and a reload does not state it again', async ({ page, request }) => {
  await toPaymentStep(page, request);
  const failure = page.getByRole('alert').filter({ hasText: '前回のお支払いを完了できませんでした。' });
  await expect(failure).toHaveCount(0);
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  await page.getByLabel('カード番号').fill('4000000000000002');
  await page.getByLabel('カード名義').fill('TARO YAMADA');
  await page.getByLabel('有効期限').fill('203012');
  await page.getByLabel('セキュリティコード').fill('123');
  await action(page, '確認画面へ').click();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  const order = action(page, '注文を確定する');
  await hydrated(page, order);
  await order.click();
  const declined = 'カード会社により決済が承認されませんでした。';
  await expect(page.getByRole('alert').filter({ hasText: declined })).toBeVisible();

  // Back to choose again: the failure is stated above the methods, with the API's message, and cleared on the server.
  const cleared = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/carts/transaction/error/delete' && r.status() === 200);
  await page.getByRole('link', { name: 'お支払い方法を変更する' }).click();
  await expect(page).toHaveURL(/\/cart\/payment\/$/);
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText(declined);
  const methods = page.getByRole('group', { name: 'お支払い方法を選択してください' });
  expect(
    await failure.evaluate((a, m) => !!(a.compareDocumentPosition(m!) & Node.DOCUMENT_POSITION_FOLLOWING), await methods.elementHandle()),
  ).toBe(true);
  await cleared;
  // Still shown while the shopper chooses again.
  await page.getByRole('radio', { name: /銀行振込/ }).check();
  await expect(failure).toHaveCount(1);

  await page.reload();
  await hydrated(page, page.getByRole('radio', { name: /銀行振込/ }));
  await expect(page.getByRole('radio', { name: /銀行振込/ })).toBeVisible();
  await expect(failure).toHaveCount(0);
  await expect(page.getByText(declined)).toHaveCount(0);
});
