/**
 * Payments in a real browser (issue 8) against `npm start`, whose built-in test provider runs on its
 * own port: a card payment with the 3-D Secure step completes an order and no request to the shop's
 * origin ever carries the card number; a declined card shows the Japanese reason; 後払い and コンビニ払い
 * orders complete and show what to pay.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addFromProductPage } from './support/cart.ts';
import { action, checkoutToPayment, hydrated } from './support/checkout.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

/** Every request the page sends to the shop's own origin, with its body, to prove no card number is among them. */
function recordShopRequests(page: Page, baseURL: string): string[] {
  const seen: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on('request', (r) => {
    if (new URL(r.url()).origin === origin) seen.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`);
  });
  return seen;
}

/** Puts a product of at most `maxPrice` yen into the cart, logs demo in and reaches /cart/payment/ (through the delivery date step). */
async function toPaymentStep(page: Page, request: APIRequestContext, maxPrice = 20_000): Promise<void> {
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    key: string;
    is_stock_available: boolean;
    product_price_with_tax: number;
  }>;
  const product = list.find((p) => p.is_stock_available && p.product_price_with_tax <= maxPrice);
  expect(product, 'an in-stock product').toBeTruthy();
  await addFromProductPage(page, product!.key);
  await checkoutToPayment(page);
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: /クレジットカード/ }).check();
  await page.getByLabel('カード番号').fill(number);
  await page.getByLabel('カード名義').fill('TARO YAMADA');
  await page.getByLabel('有効期限').fill('203012');
  await page.getByLabel('セキュリティコード').fill('123');
}

async function confirmAndOrder(page: Page): Promise<void> {
  await action(page, '確認画面へ').click();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  const order = action(page, '注文を確定する');
  await hydrated(page, order);
  await order.click();
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a card with 3-D Secure completes the order, and the card number never goes to the shop', async ({ page, request, baseURL }) => {
  const shopRequests = recordShopRequests(page, baseURL!);
  await toPaymentStep(page, request);
  const number = '4000000000003220';
  await fillCard(page, number);
  // The hints of spec 5.
  await expect(page.getByText('半角数字・ハイフンなし（14桁）')).toBeVisible();
  await expect(page.getByText('yyyymm（例：202812）')).toBeVisible();
  await expect(page.getByText('カード裏面の3桁の数字')).toBeVisible();
  await confirmAndOrder(page);

  // The provider's own page, on its own origin.
  await expect(page.getByRole('heading', { name: '本人認証（3-Dセキュア）' })).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
  await expect(page.getByText('認証コード 123456')).toBeVisible();
  await page.getByLabel('認証コード').fill('123456');
  await page.getByRole('button', { name: '認証する' }).click();

  await expect(page).toHaveURL(/\/cart\/complete\/\?order_no=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
  const payment = page.getByRole('region', { name: 'お支払いについて' });
  await expect(payment).toContainText('クレジットカード');
  await expect(payment).toContainText('VISA **** 3220');

  expect(shopRequests.length).toBeGreaterThan(5);
  for (const r of shopRequests) {
    expect(r).not.toContain(number);
    expect(r).not.toContain('4000 0000 0000 3220');
    expect(r).not.toMatch(/"(number|ccNumber|card_number)"/);
  }
});

test('a declined card shows the reason in Japanese and places no order', async ({ page, request }) => {
  await toPaymentStep(page, request);
  await fillCard(page, '4000000000000002');
  await confirmAndOrder(page);
  await expect(page.getByRole('alert').filter({ hasText: 'カード会社により決済が承認されませんでした。' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
});

test('後払い: the notice before ordering, the order completes and the thanks page says how to pay', async ({ page, request }) => {
  await toPaymentStep(page, request);
  await page.getByRole('radio', { name: /後払い/ }).check();
  await expect(page.getByText(/請求書の発行日から14日以内/).first()).toBeVisible();
  await confirmAndOrder(page);
  await expect(page).toHaveURL(/\/cart\/complete\/\?order_no=/);
  const payment = page.getByRole('region', { name: 'お支払いについて' });
  await expect(payment).toContainText('後払い');
  await expect(payment).toContainText('14日以内');
});

test('コンビニ払い: the store is chosen, and the thanks page shows the payment number and deadline', async ({ page, request }) => {
  await toPaymentStep(page, request);
  await page.getByRole('radio', { name: /コンビニ払い/ }).check();
  await action(page, '確認画面へ').click();
  await expect(page.getByText('お支払いコンビニを選択してください。')).toBeVisible();
  await page.getByLabel('お支払いコンビニ').selectOption({ label: 'ローソン' });
  await confirmAndOrder(page);
  await expect(page).toHaveURL(/\/cart\/complete\/\?order_no=/);
  const payment = page.getByRole('region', { name: 'お支払いについて' });
  await expect(payment).toContainText('ローソン');
  await expect(payment).toContainText(/お支払い番号\s*\d{12}/);
  await expect(payment).toContainText(/お支払い期限\s*\d{4}\.\d{2}\.\d{2} 23:59/);
});
