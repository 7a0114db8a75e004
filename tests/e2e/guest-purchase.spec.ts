/**
 * Issue 6, the guest purchase (非会員購入) in a real browser against the real shop, with the mail
 * received by the SMTP capture: from the login screen during checkout 「会員登録せずに購入する」, the
 * buyer and a delivery address with postal-code autofill, a delivery time, 代金引換, the order confirmation mail to the
 * guest's address, then 「この内容で会員登録する」 turns the guest into a member who finds the order in
 * the history.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { waitForMail } from './support/mailbox.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

async function inStockProduct(request: APIRequestContext): Promise<{ key: string; name: string }> {
  const res = await request.get('/v1/products?page=1', { headers: apiHeaders });
  const list = (await res.json()) as Array<{ key: string; name: string; is_stock_available: boolean; tax_rate: number }>;
  const product = list.find((p) => p.is_stock_available && p.tax_rate === 10);
  expect(product, 'an in-stock product').toBeTruthy();
  return product!;
}

/** Waits until the island owning `target` has hydrated. */
async function hydrated(page: Page, target: Locator): Promise<void> {
  await expect(page.locator('astro-island[ssr]', { has: target })).toHaveCount(0);
  await expect(target).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a guest buys without registering, gets the order mail, and then becomes a member with the same details', async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36);
  const email = `guest-${run}@example.jp`;
  const username = `guest${run}`;
  const product = await inStockProduct(request);
  const started = Date.now();
  const a11y: string[] = [];

  await page.goto(`/product/${product.key}/`);
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toBeVisible();

  await page.goto('/cart/');
  const checkout = page
    .getByRole('link', { name: 'ご購入手続きへ', exact: true })
    .or(page.getByRole('button', { name: 'ご購入手続きへ', exact: true }));
  await hydrated(page, checkout);
  await checkout.click();
  await expect(page).toHaveURL(/\/login\/\?.*redirect=/);
  const asGuest = page.getByRole('button', { name: '会員登録せずに購入する' });
  await hydrated(page, asGuest);
  await asGuest.click();

  await expect(page).toHaveURL(/\/cart\/shipping-add\/$/);
  await hydrated(page, page.getByLabel('メールアドレス'));
  // Errors first: an empty form names each field.
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByText('メールアドレスは必須項目です')).toBeVisible();
  await expect(page.getByText('セイは必須項目です')).toBeVisible();

  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('姓', { exact: true }).fill('鈴木');
  await page.getByLabel('名', { exact: true }).fill('一郎');
  await page.getByLabel('セイ', { exact: true }).fill('スズキ');
  await page.getByLabel('メイ', { exact: true }).fill('イチロウ');
  await page.getByLabel('電話番号').fill('0312345678');
  await page.getByLabel('郵便番号').fill('100-0001');
  // Autofill: 東京都 千代田区 千代田 (the street number stays the shopper's).
  await expect(page.getByLabel('都道府県')).toHaveValue('東京都');
  await expect(page.getByLabel('市区町村')).toHaveValue('千代田区');
  await expect(page.getByLabel('番地')).toHaveValue('千代田');
  await page.getByLabel('番地').fill('千代田1-1');
  a11y.push(...(await axeProblems(page, '/cart/shipping-add/')));
  await page.getByRole('button', { name: '次へ' }).click();

  // The guest too passes the delivery date, wrapping and のし step; a time of day is chosen.
  await expect(page).toHaveURL(/\/cart\/shipping-detail\/$/);
  const time = page.getByLabel('お届け先のお届け時間帯');
  await hydrated(page, time);
  await time.selectOption({ label: '午前中' });
  a11y.push(...(await axeProblems(page, '/cart/shipping-detail/')));
  await page.getByRole('button', { name: '次へ' }).click();

  await expect(page).toHaveURL(/\/cart\/payment\/$/);
  await hydrated(page, page.getByRole('radio', { name: /代金引換/ }));
  await page.getByRole('radio', { name: /代金引換/ }).check();
  await page.getByRole('button', { name: '確認画面へ' }).click();

  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  await expect(page.getByRole('main')).toContainText('東京都千代田区千代田1-1');
  await expect(page.getByRole('main')).toContainText('鈴木 一郎');
  await expect(page.getByRole('main')).toContainText('指定なし 午前中');
  const decide = page.getByRole('button', { name: '注文を確定する' });
  await hydrated(page, decide);
  await decide.click();

  await expect(page).toHaveURL(/\/cart\/complete\//);
  await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
  const orderNo = /ご注文番号[：:]\s*([A-Za-z0-9-]+)/.exec(
    (await page
      .getByRole('main')
      .getByText(/ご注文番号/)
      .textContent()) ?? '',
  )?.[1];
  expect(orderNo, 'an order number on the thanks page').toBeTruthy();
  // The header still shows a guest: no member session was created.
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();

  const mail = await waitForMail((m) => m.to.includes(email) && m.text.includes(orderNo!), { since: started });
  expect(mail.subject).toContain('ご注文');
  expect(mail.text).toContain('鈴木');

  // 「この内容で会員登録する」
  const convert = page.getByRole('region', { name: 'この内容で会員登録する' });
  await convert.getByLabel('ログインID').fill(username);
  await convert.getByLabel('パスワード', { exact: true }).fill('guest-pass-2026');
  await convert.getByLabel('パスワード（確認）').fill('guest-pass-2026');
  await convert.getByLabel('秘密の質問', { exact: true }).selectOption('4');
  await convert.getByLabel('秘密の質問の答え').fill('カレー');
  a11y.push(...(await axeProblems(page, '/cart/complete/')));
  await convert.getByRole('button', { name: 'この内容で会員登録する' }).click();
  await expect(page.getByRole('heading', { name: '会員登録が完了しました' })).toBeVisible();

  // A member now: the order is in their history, and they can log in again with the new ID.
  await page.goto('/mypage/order_history/');
  await expect(page.getByRole('main').getByText(orderNo!).first()).toBeVisible();
  await page.context().clearCookies();
  await page.goto('/login/');
  await hydrated(page, page.getByLabel('ログインID'));
  await page.getByLabel('ログインID').fill(username);
  await page.getByLabel('パスワード').fill('guest-pass-2026');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/ec\/$/);
  expect(a11y, a11y.join('\n')).toEqual([]);
});
