/**
 * Account screens (issue 6, spec 2 and 4) in a real browser against the real shop and its real mail:
 * registration (per-field errors, the API's duplicate ログインID on its field, an address already
 * registered answered like a new one) → the verification mail
 * → its link → verified and logged in → logout → login with the new account → logout; the code-step
 * login of demo-mfa (a wrong code first); lockout after six wrong passwords → the unlock mail →
 * /login/unlock/ → login works; the channel-sync login of demo. Every run registers its own members
 * (unique login IDs and addresses); demo's password is never touched.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };
const demo = { username: 'demo', password: 'demo-pass-2026' };
const demoMfa = { username: 'demo-mfa', email: 'demo-mfa@example.jp', password: 'demo-pass-2026' };
const password = 'e2e-pass-2026';

/** A login ID and e-mail address nobody has used (half-width letters and digits). */
function uniqueMember(prefix: string) {
  const id = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: id, email: `${id}@example.jp` };
}

/** Waits until the island holding `target` has hydrated (Astro drops `ssr` then). */
async function hydrated(page: Page, target: Locator): Promise<Locator> {
  await expect(target.first()).toBeVisible();
  await expect(page.locator('astro-island[ssr]', { has: target })).toHaveCount(0);
  return target;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Logs in on the login screen (or /login_sync/) and waits for the member top. */
async function loginThroughScreen(page: Page, path: string, username: string, pass: string) {
  await page.goto(path);
  await hydrated(page, field(page, 'ログインID'));
  await field(page, 'ログインID').fill(username);
  await field(page, 'パスワード').fill(pass);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Logs out from the my-page menu and waits for the top page. */
async function logoutFromMypage(page: Page) {
  const button = page.getByRole('button', { name: 'ログアウト' });
  await hydrated(page, button);
  await button.click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
}

/** Fills the registration form for `member` (the optional address with postal autofill when asked). */
async function fillRegistration(page: Page, member: { username: string; email: string }, opts: { address?: boolean } = {}) {
  await field(page, '姓').fill('山田');
  await field(page, '名').fill('花子');
  await field(page, 'セイ').fill('ヤマダ');
  await field(page, 'メイ').fill('ハナコ');
  await field(page, 'メールアドレス').fill(member.email);
  await field(page, 'ログインID').fill(member.username);
  await field(page, 'パスワード').fill(password);
  await field(page, '携帯電話番号').fill('09012345678');
  await page.getByRole('radio', { name: '受け取らない' }).check();
  await page.getByRole('radio', { name: '回答しない' }).check();
  await field(page, '秘密の質問').selectOption({ label: '好きな食べ物は？' });
  await field(page, '秘密の質問の答え').fill('カレー');
  if (opts.address) {
    await page.getByRole('checkbox', { name: '住所を登録する' }).check();
    await field(page, '郵便番号').fill('100-0001');
    // Postal autofill: prefecture, city and town; the street number stays the shopper's.
    await expect(field(page, '市区町村')).toHaveValue('千代田区');
    await expect(field(page, '都道府県')).toHaveValue('東京都');
    await expect(field(page, '番地')).toHaveValue('千代田');
    await field(page, '番地').fill('千代田1-1');
  }
}

/** Registers a member through the API and verifies the address through the mailed link's token. */
async function registerVerifiedMember(request: APIRequestContext, member: { username: string; email: string }) {
  const since = Date.now();
  const res = await request.post('/v1/users', {
    headers: apiHeaders,
    data: {
      username: member.username,
      password,
      email: member.email,
      last_name: '鈴木',
      first_name: '一郎',
      last_name_kana: 'スズキ',
      first_name_kana: 'イチロウ',
      cell_phone_number: '09011112222',
      newsletter: 0,
      security_question_ct: 1,
      security_answer: 'ポチ',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (((await res.json()) as { is_registered_member: boolean }).is_registered_member) return;
  const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes('/verify/email'), { since });
  const token = new URL(linkIn(mail, '/verify/email')).searchParams.get('token');
  const check = await request.post('/v1/email-verify/check', { headers: apiHeaders, data: { token } });
  expect(check.status(), await check.text()).toBe(200);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('register → verification mail → verified → logout → login with the new account → logout', async ({ page }) => {
  const member = uniqueMember('e2ereg');
  await page.goto('/register/');
  await expect(page).toHaveTitle(/会員登録/);
  await expect(page.getByRole('heading', { level: 1, name: '会員登録' })).toBeVisible();
  const submit = page.getByRole('button', { name: '会員登録', exact: true });
  await hydrated(page, submit);

  // An empty form: the spec-5 messages on the fields, focus on the first.
  await submit.click();
  await expect(field(page, '姓')).toBeFocused();
  await expect(field(page, '姓')).toHaveAttribute('aria-invalid', 'true');
  for (const message of [
    '姓は必須項目です',
    'セイは必須項目です',
    'メールアドレスは必須項目です',
    'ログインIDは必須項目です',
    'パスワードは必須項目です',
    '秘密の質問は必須項目です',
  ]) {
    await expect(page.getByText(message, { exact: true }), message).toBeVisible();
  }
  await expect(page.getByText('いずれかは必須項目です', { exact: true })).toHaveCount(2);
  const a11y = await axeProblems(page, '/register/ errors');

  await fillRegistration(page, member, { address: true });
  const since = Date.now();
  await submit.click();

  await expect(page).toHaveURL(/\/register\/complete\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '会員登録が完了しました' })).toBeVisible();
  await expect(page.getByText('確認メールを送信しました', { exact: false })).toBeVisible();
  const resend = page.getByRole('button', { name: '確認メールを再送する' });
  await hydrated(page, resend);
  a11y.push(...(await axeProblems(page, '/register/complete/')));
  // Not logged in until the address is verified (spec 4): the member top sends the visitor to login.
  const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes('/verify/email'), { since });
  expect(mail.subject).toContain('メールアドレスのご確認');

  await page.goto(linkIn(mail, '/verify/email'));
  await expect(page.getByText('メールアドレスの確認が完了しました')).toBeVisible();
  a11y.push(...(await axeProblems(page, '/verify/email/')));
  await page.getByRole('main').getByRole('link', { name: 'マイページ' }).click();
  await expect(page).toHaveURL(/\/mypage\/$/);
  await logoutFromMypage(page);

  await loginThroughScreen(page, '/login/', member.username, password);
  await expect(page).toHaveURL(/\/ec\/$/);
  await logoutFromMypage(page);

  // The link is single-use: opening it again shows the API's message and the way to a new mail.
  await page.goto(linkIn(mail, '/verify/email'));
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toHaveText('');
  expect(a11y, a11y.join('\n')).toEqual([]);
});

test('registration with an address already registered shows the same 確認メール step; the owner is mailed the way to the reminder', async ({
  page,
  request,
}) => {
  const owner = uniqueMember('e2eown');
  await registerVerifiedMember(request, owner);
  await page.goto('/register/');
  await hydrated(page, page.getByRole('button', { name: '会員登録', exact: true }));
  await fillRegistration(page, { username: uniqueMember('e2eprb').username, email: owner.email });
  const since = Date.now();
  await page.getByRole('button', { name: '会員登録', exact: true }).click();
  // Nothing on the screen tells the address is a member's: the step a new address gets.
  await expect(page).toHaveURL(/\/register\/complete\/$/);
  await expect(page.getByText('確認メールを送信しました', { exact: false })).toBeVisible();
  await expect(page.getByText('このメールアドレスは既に登録されています')).toHaveCount(0);
  const mail = await waitForMail((m) => m.to.includes(owner.email) && m.text.includes('既に会員登録されています'), { since });
  // Opened from the mail (a new tab: the pending registration of this tab is not there), the
  // reminder screen is the one a guest gets.
  const fromMail = await page.context().newPage();
  await fromMail.goto(linkIn(mail, '/reminder/'));
  await expect(fromMail.getByRole('heading', { level: 1 })).toContainText('パスワードをお忘れの方');
  await hydrated(fromMail, fromMail.getByLabel('メールアドレス'));
  await expect(fromMail).toHaveURL(/\/reminder\/$/);
});

test("registration: a login ID already taken is the API's 422 on ログインID, with focus there", async ({ page, request }) => {
  const taken = uniqueMember('e2edup');
  await registerVerifiedMember(request, taken);
  await page.goto('/register/');
  await hydrated(page, page.getByRole('button', { name: '会員登録', exact: true }));
  await fillRegistration(page, { username: taken.username, email: uniqueMember('e2eother').email });
  await page.getByRole('button', { name: '会員登録', exact: true }).click();
  await expect(page.getByText('このログインIDは既に使用されています')).toBeVisible();
  await expect(field(page, 'ログインID')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'ログインID')).toBeFocused();
  await expect(page).toHaveURL(/\/register\/$/);
});

test('code-step login of demo-mfa: the mailed code, a wrong code refused first', async ({ page }) => {
  const since = Date.now();
  await loginThroughScreen(page, '/login/', demoMfa.username, demoMfa.password);
  const code = field(page, '認証コード');
  await expect(code).toBeVisible();
  const a11y = await axeProblems(page, '/login/ code step');
  const mail = await waitForMail((m) => m.to.includes(demoMfa.email) && /認証コード：\d{6}/.test(m.text), { since });
  const sent = /認証コード：(\d{6})/.exec(mail.text)![1];
  const wrong = sent === '000000' ? '111111' : '000000';

  await code.fill(wrong);
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page.getByText('認証コードが正しくありません。')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/$/);

  await code.fill(sent);
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page).toHaveURL(/\/ec\/$/);
  await logoutFromMypage(page);
  expect(a11y, a11y.join('\n')).toEqual([]);
});

