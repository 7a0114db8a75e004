/**
 * Password and username reminders (issue 6, spec 4 "Reminder") in a real browser against the real
 * shop, with the real mail: the request screen, the mailed link, the security question (demo's is
 * question 1, answer ポチ), the reset that logs the member in, and the same confirmation for an
 * address nobody registered. demo's password is set back through /mypage/password/ at the end,
 * because the other tests log in as demo.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const demo = { username: 'demo', email: 'demo@example.jp', password: 'demo-pass-2026', answer: 'ポチ' };
const temporaryPassword = 'reminder-pass-2026';
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };
const PASSWORD_SENT = 'ご登録のメールアドレス宛にパスワード再設定のご案内をお送りしました。';
const USERNAME_SENT = 'ご登録のメールアドレス宛にログインIDのご案内をお送りしました。';

/** Waits until the island holding `label`'s control has hydrated (Astro drops `ssr` then). */
async function hydratedField(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(page.locator('astro-island[ssr]', { has: field })).toHaveCount(0);
  return field;
}

/** Asks for a reminder on the request screen and checks the confirmation; answers the time it was sent. */
async function requestReminder(page: Page, path: string, email: string, confirmation: string): Promise<number> {
  await page.goto(path);
  const field = await hydratedField(page, 'メールアドレス');
  await field.fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByRole('status').filter({ hasText: confirmation })).toBeVisible();
  return since;
}

/** The API login of a member (200) or its refusal. */
async function apiLogin(request: APIRequestContext, username: string, password: string) {
  return request.post('/v1/auth/login', { headers: apiHeaders, data: { username, password } });
}

