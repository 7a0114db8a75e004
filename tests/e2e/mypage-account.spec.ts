/**
 * The member's account screens (issue 6) in a real browser against the real shop: the login history
 * lists the logins just made, and withdrawal (退会) of a member registered for this test: the wrong
 * password is refused, the right one logs the visitor out to the completion page and the account can
 * no longer log in.
 */
import { expect, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { loginInBrowser, registerThrowaway } from './support/member.ts';

const demo = { username: 'demo', password: 'demo-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

/** Today in Japan time as the screens show it (YYYY.MM.DD). */
function todayInJapan(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  return parts.replaceAll('-', '.');
}

/**
 * A throwaway member through the API (POST /v1/users). When the shop asks new members to verify the
 * address first, the mailed link's token is checked through the API too.
 */
test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('login history lists the logins just made: date and time in Japan time, IP, browser, 成功/失敗', async ({ page, request }) => {
  // One refused attempt, then the login in the browser.
  const refused = await request.post('/v1/auth/login', {
    headers: apiHeaders,
    data: { username: demo.username, password: 'wrong-password-1' },
  });
  expect(refused.status()).toBe(422);
  await loginInBrowser(page, demo.username, demo.password);

  await page
    .getByRole('link', { name: /ログイン履歴/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/mypage\/login_history\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ログイン履歴' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['日時', 'IPアドレス', 'ブラウザ', '結果']);

  // Newest first: the browser login, then the refused attempt.
  const rows = table.locator('tbody tr');
  const first = rows.nth(0);
  await expect(first.locator('th')).toHaveText(new RegExp(`^${todayInJapan().replaceAll('.', '\\.')} \\d{1,2}:\\d{2}$`));
  await expect(first.locator('td').nth(1)).toHaveText('Chrome（Linux）');
  await expect(first.locator('td').nth(2)).toHaveText('成功');
  await expect(first.locator('td').nth(0)).not.toHaveText('');
  await expect(rows.nth(1).locator('td').nth(2)).toHaveText('失敗');
  expect(await axeProblems(page, '/mypage/login_history/')).toEqual([]);
});

test('withdrawal: a wrong password is refused, the right one logs out to the completion page and the account is gone', async ({
  page,
  request,
}) => {
  const member = await registerThrowaway(request);
  await loginInBrowser(page, member.username, member.password);

  // Reachable from the member top in one step.
  await page.getByRole('link', { name: /^退会/ }).first().click();
  await expect(page).toHaveURL(/\/mypage\/leave\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '退会' })).toBeVisible();
  await expect(page.getByText('ご注文の記録は、会計上の記録として個人を特定できない形で保管されます。', { exact: false })).toBeVisible();
  const a11y = await axeProblems(page, '/mypage/leave/');

  await page.getByRole('button', { name: '退会手続きへ進む' }).click();
  await expect(page.getByRole('heading', { name: '退会の確認' })).toBeFocused();
  const password = page.getByLabel('パスワード', { exact: true });

  await page.getByRole('button', { name: '退会する' }).click();
  await expect(page.getByText('パスワードは必須項目です')).toBeVisible();
  await expect(password).toBeFocused();

  await password.fill('not-the-password-1');
  await page.getByRole('button', { name: '退会する' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  a11y.push(...(await axeProblems(page, '/mypage/leave/ wrong password')));
  // Still a member: the token was put back and the member top still opens.
  expect((await page.context().cookies()).some((c) => c.name === 'access_token')).toBe(true);

  await password.fill(member.password);
  await page.getByRole('button', { name: '退会する' }).click();
  await expect(page).toHaveURL(/\/mypage\/leave\/complete\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '退会手続きが完了しました' })).toBeVisible();
  const cookies = (await page.context().cookies()).map((c) => c.name);
  expect(cookies).not.toContain('access_token');
  expect(cookies).not.toContain('cartToken');
  a11y.push(...(await axeProblems(page, '/mypage/leave/complete/')));

  // The member area now sends the visitor to the login screen, and the account cannot log in.
  await page.goto('/mypage/');
  await expect(page).toHaveURL(/\/login\//);
  const login = await request.post('/v1/auth/login', {
    headers: apiHeaders,
    data: { username: member.username, password: member.password },
  });
  expect(login.status()).toBe(422);
  expect(a11y).toEqual([]);
});

test('the my-page hub reaches every my-page screen in one step, and each opens for the member', async ({ page }) => {
  await loginInBrowser(page, 'demo', 'demo-pass-2026');
  await page.goto('/mypage/');
  const hub = page.getByRole('main');
  const screens: Array<[string, RegExp]> = [
    ['会員情報', /\/mypage\/user_info\/$/],
    ['注文履歴', /\/mypage\/order_history\/$/],
    ['お届け先', /\/mypage\/address\/$/],
    ['クレジットカード', /\/mypage\/card\/$/],
    ['ポイント', /\/mypage\/point\/$/],
    ['お気に入り・リスト', /\/mypage\/list\/$/],
    ['ブックマーク', /\/mypage\/bookmark\/$/],
    ['閲覧履歴', /\/mypage\/product_history\/$/],
    ['検索履歴', /\/mypage\/product_search_history\/$/],
    ['再入荷のお知らせ', /\/mypage\/product_request_history\/$/],
    ['記念日', /\/mypage\/memorial\/$/],
    ['名入れ刺繍', /\/mypage\/name-embroidery\/$/],
    ['メッセージ', /\/mypage\/message-center\/$/],
    ['採寸', /\/mypage\/measurement\/$/],
    ['パスワード変更', /\/mypage\/password\/$/],
    ['ログイン履歴', /\/mypage\/login_history\/$/],
    ['ログアウト', /\/mypage\/logout\/$/],
    ['退会', /\/mypage\/leave\/$/],
  ];
  const hrefs: string[] = [];
  for (const [label, path] of screens) {
    const link = hub.getByRole('link', { name: new RegExp(`^${label}`) }).first();
    const href = await link.getAttribute('href');
    expect(href, label).toMatch(path);
    hrefs.push(href!);
  }
  // Each answers 200 for the member (the logout screen last: it ends the session).
  for (const href of hrefs) expect((await page.request.get(href)).status(), href).toBe(200);
});
