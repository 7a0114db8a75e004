/**
 * 会員情報, ログアウト and クレジットカード (issue 9) in a real browser against the real shop, each with
 * a member registered for the test: the user-info edit round trip (a wrong password refused, a field
 * changed and shown, changed back), logout's done screen, and saved cards: add through the test
 * provider's script (the card number never reaches the shop's origin), make main, delete after the
 * confirmation, the x-limit maximum hiding the add link. axe on every screen.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { type Member, registerThrowaway } from './support/member.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

/** Every request the page sends to the shop's own origin, with its body. */
function recordShopRequests(page: Page, baseURL: string): string[] {
  const seen: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on('request', (r) => {
    if (new URL(r.url()).origin === origin) seen.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`);
  });
  return seen;
}

/** Logs in on the login screen and waits for the member top. */
async function loginInBrowser(page: Page, m: Member): Promise<void> {
  await page.goto('/login/?redirect=%2Fmypage%2F');
  const field = page.getByLabel('ログインID');
  await expect(page.locator('astro-island[ssr]', { has: field })).toHaveCount(0);
  await field.fill(m.username);
  await page.getByLabel('パスワード', { exact: true }).fill(m.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/$/);
  await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('会員情報: shown, edited (wrong password refused, kana checked), shown changed, changed back', async ({ page, request }) => {
  const m = await registerThrowaway(request, 'uinfo');
  await loginInBrowser(page, m);

  await page.goto('/mypage/user_info/');
  await expect(page.getByRole('heading', { level: 1, name: '会員情報' })).toBeVisible();
  const info = page.locator('dl.user-info');
  await expect(info).toContainText(m.username);
  await expect(info).toContainText('会員 花子');
  await expect(info).toContainText('カイイン ハナコ');
  await expect(info).toContainText(m.email);
  expect(await axeProblems(page, 'user_info')).toEqual([]);

  await page.getByRole('link', { name: '会員情報を変更する' }).click();
  await expect(page).toHaveURL(/\/mypage\/user_info\/edit\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '会員情報の変更' })).toBeVisible();
  await expect(page.getByLabel('姓', { exact: true })).toHaveValue('会員');
  expect(await axeProblems(page, 'user_info/edit')).toEqual([]);

  // Spec 5 messages in the browser before any call: katakana, phones, the password.
  await page.getByLabel('セイ', { exact: true }).fill('かいいん');
  await page.getByLabel('電話番号', { exact: true }).fill('03-1234-5678');
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page.getByText('セイは全角カタカナで入力してください')).toBeVisible();
  await expect(page.getByLabel('セイ', { exact: true })).toBeFocused();
  await expect(page.getByText('パスワードは必須項目です')).toBeVisible();
  await page.getByLabel('セイ', { exact: true }).fill('カイイン');
  await page.getByLabel('電話番号', { exact: true }).fill('0312345678');

  // A wrong current password: the API's message under the field, nothing saved.
  await page.getByLabel('職業（任意）').fill('エンジニア');
  await page.getByLabel('現在のパスワード').fill('not-the-password');
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page.getByText('現在のパスワードが正しくありません。')).toBeVisible();
  await expect(page).toHaveURL(/\/mypage\/user_info\/edit\/$/);

  await page.getByLabel('現在のパスワード').fill(m.password);
  await page.getByLabel('連絡先電話番号（任意）').fill('09011112222');
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page).toHaveURL(/\/mypage\/user_info\/$/);
  await expect(page.getByRole('status').filter({ hasText: '会員情報を変更しました' })).toBeVisible();
  await expect(info).toContainText('エンジニア');
  await expect(info).toContainText('09011112222');

  // Back to how it was.
  await page.getByRole('link', { name: '会員情報を変更する' }).click();
  await expect(page.getByLabel('職業（任意）')).toHaveValue('エンジニア');
  await page.getByLabel('職業（任意）').fill('');
  await page.getByLabel('連絡先電話番号（任意）').fill('');
  await page.getByLabel('現在のパスワード').fill(m.password);
  await page.getByRole('button', { name: '変更を保存する' }).click();
  await expect(page).toHaveURL(/\/mypage\/user_info\/$/);
  await expect(page.getByRole('status').filter({ hasText: '会員情報を変更しました' })).toBeVisible();
  await expect(info).not.toContainText('エンジニア');
  await expect(info).not.toContainText('09011112222');
});

test('ログアウト: logs out and shows the done screen with links to the top and the login', async ({ page, request }) => {
  const m = await registerThrowaway(request, 'logout');
  await loginInBrowser(page, m);
  await page.goto('/mypage/logout/');
  await expect(page.getByRole('heading', { name: 'ログアウトしました' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'トップページへ' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', /^\/login\//);
  expect(await axeProblems(page, 'logout')).toEqual([]);
  // The session is over: a member screen sends the visitor to the login.
  await page.goto('/mypage/user_info/');
  await expect(page).toHaveURL(/\/login\//);
});

/** script-src of a page's policy (the header of an on-demand page, or the <meta> of a pre-rendered one). */
async function scriptSrc(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(await res.text())?.[1] ?? '';
  const policies = [res.headers()['content-security-policy'] ?? '', meta].join(', ');
  return /script-src([^;,]*)/.exec(policies)?.[1] ?? '';
}

test("the card add page allows the provider's script origin (and only there); the card list does not", async ({ request }) => {
  const settings = (await (await request.get('/v1/settings/payment-service/card', { headers: apiHeaders })).json()) as {
    provider: { origin: string };
  };
  const add = await scriptSrc(request, '/mypage/card/add/');
  expect(add).toContain("'self'");
  expect(add).toContain(settings.provider.origin);
  expect(add).not.toContain('unsafe-inline');
  const list = await scriptSrc(request, '/mypage/card/');
  expect(list).toContain("'self'");
  expect(list).not.toContain(settings.provider.origin);
});

test('クレジットカード: add through the provider (no card number to the shop), make main, delete after confirming, maximum from x-limit', async ({
  page,
  request,
  baseURL,
}) => {
  const m = await registerThrowaway(request, 'cards');
  await loginInBrowser(page, m);
  const shopRequests = recordShopRequests(page, baseURL!);

  await page.goto('/mypage/card/');
  await expect(page.getByRole('heading', { level: 1, name: 'クレジットカード' })).toBeVisible();
  await expect(page.getByText('登録できるカードは最大5枚です')).toBeVisible();
  await expect(page.getByText('登録されているカードはありません。')).toBeVisible();
  expect(await axeProblems(page, 'card')).toEqual([]);

  const numbers = ['4242424242424242', '4000000000003220'];
  for (const [i, number] of numbers.entries()) {
    await page.getByRole('link', { name: 'カードを登録する' }).click();
    await expect(page).toHaveURL(/\/mypage\/card\/add\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'クレジットカードの登録' })).toBeVisible();
    // The hints of spec 5.
    await expect(page.getByText('半角数字・ハイフンなし（14桁）')).toBeVisible();
    await expect(page.getByText('yyyymm（例：202812）')).toBeVisible();
    await expect(page.getByText('カード裏面の3桁の数字')).toBeVisible();
    if (i === 0) {
      // Checked before the provider is asked.
      await page.getByRole('button', { name: 'このカードを登録する' }).click();
      await expect(page.getByText('カード番号は半角数字14〜16桁で入力してください。')).toBeVisible();
      expect(await axeProblems(page, 'card/add')).toEqual([]);
    }
    await page.getByLabel('カード番号').fill(number);
    await page.getByLabel('カード名義').fill('HANAKO KAIIN');
    await page.getByLabel('有効期限').fill('203012');
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByRole('button', { name: 'このカードを登録する' }).click();
    await expect(page).toHaveURL(/\/mypage\/card\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'カードを登録しました' })).toBeVisible();
  }

  const list = page.getByRole('list', { name: '登録済みのカード' });
  const first = list.getByRole('listitem').filter({ hasText: '4242' });
  const second = list.getByRole('listitem').filter({ hasText: '3220' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('いつものカード', { exact: true })).toHaveCount(1);
  await expect(first.getByText('いつものカード', { exact: true })).toBeVisible();
  await expect(first).toContainText('2030/12');
  expect(await axeProblems(page, 'card list')).toEqual([]);

  // The second becomes main: still exactly one いつものカード.
  await second.getByRole('button', { name: /をいつものカードにする$/ }).click();
  await expect(second.getByText('いつものカード', { exact: true })).toBeVisible();
  await expect(list.getByText('いつものカード', { exact: true })).toHaveCount(1);
  await page.reload();
  await expect(second.getByText('いつものカード', { exact: true })).toBeVisible();
  await expect(list.getByText('いつものカード', { exact: true })).toHaveCount(1);

  // Delete asks first; キャンセル keeps the card.
  await second.getByRole('button', { name: /を削除$/ }).click();
  const confirm = second.getByRole('group', { name: /の削除の確認$/ });
  await expect(confirm).toContainText('削除しますか？');
  await expect(confirm.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  expect(await axeProblems(page, 'card delete confirm')).toEqual([]);
  await confirm.getByRole('button', { name: 'キャンセル' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(second.getByRole('button', { name: /を削除$/ })).toBeFocused();
  await second.getByRole('button', { name: /を削除$/ }).click();
  await second.getByRole('button', { name: '削除する' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // The remaining card is main again.
  await expect(first.getByText('いつものカード', { exact: true })).toBeVisible();

  // The card numbers never reached the shop's origin.
  expect(shopRequests.length).toBeGreaterThan(3);
  for (const r of shopRequests) for (const number of numbers) expect(r).not.toContain(number);

  // At the maximum (x-limit 5) the add link is gone: four more cards saved through the API.
  const session = (await (
    await request.post('/v1/auth/login', { headers: apiHeaders, data: { username: m.username, password: m.password } })
  ).json()) as { access_token: string };
  const settings = (await (await request.get('/v1/settings/payment-service/card', { headers: apiHeaders })).json()) as {
    provider: { origin: string; public_key: string };
  };
  for (let i = 0; i < 4; i++) {
    const tok = await request.post(`${settings.provider.origin}/tokens`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { key: settings.provider.public_key, number: '4242424242424242', expiry: '203112', code: '123', name: 'HANAKO KAIIN' },
    });
    expect(tok.status(), await tok.text()).toBeLessThan(300);
    const saved = await request.post('/v1/me/user-cards', {
      headers: { ...apiHeaders, Authorization: `Bearer ${session.access_token}` },
      data: { token: (await tok.json()).id },
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('登録できる枚数の上限に達しています。', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'カードを登録する' })).toHaveCount(0);
  // Opened directly, the add screen offers no form at the maximum.
  await page.goto('/mypage/card/add/');
  await expect(page.getByText('上限に達しているため、新しいカードは登録できません。', { exact: false })).toBeVisible();
  await expect(page.getByLabel('カード番号')).toHaveCount(0);
  expect(await axeProblems(page, 'card/add at the limit')).toEqual([]);
});