/** If a run stopped between the reset and the change back, demo's password is set back through the API. */
async function restoreDemoPassword(request: APIRequestContext): Promise<void> {
  const res = await apiLogin(request, demo.username, temporaryPassword);
  if (res.status() !== 200) return;
  const { access_token: token } = (await res.json()) as { access_token: string };
  const put = await request.put('/v1/me/password', {
    headers: { ...apiHeaders, Authorization: `Bearer ${token}` },
    data: { current_password: temporaryPassword, password: demo.password },
  });
  expect(put.status(), 'demo password restored').toBe(204);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('password reminder: mail, security question, a wrong answer refused, the right one logs in; then the password is set back', async ({
  page,
  request,
}) => {
  try {
    const since = await requestReminder(page, '/reminder/', demo.email, PASSWORD_SENT);
    await expect(page.getByRole('heading', { level: 1, name: 'パスワードをお忘れの方' })).toBeVisible();
    const a11y = await axeProblems(page, '/reminder/ sent');

    const mail = await waitForMail((m) => m.to.includes(demo.email) && m.text.includes('/reminder/reset/'), { since });
    const link = linkIn(mail, '/reminder/reset/');
    await page.goto(link);
    await expect(page.getByText('初めて飼ったペットの名前は？')).toBeVisible();
    const answer = await hydratedField(page, '秘密の質問の答え');

    // Client side first: the confirmation must match (spec 5 message with the field name).
    await answer.fill('タマ');
    await page.getByLabel('パスワード', { exact: true }).fill(temporaryPassword);
    // Submitted from the keyboard: leaving the field shows its message, which moves the button down
    // between a mouse's press and release.
    await page.getByLabel('パスワード（確認）', { exact: true }).fill('something-else-1');
    await page.getByLabel('パスワード（確認）', { exact: true }).press('Enter');
    await expect(page.getByText('パスワード（確認）が一致しません')).toBeVisible();
    await expect(page.getByLabel('パスワード（確認）', { exact: true })).toBeFocused();
    a11y.push(...(await axeProblems(page, '/reminder/reset/ with errors')));

    // A wrong answer: the API's 422 under the answer, focused; still on the reset screen.
    await page.getByLabel('パスワード（確認）', { exact: true }).fill(temporaryPassword);
    await page.getByLabel('パスワード（確認）', { exact: true }).press('Enter');
    await expect(answer).toHaveAttribute('aria-invalid', 'true');
    await expect(answer).toBeFocused();
    await expect(page).toHaveURL(/\/reminder\/reset\/\?token=/);

    // The right answer logs in and lands on the member top with the notice.
    await answer.fill(demo.answer);
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await expect(page).toHaveURL(/\/mypage\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'パスワードを再設定しました' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name === 'access_token')).toBe(true);

    // The old password no longer works; the new one does.
    expect((await apiLogin(request, demo.username, demo.password)).status()).toBe(422);

    // Back to demo's password through the password change screen, reached from the member top.
    await page
      .getByRole('link', { name: /パスワード変更/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/mypage\/password\/$/);
    const current = await hydratedField(page, '現在のパスワード');
    await current.fill('not-my-password-1');
    await page.getByLabel('新しいパスワード', { exact: true }).fill(demo.password);
    await page.getByLabel('新しいパスワード（確認）', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();
    a11y.push(...(await axeProblems(page, '/mypage/password/ with errors')));

    await current.fill(temporaryPassword);
    await page.getByRole('button', { name: '変更する' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'パスワードを変更しました' })).toBeVisible();
    expect((await apiLogin(request, demo.username, demo.password)).status()).toBe(200);

    // The link is spent: a visitor opening it again gets the API's message and the way back.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByRole('link', { name: 'パスワード再設定のご案内をもう一度受け取る' }).click();
    await expect(page).toHaveURL(/\/reminder\/$/);
    expect(a11y).toEqual([]);
  } finally {
    await restoreDemoPassword(request);
  }
});

test('an address nobody registered gets the same confirmation, and no mail is sent', async ({ page }) => {
  const nobody = `nobody-${Date.now()}@example.jp`;
  const since = await requestReminder(page, '/reminder/', nobody, PASSWORD_SENT);
  await expect(waitForMail((m) => m.to.includes(nobody), { since, timeoutMs: 3000 })).rejects.toThrow();
});

test('the reminder screens check their fields with the spec 5 messages', async ({ page }) => {
  await page.goto('/reminder/');
  const field = await hydratedField(page, 'メールアドレス');
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText('メールアドレスは必須項目です')).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill('not-an-address');
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText('メールアドレスは有効なメールアドレスではありません')).toBeVisible();

  // A reset link without a valid token shows why and the way back.
  await page.goto('/reminder/reset/?token=not-a-real-token');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'パスワード再設定のご案内をもう一度受け取る' })).toHaveAttribute('href', '/reminder/');
  await page.goto('/reminder/username/reset/');
  await expect(page.getByRole('alert')).toContainText('URLが正しくありません');
  await expect(page.getByRole('link', { name: 'ログインIDのご案内をもう一度受け取る' })).toHaveAttribute('href', '/reminder/username/');
});

test('username reminder: the mailed link and the security question show 「demo」 and log in', async ({ page }) => {
  const since = await requestReminder(page, '/reminder/username/', demo.email, USERNAME_SENT);
  await expect(page.getByRole('heading', { level: 1, name: 'ログインIDをお忘れの方' })).toBeVisible();
  const mail = await waitForMail((m) => m.to.includes(demo.email) && m.text.includes('/reminder/username/reset/'), { since });
  await page.goto(linkIn(mail, '/reminder/username/reset/'));
  await expect(page.getByText('初めて飼ったペットの名前は？')).toBeVisible();
  const answer = await hydratedField(page, '秘密の質問の答え');
  await answer.fill(demo.answer);
  await page.getByRole('button', { name: 'ログインIDを確認する' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('ログインIDは demo です');
  const a11y = await axeProblems(page, '/reminder/username/reset/ done');
  expect((await page.context().cookies()).some((c) => c.name === 'access_token')).toBe(true);

  await page.getByRole('link', { name: 'マイページへ' }).click();
  await expect(page).toHaveURL(/\/mypage\/$/);
  await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toBeVisible();
  expect(a11y).toEqual([]);
});
