/**
 * Issue 8: a social gift sent by one browser and received in another, and a catalogue order, in a
 * real browser against the real shop (run with E2E_PORT=4451). The sender never sees the receiver's
 * address; a used link shows a Japanese notice.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const demo = { username: 'demo', password: 'demo-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

type Item = { id: number; key: string; name: string; is_stock_available: boolean };

async function inStock(request: APIRequestContext): Promise<Item[]> {
  const res = await request.get('/v1/products?page=1', { headers: apiHeaders });
  expect(res.status()).toBe(200);
  return ((await res.json()) as Item[]).filter((p) => p.is_stock_available);
}

async function login(page: Page): Promise<void> {
  await page.goto('/login/');
  await page.getByLabel('ログインID').fill(demo.username);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/ec\/$/);
}

async function hydrated(page: Page, selector: ReturnType<Page['getByRole']>): Promise<void> {
  await expect(page.locator('astro-island[ssr]', { has: selector })).toHaveCount(0);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('a gift bought with 「ソーシャルギフトで贈る」 is received in another browser; the link then shows a notice', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const since = Date.now();
  const [product] = await inStock(request);

  // ---- the sender (this browser)
  await login(page);
  await page.goto(`/product/${product.key}/`);
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'カートに入れる' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toBeVisible();

  await page.goto('/cart/shipping-select/');
  const giftSwitch = page.getByRole('checkbox', { name: 'ソーシャルギフトで贈る' });
  await hydrated(page, giftSwitch);
  await giftSwitch.check();
  await page.getByLabel('贈り主のお名前（任意）').fill('山田 花子');
  await page.getByLabel(/メッセージ（任意/).fill('お誕生日おめでとう！');
  const a11y = await axeProblems(page, '/cart/shipping-select/ (gift)');
  await page.getByRole('button', { name: 'ソーシャルギフトで次へ' }).click();

  // No shipment to date or wrap: the gift goes straight to the payment step, and skips the delivery
  // date step even when sent there.
  await expect(page).toHaveURL(/\/cart\/payment\/$/);
  await page.goto('/cart/shipping-detail/');
  await expect(page).toHaveURL(/\/cart\/payment\/$/);
  // The methods offered for a gift (no 代金引換), and 銀行振込 chosen on the screen itself.
  const bank = page.getByRole('radio', { name: /銀行振込/ });
  await hydrated(page, bank);
  await expect(bank).toBeVisible();
  await expect(page.getByRole('radio', { name: /代金引換/ })).toHaveCount(0);
  // Back leads to the gift's own step.
  await expect(page.getByRole('link', { name: 'お届け先の選択に戻る' })).toHaveAttribute('href', '/cart/shipping-select/');
  await bank.check();
  await page.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page).toHaveURL(/\/cart\/confirm\/$/);
  await expect(page.getByRole('main')).toContainText('ソーシャルギフト');
  await expect(page.getByRole('main')).toContainText('贈り主：山田 花子');
  const decide = page.getByRole('button', { name: '注文を確定する' });
  await hydrated(page, decide);
  await decide.click();

  await expect(page).toHaveURL(/\/cart\/complete\//);
  await expect(page.getByRole('heading', { name: 'ご注文ありがとうございました' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ソーシャルギフトのお受け取りURL' })).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'お受け取りURL' }).inputValue();
  expect(link).toMatch(/\/social-gift\/[\w-]{43}\/$/);
  const orderNo = /ご注文番号[：:]\s*([A-Za-z0-9-]+)/.exec((await page.getByText(/ご注文番号/).textContent()) ?? '')?.[1];
  // The same link reaches the sender by mail.
  const mail = await waitForMail((m) => m.subject.includes('ソーシャルギフトのお受け取りURL'), { since });
  expect(linkIn(mail, '/social-gift/')).toBe(link);

  // ---- the receiver (another browser: no cookies, no storage of the sender)
  const receiver = await browser.newContext({ baseURL });
  const gift = await receiver.newPage();
  await gift.goto(link);
  await expect(gift.getByRole('heading', { name: '山田 花子さまからギフトが届いています' })).toBeVisible();
  await expect(gift.getByText('お誕生日おめでとう！')).toBeVisible();
  await expect(gift.getByText(product.name).first()).toBeVisible();
  await expect(gift.getByRole('main')).not.toContainText('¥');
  a11y.push(...(await axeProblems(gift, '/social-gift/{key}/')));
  await gift.getByRole('link', { name: 'お届け先を入力する' }).click();

  await expect(gift).toHaveURL(/\/shipping\/$/);
  await expect(gift.getByRole('heading', { name: 'お届け先の入力' })).toBeVisible();
  // A wrong kana is refused in Japanese under its field.
  await gift.getByRole('textbox', { name: '姓', exact: true }).fill('佐藤');
  await gift.getByRole('textbox', { name: '名', exact: true }).fill('一郎');
  await gift.getByRole('textbox', { name: 'セイ', exact: true }).fill('さとう');
  await gift.getByRole('textbox', { name: 'メイ', exact: true }).fill('イチロウ');
  await gift.getByRole('textbox', { name: '電話番号', exact: true }).fill('09011112222');
  await gift.getByRole('textbox', { name: '郵便番号', exact: true }).fill('150-0001');
  // Postal-code autofill: prefecture, city and town.
  await expect(gift.getByRole('combobox', { name: '都道府県' })).toHaveValue('東京都');
  await expect(gift.getByRole('textbox', { name: '市区町村', exact: true })).toHaveValue('渋谷区');
  await gift.getByRole('textbox', { name: '番地', exact: true }).fill('神宮前9-8-7');
  await gift.getByRole('button', { name: '次へ' }).click();
  await expect(gift.getByText('セイは全角カタカナで入力してください')).toBeVisible();
  a11y.push(...(await axeProblems(gift, '/social-gift/{key}/shipping/')));
  await gift.getByRole('textbox', { name: 'セイ', exact: true }).fill('サトウ');
  await gift.getByRole('button', { name: '次へ' }).click();

  await expect(gift).toHaveURL(/\/delivery\/$/);
  const date = gift.getByLabel('お届け希望日');
  await expect(date.locator('option')).not.toHaveCount(1);
  const dates = await date.locator('option').allTextContents();
  await date.selectOption({ index: 3 });
  await gift.getByLabel('お届け時間帯').selectOption({ index: 1 });
  await gift.getByRole('button', { name: '次へ' }).click();

  await expect(gift).toHaveURL(/\/confirm\/$/);
  await expect(gift.getByRole('main')).toContainText('佐藤 一郎');
  await expect(gift.getByRole('main')).toContainText('〒150-0001 東京都渋谷区神宮前9-8-7');
  await expect(gift.getByRole('main')).toContainText(dates[3]);
  a11y.push(...(await axeProblems(gift, '/social-gift/{key}/confirm/')));
  await gift.getByRole('button', { name: 'この内容で確定する' }).click();

  await expect(gift).toHaveURL(/\/complete\/$/);
  await expect(gift.getByRole('heading', { name: 'お届け先の入力が完了しました' })).toBeVisible();
  await expect(gift.getByRole('main')).toContainText(dates[3]);

  // The used link now shows a clear Japanese notice, in any browser.
  await gift.goto(link);
  await expect(gift.getByRole('heading', { name: 'このギフトはお受け取り手続き済みです' })).toBeVisible();
  await expect(gift.getByRole('alert')).toContainText('お受け取りの手続きが完了しています');
  a11y.push(...(await axeProblems(gift, 'used link')));
  await receiver.close();

  // ---- the sender sees the status, never the address
  await page.goto('/mypage/order_history/');
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(orderNo!) })
    .first()
    .click();
  await expect(page.getByRole('main')).toContainText('お届け先入力済み');
  await expect(page.getByRole('main')).not.toContainText('佐藤');
  await expect(page.getByRole('main')).not.toContainText('神宮前9-8-7');
  expect(a11y).toEqual([]);
});

test('a shopper orders a paper catalogue from /catalog-order/', async ({ page }) => {
  const since = Date.now();
  await page.goto('/catalog-order/');
  const submit = page.getByRole('button', { name: 'カタログを請求する' });
  await hydrated(page, submit);
  await page.getByLabel('ご希望のカタログ').selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'お名前', exact: true }).fill('鈴木 次郎');
  await page.getByRole('textbox', { name: 'フリガナ', exact: true }).fill('スズキ ジロウ');
  await page.getByRole('textbox', { name: '郵便番号', exact: true }).fill('530-0001');
  await expect(page.getByRole('combobox', { name: '都道府県' })).toHaveValue('大阪府');
  await page.getByRole('textbox', { name: '番地', exact: true }).fill('梅田1-2-3');
  await page.getByRole('textbox', { name: '電話番号', exact: true }).fill('0612345678');
  await page.getByRole('textbox', { name: 'メールアドレス', exact: true }).fill('not-an-address');
  await submit.click();
  await expect(page.getByText('メールアドレスは有効なメールアドレスではありません')).toBeVisible();
  await page.getByRole('textbox', { name: 'メールアドレス', exact: true }).fill('catalog-e2e@example.jp');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'カタログのご請求を承りました' })).toBeVisible();
  expect(await axeProblems(page, '/catalog-order/')).toEqual([]);
  const ack = await waitForMail((m) => m.to.includes('catalog-e2e@example.jp'), { since });
  expect(ack.subject).toContain('カタログのご請求を承りました');
  expect(ack.text).toContain('大阪府大阪市北区梅田1-2-3');
});