test("lockout: six wrong passwords lock the account, the unlock mail's link unlocks it, then login works", async ({ page, request }) => {
  const member = uniqueMember('e2elock');
  await registerVerifiedMember(request, member);
  await page.goto('/login/');
  await hydrated(page, field(page, 'ログインID'));
  const since = Date.now();
  for (let i = 1; i <= 6; i += 1) {
    await field(page, 'ログインID').fill(member.username);
    await field(page, 'パスワード').fill(`wrong-pass-${i}`);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/auth/login');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    expect((await answer).status()).toBe(422);
  }
  await expect(page.getByRole('alert')).toContainText('ロック');
  // Locked: even the right password is refused now.
  await field(page, 'パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('ロック');

  const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes('/login/unlock'), { since });
  await page.goto(linkIn(mail, '/login/unlock'));
  await expect(page.getByRole('heading', { level: 1, name: 'アカウントのロック解除' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'ロックを解除しました' })).toBeVisible();
  const a11y = await axeProblems(page, '/login/unlock/');
  await page.getByRole('link', { name: 'ログイン画面へ' }).click();
  await expect(page).toHaveURL(/\/login\/$/);

  await loginThroughScreen(page, '/login/', member.username, password);
  await expect(page).toHaveURL(/\/ec\/$/);
  await logoutFromMypage(page);

  // The link was spent: a second visit shows the API's message.
  await page.goto(linkIn(mail, '/login/unlock'));
  await expect(page.getByRole('alert')).toContainText('無効');
  expect(a11y, a11y.join('\n')).toEqual([]);
});

