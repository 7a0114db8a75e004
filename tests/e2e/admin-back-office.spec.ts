/**
 * The back office's own screens in a real browser: a staff member logs in with the keyboard and lands
 * on the day's dashboard (each section, rows linked to their order and product screens); the admin
 * adds a staff account, disables and enables it through its confirmation, the new person logs in,
 * and the admin finds those changes in the audit log; a staff member opening the audit log gets the
 * 403 page. axe on every screen. (The rules behind each list and change: tests/api/admin-dashboard,
 * admin-staff and admin-audit.)
 */
import { expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { ADMIN, STAFF } from './support/editor.ts';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Logs in with the keyboard only: the fields are reached by Tab and the form sent with Enter. */
async function logInByKeyboard(page: Page, who: { login: string; password: string }) {
  await page.goto('/admin/login/');
  await page.getByLabel('ログインID').focus();
  await page.keyboard.type(who.login);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('パスワード')).toBeFocused();
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
}

async function logIn(page: Page, who: { login: string; password: string }) {
  await page.goto('/admin/login/');
  await page.getByLabel('ログインID').fill(who.login);
  await page.getByLabel('パスワード').fill(who.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
}

test("staff land on the day's dashboard by keyboard; the audit log is not theirs", async ({ page }) => {
  await logInByKeyboard(page, STAFF);
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  expect(page.url()).toMatch(/\/admin\/$/);
  for (const section of [/^本日の出荷/, /^入金待ち/, /^キャンセル/, /^決済の問題/, /^在庫切れ/, /^送信に失敗しているメール/]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  // The seeded shop's work: orders to ship and payments awaited, each row linked to its order screen.
  const toShip = page.getByRole('table', { name: /本日出荷する注文/ });
  await expect(toShip.getByRole('link').first()).toHaveAttribute('href', /^\/admin\/orders\/\d+\/$/);
  await expect(
    page
      .getByRole('table', { name: /未入金/ })
      .getByText('（期限切れ）')
      .first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /在庫切れの公開商品/ })
      .getByRole('link')
      .first(),
  ).toHaveAttribute('href', /^\/admin\/products\/\d+\/$/);
  await expect(page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '監査ログ' })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  const res = await page.goto('/admin/audit/');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: '権限がありません' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});

test('the admin adds a staff account, who logs in; the audit log shows it', async ({ page, browser }) => {
  const login = `clerk-${Date.now().toString(36)}`;
  const password = 'clerk-initial-2026';
  await logIn(page, ADMIN);
  await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: 'スタッフ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'スタッフ' })).toBeVisible();
  await expect(page.getByRole('table', { name: /管理画面のアカウント/ }).getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  await page.getByRole('link', { name: 'スタッフを追加' }).click();
  await page.getByLabel('ログインID').fill(login);
  await page.getByLabel('氏名').fill('鈴木 店員');
  await page.getByLabel('権限').selectOption({ label: 'スタッフ' });
  // Too short first: the message sits by the field, what was typed stays.
  await page.getByLabel('初期パスワード').fill('short');
  await page.getByRole('button', { name: '作成する' }).click();
  await expect(page.getByLabel('初期パスワード')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('パスワードは12文字以上でなければなりません')).toBeVisible();
  await expect(page.getByLabel('ログインID')).toHaveValue(login);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('初期パスワード').fill(password);
  await page.getByRole('button', { name: '作成する' }).click();
  await expect(page.getByRole('status')).toHaveText('アカウントを作成しました。');
  await expect(page.getByRole('heading', { level: 1, name: `鈴木 店員（${login}）` })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  // Disabling asks first; the confirmation is keyboard-ready.
  await page.getByRole('button', { name: 'アカウントを無効にする' }).click();
  const confirm = page.getByRole('region', { name: 'このアカウントを無効にしますか' });
  await expect(confirm).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await expect(confirm.getByRole('button', { name: '確定する' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('アカウントを無効にしました。ログイン中のセッションは終了しました。');
  await page.getByRole('button', { name: 'アカウントを有効にする' }).click();
  await expect(page.getByRole('status')).toHaveText('アカウントを有効にしました。');

  // The new person logs in from their own browser and lands on the dashboard.
  const other = await browser.newContext();
  try {
    await logIn(await other.newPage(), { login, password });
  } finally {
    await other.close();
  }

  await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '監査ログ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
  await page.getByLabel('操作').selectOption({ label: 'スタッフ（すべて）' });
  await page.getByRole('button', { name: '絞り込む' }).click();
  const log = page.getByRole('table', { name: /監査ログ/ });
  for (const action of ['スタッフ作成', 'スタッフ無効化', 'スタッフ有効化']) {
    await expect(log.getByRole('row').filter({ hasText: action }).filter({ hasText: 'admin（管理者）' }).first()).toBeVisible();
  }
  await expect(log.getByRole('row').filter({ hasText: 'スタッフ作成' }).first()).toContainText(`login：（なし） → ${login}`);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('操作').selectOption({ label: 'ログイン' });
  await page.getByLabel('担当者のログインID').fill(login);
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(log.getByRole('row').filter({ hasText: `${login}（スタッフ）` })).toHaveCount(1);
});
