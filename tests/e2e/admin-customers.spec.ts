/**
 * The staff's customer screens (/admin/customers/, /admin/customers/{id}/) in a real browser, as the
 * development staff member: the demo member found by kana and opened; +100 points adjusted with the
 * keyboard only, through the confirmation step, and the member's own points (GET /v1/me/points,
 * /v1/me/point-histories) show them; a member locked by wrong passwords through the API is unlocked
 * on the screen and logs in. axe on each screen and panel. The demo member's balance is put back
 * after the test (other specs read it).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { accountHeaders, logInToBackOffice, STAFF } from './support/editor.ts';
import { apiHeaders, apiToken, authHeaders, registerThrowaway } from './support/member.ts';

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

const logIn = (page: Page) => logInToBackOffice(page);

const myPoints = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/v1/me/points', { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { point_balance: number }).point_balance;
};

test('staff find the demo member by kana and add 100 points with the keyboard, confirming first; the member sees them', async ({
  page,
  request,
}) => {
  const demo = await apiToken(request, 'demo', 'demo-pass-2026');
  const before = await myPoints(request, demo);
  let demoId = 0;
  try {
    await logIn(page);
    await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '会員管理' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '会員管理' })).toBeVisible();
    await page.getByLabel('キーワード').fill('やまだ たろう');
    await page.getByRole('button', { name: '検索する' }).click();
    const results = page.getByRole('table', { name: /^会員 \d+ 件/ });
    const row = results.getByRole('row').filter({ hasText: 'demo@example.jp' });
    await expect(row).toContainText('ヤマダ タロウ');
    await expect(row).toContainText(`${before.toLocaleString('ja-JP')} ポイント`);
    expect(await axeProblems(page, 'customer search')).toEqual([]);

    await row.getByRole('link', { name: '山田 太郎' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '会員詳細：山田 太郎' })).toBeVisible();
    demoId = Number(new URL(page.url()).pathname.split('/')[3]);
    const profile = page.getByRole('region', { name: '会員情報' });
    await expect(profile).toContainText('設定済み（答えは表示しません）');
    await expect(page.getByRole('button', { name: 'ロックを解除する' })).toHaveCount(0);
    expect(await page.content()).not.toMatch(/scrypt\$|password_hash|security_answer/);
    expect(await axeProblems(page, 'customer detail')).toEqual([]);

    // Keyboard only: into the amount, type, Tab to the reason, type, Tab to the button, Enter.
    await page.getByLabel('調整ポイント').focus();
    await page.keyboard.type('100');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('調整理由')).toBeFocused();
    await page.keyboard.type('ブラウザテストの付与');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: '確認する' })).toBeFocused();
    await page.keyboard.press('Enter');

    const confirm = page.getByRole('region', { name: 'ポイント調整の確認' });
    await expect(confirm).toContainText('100 ポイントを加算します。よろしいですか？');
    await expect(confirm.getByRole('button', { name: '確定する' })).toBeFocused();
    expect(await myPoints(request, demo)).toBe(before); // nothing yet
    expect(await axeProblems(page, 'adjustment confirmation')).toEqual([]);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('status')).toHaveText('100 ポイントを加算しました。');
    const ledger = page.getByRole('table', { name: /^ポイント履歴/ });
    await expect(ledger.getByRole('row').nth(1)).toContainText('ポイント調整（ブラウザテストの付与）');
    await expect(ledger.getByRole('row').nth(1)).toContainText('+100');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axeProblems(page, 'customer detail at phone width')).toEqual([]);

    expect(await myPoints(request, demo)).toBe(before + 100);
    const history = (await (await request.get('/v1/me/point-histories', { headers: authHeaders(demo) })).json()) as Array<{
      amount: number;
      reason: string;
    }>;
    expect(history[0]).toMatchObject({ amount: 100, reason: 'ポイント調整（ブラウザテストの付与）' });
  } finally {
    if (demoId && (await myPoints(request, demo)) > before) {
      const res = await request.post(`/admin/v1/customers/${demoId}/points`, {
        headers: await accountHeaders(request, STAFF),
        data: { amount: -100, reason: 'ブラウザテストの後片付け', request_key: `e2e-cleanup-${Date.now()}` },
      });
      expect(res.status()).toBe(200);
    }
  }
});

test('a member locked by wrong passwords is unlocked on the screen, after a confirmation, and logs in', async ({ page, request }) => {
  const member = await registerThrowaway(request, 'locked');
  for (let i = 0; i < 5; i++) {
    await request.post('/v1/auth/login', { headers: apiHeaders, data: { username: member.username, password: 'wrong-pass-2026' } });
  }
  const refused = await request.post('/v1/auth/login', {
    headers: apiHeaders,
    data: { username: member.username, password: member.password },
  });
  expect((await refused.json()).code).toBe('auth.locked');

  await logIn(page);
  await page.goto(`/admin/customers/?q=${member.username}`);
  await page.getByRole('link', { name: '会員 花子' }).click();
  await expect(page.getByRole('region', { name: '会員情報' })).toContainText('ロック中（');
  await page.getByRole('button', { name: 'ロックを解除する' }).click();
  const confirm = page.getByRole('region', { name: 'ロック解除の確認' });
  await expect(confirm).toContainText('この会員のロックを解除します。よろしいですか？');
  expect(await axeProblems(page, 'unlock confirmation')).toEqual([]);
  await confirm.getByRole('button', { name: '確定する' }).click();

  await expect(page.getByRole('status')).toHaveText('ロックを解除しました。会員はすぐにログインできます。');
  await expect(page.getByRole('button', { name: 'ロックを解除する' })).toHaveCount(0);
  const login = await request.post('/v1/auth/login', {
    headers: apiHeaders,
    data: { username: member.username, password: member.password },
  });
  expect(login.status()).toBe(200);
});
