/**
 * The member's orders in a real browser (issue 9, H7): demo orders a product with 銀行振込 and 100
 * points, sees the points it earns pending (付与予定) on ポイント and on the order (issue 21), cancels
 * it on the order detail (reason, confirmation) and sees it cancelled there and in the history, with
 * the product's stock and the point balance back where they were; then downloads the 領収書 of
 * another order as a PDF file.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { addFromProductPage, probeStock, stockLeft } from './support/cart.ts';
import { action, checkoutToPayment, demo, hydrated } from './support/checkout.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

async function demoToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/v1/auth/login', { headers: apiHeaders, data: demo });
  expect(login.status()).toBe(200);
  return (await login.json()).access_token;
}

async function demoBalance(request: APIRequestContext): Promise<number> {
  const res = await request.get('/v1/me/points', { headers: { ...apiHeaders, Authorization: `Bearer ${await demoToken(request)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).point_balance;
}

/** The member's order id of an order number (GET /v1/me/orders). */
async function orderIdOf(request: APIRequestContext, orderNo: string): Promise<number> {
  const res = await request.get('/v1/me/orders?page=1', {
    headers: { ...apiHeaders, Authorization: `Bearer ${await demoToken(request)}` },
  });
  const found = ((await res.json()) as { id: number; order_no: string }[]).find((o) => o.order_no === orderNo);
  expect(found, orderNo).toBeTruthy();
  return found!.id;
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('demo cancels a 銀行振込 order from my-page: cancelled with its reason, stock and points back; a receipt downloads as a PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const list = (await (await request.get('/v1/products?page=1', { headers: apiHeaders })).json()) as Array<{
    id: number;
    key: string;
    is_stock_available: boolean;
    product_price_with_tax: number;
  }>;
  // A product with a countable stock (2..98 left), so the cancellation's return can be seen.
  let product: (typeof list)[number] | undefined;
  let stockBefore = 0;
  for (const p of list.filter((p) => p.is_stock_available)) {
    const left = await probeStock(request, p.id);
    if (left != null && left >= 2) {
      product = p;
      stockBefore = left;
      break;
    }
  }
  expect(product, 'an in-stock product with fewer than 99 left').toBeTruthy();
  const pointsBefore = await demoBalance(request);
  expect(pointsBefore).toBeGreaterThanOrEqual(100);

  // The order: one of the product, 銀行振込, 100 points.
  await addFromProductPage(page, product!.key);
  await checkoutToPayment(page);
  const bank = page.getByRole('radio', { name: /銀行振込/ });
  await bank.check();
  await action(page, '確認画面へ').click();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  const usePoint = page.getByLabel('ご利用ポイント');
  await hydrated(page, usePoint);
  await usePoint.fill('100');
  await page.getByRole('button', { name: 'ポイントを利用する' }).click();
  await expect(page.getByRole('main').getByRole('region', { name: 'ご請求金額' })).toContainText('-¥100');
  await page.getByRole('button', { name: '注文を確定する' }).click();
  await expect(page).toHaveURL(/\/cart\/complete\/\?order_no=/);
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  expect(await stockLeft(request, product!.id)).toBe(stockBefore - 1);
  expect(await demoBalance(request)).not.toBe(pointsBefore);

  // The points it earns are pending (付与予定) until the payment is confirmed: listed on ポイント with why.
  await page.goto('/mypage/point/');
  const pending = page.getByRole('main').getByRole('region', { name: '付与予定ポイント' });
  await expect(pending).toContainText(`ご注文番号：${orderNo}`);
  await expect(pending).toContainText('お支払い確認後に付与されます');

  // The detail: 「注文をキャンセルする」 with a reason and a confirmation step.
  const id = await orderIdOf(request, orderNo);
  await page.goto(`/mypage/order_history/${id}/`);
  const main = page.getByRole('main');
  await expect(main).toContainText(orderNo);
  await expect(main.getByRole('region', { name: 'ご請求金額' })).toContainText('獲得予定ポイント');
  await expect(main).toContainText('お支払い確認後に付与されます');
  const section = main.getByRole('region', { name: '注文をキャンセルする' });
  const reason = section.getByLabel('キャンセル理由');
  await hydrated(page, reason);
  expect(await axeProblems(page, 'order detail')).toEqual([]);
  // Empty: the field says why, nothing is sent.
  await section.getByRole('button', { name: 'キャンセル内容を確認する' }).click();
  await expect(section.getByText('キャンセル理由は必須項目です')).toBeVisible();
  await expect(reason).toBeFocused();
  await reason.fill('お届け日に受け取れなくなったため');
  await section.getByRole('button', { name: 'キャンセル内容を確認する' }).click();
  await expect(section).toContainText(`ご注文番号 ${orderNo} をキャンセルします。よろしいですか？`);
  expect(await axeProblems(page, 'cancel confirmation')).toEqual([]);
  const [put] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/me/orders/${id}/cancel`),
    section.getByRole('button', { name: 'キャンセルを確定する' }).click(),
  ]);
  expect(put.status()).toBe(200);
  await expect(main.getByRole('status').filter({ hasText: 'ご注文をキャンセルしました。' })).toBeVisible();
  await expect(main).toContainText('キャンセル理由：お届け日に受け取れなくなったため');
  await expect(main.locator('.order-meta')).toContainText('キャンセル');
  await expect(main.getByRole('region', { name: '注文をキャンセルする' })).toHaveCount(0);
  await expect(main.getByRole('region', { name: '領収書' })).toHaveCount(0);
  // A reload shows the same (the server's state, not only the screen's).
  await page.reload();
  await expect(main).toContainText('キャンセル理由：お届け日に受け取れなくなったため');

  // The history lists it cancelled.
  await page.goto('/mypage/order_history/');
  await expect(main.getByRole('row').filter({ hasText: orderNo })).toContainText('キャンセル');

  // Stock and points are back.
  expect(await stockLeft(request, product!.id)).toBe(stockBefore);
  expect(await demoBalance(request)).toBe(pointsBefore);

  // Another order (placed through the API, 代引) and its receipt.
  const token = await demoToken(request);
  const auth = { ...apiHeaders, Authorization: `Bearer ${token}` };
  const { token: cart } = await (await request.post('/v1/carts/init', { headers: apiHeaders, data: {} })).json();
  expect(
    (
      await request.patch('/v1/carts/products/add', { headers: auth, data: { token: cart, product_id: product!.id, quantity: 1 } })
    ).status(),
  ).toBe(200);
  const address = (await (await request.get('/v1/me/user-addresses', { headers: auth })).json())[0].id;
  expect(
    (await request.patch('/v1/carts/shippings/add', { headers: auth, data: { token: cart, user_address_id: address } })).status(),
  ).toBe(200);
  const payments = (await (await request.get('/v1/payments', { headers: apiHeaders })).json()) as { id: number; code: string }[];
  expect(
    (
      await request.patch('/v1/carts/order/modify', {
        headers: auth,
        data: { token: cart, payment_id: payments.find((p) => p.code === 'cod')!.id },
      })
    ).status(),
  ).toBe(200);
  const decided = await request.post(`/v1/carts/${cart}/decision`, { headers: auth, data: {} });
  expect(decided.status(), await decided.text()).toBe(200);
  const second = (await decided.json()).order_id as number;

  await page.goto(`/mypage/order_history/${second}/`);
  const receipt = main.getByRole('region', { name: '領収書' });
  const name = receipt.getByLabel('宛名');
  await hydrated(page, name);
  await name.fill('山田 太郎');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('button', { name: '領収書をダウンロード' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-.+\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  await expect(receipt.getByRole('status')).toContainText('領収書をダウンロードしました。');
  expect(await axeProblems(page, 'receipt form')).toEqual([]);
});
