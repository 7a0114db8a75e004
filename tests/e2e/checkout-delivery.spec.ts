/**
 * Issue 8 "Done means": two delivery addresses with different delivery dates and のし, in a real
 * browser through to the order, with the totals shown (ラッピング・のし and carriage per shipment)
 * and each shipment listed in the confirmation mail. Run with E2E_PORT=4421.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { emptyCart } from './support/cart.ts';
import { waitForMail } from './support/mailbox.ts';

const demo = { username: 'demo', password: 'demo-pass-2026', email: 'demo@example.jp' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };
type Item = { id: number; key: string; name: string; is_stock_available: boolean };

async function inStock(request: APIRequestContext): Promise<Item[]> {
  const res = await request.get('/v1/products?page=1', { headers: apiHeaders });
  expect(res.status()).toBe(200);
  return ((await res.json()) as Item[]).filter((p) => p.is_stock_available);
}

function action(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }));
}
/** Waits until the island holding `target` has hydrated (Astro drops the `ssr` attribute then). */
async function hydrated(page: Page, target: Locator): Promise<void> {
  await expect(page.locator('astro-island[ssr]', { has: target })).toHaveCount(0);
}

async function login(page: Page): Promise<void> {
  await page.goto('/login/');
  await page.getByLabel('ログインID').fill(demo.username);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/ec\/$/);
}

async function add(page: Page, product: Item, quantity: number): Promise<void> {
  await page.goto(`/product/${product.key}/`);
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await page.getByLabel('数量').selectOption(String(quantity));
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('two addresses with different delivery dates and のし, through to the order, with the totals shown', async ({ page, request }) => {
  const [a, b] = await inStock(request);
  const since = Date.now();
  await login(page);
  await emptyCart(page, request);
  await add(page, a, 2);
  await add(page, b, 1);

  await page.goto('/cart/shipping-select/');
  await page.getByRole('button', { name: '複数のお届け先に送る' }).click();
  await expect(page.getByRole('checkbox', { name: /自宅/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /実家/ }).check();
  // One of the two 「a」 goes to 実家, the other stays with 「b」 at 自宅.
  await page.getByLabel(`${a.name}を自宅へ（点）`).fill('1');
  await page.getByLabel(`${a.name}を実家へ（点）`).fill('1');
  await page.getByRole('button', { name: '次へ' }).click();

  await expect(page).toHaveURL(/\/cart\/shipping-detail\/$/);
  const date1 = page.getByLabel('お届け先1のお届け希望日');
  const date2 = page.getByLabel('お届け先2のお届け希望日');
  await expect(date1.locator('option')).not.toHaveCount(1);
  // The first choosable date for 自宅, the fourth for 実家.
  const d1 = await date1.locator('option').nth(1).getAttribute('value');
  const d2 = await date2.locator('option').nth(4).getAttribute('value');
  await date1.selectOption(d1!);
  await page.getByLabel('お届け先1のお届け時間帯').selectOption({ label: '午前中' });
  await page.getByLabel('お届け先1のラッピング').selectOption('gift');
  await page.getByLabel('お届け先1ののし（+¥110）').selectOption('御祝');
  await page.getByLabel('お届け先1ののしの名入れ（20文字以内）').fill('山田');
  await date2.selectOption(d2!);
  await page.getByLabel('お届け先2のお届け時間帯').selectOption({ label: '14時〜16時' });
  await page.getByLabel('お届け先2ののし（+¥110）').selectOption('内祝');
  await page.getByLabel('備考（500文字以内）').fill('午前中は不在がちです。');
  await page.getByRole('button', { name: '次へ' }).click();

  await expect(page).toHaveURL(/\/cart\/payment\/$/);
  // 銀行振込 (no fee) chosen on the payment screen itself.
  const bank = page.getByRole('radio', { name: /銀行振込/ });
  await hydrated(page, bank);
  await bank.check();
  await action(page, '確認画面へ').click();

  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  const jp = (ymd: string) => ymd.replaceAll('-', '.');
  const first = page.getByRole('region', { name: 'お届け先1' });
  const second = page.getByRole('region', { name: 'お届け先2' });
  await expect(first).toContainText('東京都渋谷区');
  await expect(first).toContainText(`${jp(d1!)}（`);
  await expect(first).toContainText('午前中');
  await expect(first).toContainText('ギフトラッピング（¥330）');
  await expect(first).toContainText('御祝（名入れ：山田）（¥110）');
  await expect(second).toContainText('京都府京都市下京区');
  await expect(second).toContainText(`${jp(d2!)}（`);
  await expect(second).toContainText('14時〜16時');
  await expect(second).toContainText('内祝（¥110）');
  await expect(second).toContainText(a.name);
  const main = page.getByRole('main');
  await expect(main).toContainText('午前中は不在がちです。');
  // Wrapping 330 + のし 110 × 2.
  await expect(page.getByRole('region', { name: 'ご請求金額' })).toContainText('ラッピング・のし¥550');

  const [decision] = await Promise.all([
    page.waitForResponse((r) => /\/v1\/carts\/[^/]+\/decision$/.test(new URL(r.url()).pathname)),
    page.getByRole('button', { name: '注文を確定する' }).click(),
  ]);
  expect(decision.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
  const mail = await waitForMail((m) => m.to.includes(demo.email) && m.text.includes('■ お届け先（2件）'), { since });
  expect(mail.text).toContain('のし：御祝（名入れ：山田）');
  expect(mail.text).toContain('のし：内祝');
  expect(mail.text).toContain('ラッピング・のし：¥550（税込）');

  // The my-page order detail shows both shipments as decided, with the 備考.
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  await page.goto('/mypage/order_history/');
  await page.getByRole('link', { name: orderNo, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'お届け先', exact: true })).toBeVisible();
  const mine1 = page.getByRole('region', { name: 'お届け先1' });
  const mine2 = page.getByRole('region', { name: 'お届け先2' });
  await expect(mine1).toContainText('東京都渋谷区');
  await expect(mine1).toContainText(`${jp(d1!)}（`);
  await expect(mine1).toContainText('御祝（名入れ：山田）（¥110）');
  await expect(mine2).toContainText('京都府京都市下京区');
  await expect(mine2).toContainText('14時〜16時');
  await expect(mine2).toContainText(`${a.name} × 1点`);
  await expect(page.getByRole('main')).toContainText('午前中は不在がちです。');
});
