/**
 * Coupons and points in a real browser (issue 8): on the confirmation step the shopper tries a wrong
 * code (the reason shows on the field), applies WELCOME500 and 300 points, sees the earned points
 * before ordering, places the order, reads the discount and points on the thanks page, and finds the
 * balance moved, the history and the earned points pending in my-page, and the coupon marked used on
 * the my-page top.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { addFromProductPage } from './support/cart.ts';
import { action, checkoutToPayment, demo, hydrated } from './support/checkout.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

async function demoBalance(request: APIRequestContext): Promise<number> {
  const login = await request.post('/v1/auth/login', { headers: apiHeaders, data: demo });
  const { access_token: token } = await login.json();
  const res = await request.get('/v1/me/points', { headers: { ...apiHeaders, Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).point_balance;
}
const points = (n: number) => `${n.toLocaleString('ja-JP')}ポイント`;

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a member uses a coupon and points, and sees the discount, the points and the new balance', async ({ page, request }) => {
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    key: string;
    name: string;
    is_stock_available: boolean;
    product_price_with_tax: number;
  }>;
  // WELCOME500 needs 3,000 yen of goods (tax included).
  const product = list.find((p) => p.is_stock_available && p.product_price_with_tax >= 3000);
  expect(product, 'an in-stock product of at least 3,000 yen').toBeTruthy();
  const before = await demoBalance(request);

  await addFromProductPage(page, product!.key);
  await checkoutToPayment(page);
  // 銀行振込 (no fee) chosen on the payment screen itself.
  const bank = page.getByRole('radio', { name: /銀行振込/ });
  await hydrated(page, bank);
  await bank.check();
  await action(page, '確認画面へ').click();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);

  // A wrong code: the server's reason on the field.
  const code = page.getByLabel('クーポンコード');
  await hydrated(page, code);
  await code.fill('NOSUCHCODE');
  await page.getByRole('button', { name: '適用する' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'クーポンコードが正しくありません' })).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  // The real one, typed in lower case.
  await code.fill('welcome500');
  await page.getByRole('button', { name: '適用する' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('ご利用中のクーポン：')).toContainText('はじめてのお買い物 500円OFFクーポン');
  const totals = main.getByRole('region', { name: 'ご請求金額' });
  await expect(totals).toContainText('クーポン割引');
  await expect(totals).toContainText('-¥500');

  // Points: the balance is shown; 300 whole points.
  await expect(main).toContainText(`保有ポイント：${points(before)}`);
  await page.getByLabel('ご利用ポイント').fill('300');
  await page.getByRole('button', { name: 'ポイントを利用する' }).click();
  await expect(totals).toContainText('ポイント利用');
  await expect(totals).toContainText('-¥300');
  // The points earned are shown before the order is placed.
  const earnedText = await main.getByText(/このご注文で/).textContent();
  const earned = Number(/([\d,]+)ポイント/.exec(earnedText ?? '')?.[1].replaceAll(',', ''));
  expect(earned).toBeGreaterThan(0);
  await expect(totals).toContainText(`獲得予定ポイント${points(earned)}`);

  const [decision] = await Promise.all([
    page.waitForResponse((r) => /\/v1\/carts\/[^/]+\/decision$/.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: '注文を確定する' }).click(),
  ]);
  expect(decision.status()).toBe(200);
  // The order number from the thanks page's address: the decision's body may be gone once the page has moved on.
  await expect(page).toHaveURL(/\/cart\/complete\/\?order_no=/);
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  expect(orderNo).toBeTruthy();
  const thanks = page.getByRole('main').getByLabel('クーポン・ポイント');
  await expect(thanks).toContainText('クーポン割引（はじめてのお買い物 500円OFFクーポン）');
  await expect(thanks).toContainText('-¥500');
  await expect(thanks).toContainText(`-${points(300)}`);
  await expect(thanks).toContainText(`獲得予定ポイント${points(earned)}`);

  // My-page: the balance moved by −300, the history names the order; the points earned are pending
  // (付与予定) until the payment is confirmed (issue 21), listed apart with why.
  await page.goto('/mypage/point/');
  await expect(page.getByRole('main').locator('.point-balance')).toContainText(points(before - 300));
  const history = page.getByRole('table');
  await expect(history.getByRole('row').filter({ hasText: 'ご注文でのご利用' }).filter({ hasText: orderNo })).toContainText(
    `−${points(300)}`,
  );
  await expect(history.getByRole('row').filter({ hasText: 'ご注文でのポイント獲得' }).filter({ hasText: orderNo })).toHaveCount(0);
  await expect(
    page.getByRole('main').getByRole('region', { name: '付与予定ポイント' }).getByRole('listitem').filter({ hasText: orderNo }),
  ).toContainText(points(earned));
  expect(await demoBalance(request)).toBe(before - 300);

  // The my-page top lists the coupons, WELCOME500 now used.
  await page.goto('/mypage/');
  const coupons = page.getByRole('region', { name: 'ご利用いただけるクーポン' });
  await expect(coupons.getByRole('listitem').filter({ hasText: 'WELCOME500' })).toContainText('ご利用済み');
  await expect(coupons.getByRole('listitem').filter({ hasText: 'MEMBER1000' })).toBeVisible();
});