test('/login_sync/ logs demo in with the channel-sync login and shows the member as logged in', async ({ page }) => {
  await page.goto('/login_sync/');
  await hydrated(page, field(page, 'ログインID'));
  const a11y = await axeProblems(page, '/login_sync/');
  const call = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/auth/login-sync-channel');
  await field(page, 'ログインID').fill(demo.username);
  await field(page, 'パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  expect((await call).status()).toBe(200);
  await expect(page).toHaveURL(/\/ec\/$/);
  await expect(page.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  // The sync flag is part of the auth state for this tab.
  expect(await page.evaluate(() => sessionStorage.getItem('shop:auth-extras'))).toContain('"isSyncUserChannel":true');
  // A member on a guest-only screen goes on to /ec/ (spec 2).
  await page.goto('/register/');
  await expect(page).toHaveURL(/\/ec\/$/);
  await logoutFromMypage(page);
  expect(a11y, a11y.join('\n')).toEqual([]);
});

test('an unverified member who logs in is not logged in and goes to /verify/, which resends the mail', async ({ page, request }) => {
  const member = uniqueMember('e2epend');
  const res = await request.post('/v1/users', {
    headers: apiHeaders,
    data: {
      username: member.username,
      password,
      email: member.email,
      last_name: '佐藤',
      first_name: '次郎',
      last_name_kana: 'サトウ',
      first_name_kana: 'ジロウ',
      phone_number: '0312345678',
      newsletter: 1,
      security_question_ct: 2,
      security_answer: 'タナカ',
    },
  });
  expect(res.status()).toBe(201);
  expect(((await res.json()) as { is_registered_member: boolean }).is_registered_member).toBe(false);

  await loginThroughScreen(page, '/login/', member.username, password);
  await expect(page).toHaveURL(/\/verify\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'メールアドレスの確認' })).toBeVisible();
  // Not a login (spec 4): no access token cookie, and the member top sends the visitor to login.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('access_token');
  const since = Date.now();
  const resend = page.getByRole('button', { name: '確認メールを再送する' });
  await hydrated(page, resend);
  await resend.click();
  await expect(page.getByRole('status').filter({ hasText: /送信|再送/ })).toBeVisible();
  const a11y = await axeProblems(page, '/verify/');
  const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes('/verify/email'), { since });
  // A guest-only screen sends the pending member back to /verify/ (spec 2).
  await page.goto('/register/');
  await expect(page).toHaveURL(/\/verify\/$/);

  await page.goto(linkIn(mail, '/verify/email'));
  await expect(page.getByText('メールアドレスの確認が完了しました')).toBeVisible();
  await page.goto('/mypage/');
  await logoutFromMypage(page);
  expect(a11y, a11y.join('\n')).toEqual([]);
});

test('the login screen links to registration and both reminders', async ({ page }) => {
  await page.goto('/login/');
  await hydrated(page, field(page, 'ログインID'));
  await expect(page.getByRole('link', { name: '新規会員登録' })).toHaveAttribute('href', '/register/');
  await expect(page.getByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute('href', '/reminder/');
  await expect(page.getByRole('link', { name: 'ログインIDをお忘れの方' })).toHaveAttribute('href', '/reminder/username/');
});
