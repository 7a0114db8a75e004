/**
 * The contact form (issue 11) in a real browser against the real shop and its mail: the three steps
 * (/contact/ → /contact/confirm/ → /contact/complete/) with an error shown and fixed, 「修正する」
 * returning to the filled form, the acknowledgement mail with the inquiry number, the business fields
 * of a 法人 category, the steps refusing to open without data, axe on every step, and a send made with
 * the keyboard only.
 */
import { expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { waitForMail } from './support/mailbox.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A unique address per run and test, so the per-address send limit never carries over. */
const address = (what: string) => `contact-${what}-${Date.now().toString(36)}@example.jp`;

/** Opens /contact/ and waits for the island to hydrate. */
async function openForm(page: Page) {
  await page.goto('/contact/');
  const category = page.getByLabel(/^お問い合わせ種別/);
  await expect(page.locator('astro-island[ssr]', { has: category })).toHaveCount(0);
  await expect(category).toBeEnabled();
  return category;
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('three steps: an error shown and fixed, 修正する keeps the values, the number on complete and in the mail; axe on every step', async ({
  page,
}) => {
  const category = await openForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
  expect(await axeProblems(page, '/contact/')).toEqual([]);

  // Empty: every required field says so, the summary is announced, the first field gets focus.
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByText('入力内容に誤りがあります（5件）')).toBeVisible();
  await expect(page.getByText('お名前は必須項目です')).toBeVisible();
  await expect(page.getByText('お問い合わせ内容は必須項目です')).toBeVisible();
  await expect(category).toBeFocused();
  expect(await axeProblems(page, '/contact/ (errors)')).toEqual([]);

  const email = address('steps');
  await category.selectOption({ label: '商品について' });
  await page.getByLabel(/^お名前/).fill('山田 花子');
  await page.getByLabel(/^フリガナ/).fill('やまだ はなこ');
  await page.getByLabel(/^メールアドレス/).fill(email);
  await page.getByLabel(/^電話番号/).fill('03-1234-5678');
  await page.getByLabel(/^お問い合わせ内容/).fill('Mサイズの着丈を教えてください。\n身長160cmです。');
  // An attachment: HTML named .png is refused by its bytes, a real PNG is kept.
  const attachment = page.getByLabel(/^添付ファイル/);
  await attachment.setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await expect(page.getByText('ファイルはJPEG・PNG・GIF・WebPの画像またはPDFを選択してください。')).toBeVisible();
  await expect(attachment).toHaveAttribute('aria-invalid', 'true');
  await attachment.setInputFiles({ name: '着丈.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('着丈.png')).toBeVisible();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  const kana = page.getByLabel(/^フリガナ/);
  await expect(page.getByText('フリガナは全角カタカナで入力してください')).toBeVisible();
  await expect(kana).toBeFocused();
  await expect(kana).toHaveAttribute('aria-invalid', 'true');
  await kana.fill('ヤマダ ハナコ');
  await expect(page.getByText('フリガナは全角カタカナで入力してください')).toHaveCount(0);
  await page.getByRole('button', { name: '入力内容を確認する' }).click();

  await expect(page).toHaveURL(/\/contact\/confirm\/$/);
  await expect(page.getByRole('heading', { name: '入力内容の確認' })).toBeVisible();
  const list = page.locator('.confirm-list');
  await expect(list).toContainText('商品について');
  await expect(list).toContainText('ヤマダ ハナコ');
  await expect(list).toContainText(email);
  await expect(list).toContainText('身長160cmです。');
  await expect(list).toContainText('着丈.png');
  expect(await axeProblems(page, '/contact/confirm/')).toEqual([]);

  // 修正する: back to the form with everything kept.
  await page.getByRole('link', { name: '修正する' }).click();
  await expect(page).toHaveURL(/\/contact\/$/);
  await expect(page.getByLabel(/^お名前/)).toHaveValue('山田 花子');
  await page.getByLabel(/^お名前/).fill('山田 花子（修正）');
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page).toHaveURL(/\/contact\/confirm\/$/);
  await expect(page.locator('.confirm-list')).toContainText('山田 花子（修正）');

  const since = Date.now();
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page).toHaveURL(/\/contact\/complete\/$/);
  const number = (await page.locator('.inquiry-number').textContent())!;
  expect(number).toMatch(/^Q\d{6}$/);
  await expect(page.getByRole('status').filter({ hasText: 'お問い合わせいただき、誠にありがとうございます。' })).toBeVisible();
  expect(await axeProblems(page, '/contact/complete/')).toEqual([]);

  const ack = await waitForMail((m) => m.to.includes(email), { since });
  expect(ack.subject).toContain(number);
  expect(ack.text).toContain('山田 花子（修正） 様');
  expect(ack.text).toContain('Mサイズの着丈を教えてください。');
  const link = /添付ファイル：(\S+)/.exec(ack.text)![1];
  const served = await page.request.get(new URL(link).pathname);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  // The data is gone once sent: the later steps send the visitor back to the form.
  await page.goto('/contact/complete/');
  await expect(page).toHaveURL(/\/contact\/$/);
  await page.goto('/contact/confirm/');
  await expect(page).toHaveURL(/\/contact\/$/);
  await expect(page.getByLabel(/^お名前/)).toHaveValue('');
});

test('a 法人 category shows the business fields, checks them and carries them to the confirm step', async ({ page }) => {
  const category = await openForm(page);
  await expect(page.getByRole('group', { name: '法人のお客様の情報' })).toHaveCount(0);
  await category.selectOption({ label: '卸売・お取引のご相談' });
  const business = page.getByRole('group', { name: '法人のお客様の情報' });
  await expect(business).toBeVisible();
  expect(await axeProblems(page, '/contact/ (business)')).toEqual([]);

  await page.getByLabel(/^お名前/).fill('佐藤 一郎');
  await page.getByLabel(/^フリガナ/).fill('サトウ イチロウ');
  await page.getByLabel(/^メールアドレス/).fill(address('biz'));
  await page.getByLabel(/^お問い合わせ内容/).fill('御社商品の卸取引について相談したく存じます。');
  await page.getByLabel(/^ホームページURL/).fill('hiyori.example.jp');
  await page.getByLabel(/^従業員数/).fill('二十五');
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByText('会社名は必須項目です')).toBeVisible();
  await expect(page.getByText('ホームページURLの形式が正しくありません')).toBeVisible();
  await expect(page.getByText('従業員数は数字のみ使用できます')).toBeVisible();
  await expect(page.getByLabel(/^会社名/)).toBeFocused();

  await page.getByLabel(/^会社名/).fill('株式会社ひより商店');
  await page.getByLabel(/^ホームページURL/).fill('https://hiyori.example.jp/');
  await page.getByLabel(/^従業員数/).fill('25');
  await business.getByRole('radio', { name: '店舗直送' }).check();
  await business.getByRole('radio', { name: '請求書後払い' }).check();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page).toHaveURL(/\/contact\/confirm\/$/);
  const list = page.locator('.confirm-list');
  await expect(list).toContainText('卸売・お取引のご相談');
  await expect(list).toContainText('株式会社ひより商店');
  await expect(list).toContainText('店舗直送');
  await expect(list).toContainText('請求書後払い');
  await expect(list).toContainText('https://hiyori.example.jp/');

  // An ordinary category hides them again.
  await page.getByRole('link', { name: '修正する' }).click();
  await (await openForm(page)).selectOption({ label: 'その他' });
  await expect(page.getByRole('group', { name: '法人のお客様の情報' })).toHaveCount(0);
});

test('the steps without data go back to /contact/', async ({ page }) => {
  await page.goto('/contact/confirm/');
  await expect(page).toHaveURL(/\/contact\/$/);
  await page.goto('/contact/complete/');
  await expect(page).toHaveURL(/\/contact\/$/);
});

test('keyboard only: fill, confirm and send without the mouse', async ({ page }) => {
  const category = await openForm(page);
  await page.locator('body').focus();
  // Tab from the top of the page to the category select.
  for (let i = 0; i < 80 && !(await category.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(category).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(category).not.toHaveValue('');
  const email = address('keys');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^お名前/)).toBeFocused();
  await page.keyboard.type('鈴木 次郎');
  await page.keyboard.press('Tab');
  await page.keyboard.type('スズキ ジロウ');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^電話番号/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^お問い合わせ内容/)).toBeFocused();
  await page.keyboard.type('キーボードだけで送信しています。');
  // Then the attachment, then the button (the honeypot is out of the tab order).
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^添付ファイル/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '入力内容を確認する' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact\/confirm\/$/);
  await expect(page.getByRole('heading', { name: '入力内容の確認' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '修正する' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '送信する' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact\/complete\/$/);
  await expect(page.locator('.inquiry-number')).toHaveText(/^Q\d{6}$/);
});
