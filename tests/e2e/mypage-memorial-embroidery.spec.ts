/**
 * 記念日 and 名入れ刺繍 (issue 9) in a real browser against the real shop, as the demo member: a
 * memorial day is added (a day that does not exist is refused first), listed, edited and deleted after
 * the confirmation; the name embroidery is registered and changed with its preview. Each screen is
 * axe-checked (WCAG 2.1 A/AA, serious and critical).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const demo = { username: 'demo', password: 'demo-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

async function loginInBrowser(page: Page): Promise<void> {
  await page.goto('/login/?redirect=%2Fmypage%2F');
  const field = page.getByLabel('ログインID');
  await expect(page.locator('astro-island[ssr]', { has: field })).toHaveCount(0);
  await field.fill(demo.username);
  await page.getByLabel('パスワード', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage\/$/);
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('記念日: add (2月30日 refused), see it listed, edit it, delete it after confirming', async ({ page }) => {
  await loginInBrowser(page);
  const name = `テスト記念日${Date.now() % 100000}`;

  await page.goto('/mypage/memorial/');
  await expect(page.getByRole('heading', { level: 1, name: '記念日' })).toBeVisible();
  await page.getByRole('link', { name: '記念日を登録する' }).click();
  await expect(page).toHaveURL(/\/mypage\/memorial\/add\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '記念日の登録' })).toBeVisible();

  // Empty: the required messages.
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('記念日名は必須項目です')).toBeVisible();
  await expect(page.getByLabel('記念日名')).toBeFocused();

  await page.getByLabel('記念日名').fill(name);
  await page.getByLabel('区分').selectOption({ label: '誕生日' });
  await page.getByLabel('月', { exact: true }).selectOption('2');
  await page.getByLabel('日', { exact: true }).selectOption('30');
  await page.getByLabel('お名前').fill('山田 花子');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page.getByText('日付が無効です')).toBeVisible();
  expect(await axeProblems(page, 'add')).toEqual([]);

  await page.getByLabel('日', { exact: true }).selectOption('29');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/mypage\/memorial\/\?done=added$/);
  await expect(page.getByRole('status').filter({ hasText: '記念日を登録しました' })).toBeVisible();
  const list = page.getByRole('list', { name: '登録済みの記念日' });
  const item = list.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('2月29日');
  await expect(item).toContainText('山田 花子');
  await expect(item).toContainText('誕生日');
  await expect(item).toContainText('受け取る');
  expect(await axeProblems(page, 'list')).toEqual([]);

  // Edit: the form holds the saved values; the change shows in the list.
  await item.getByRole('link', { name: `「${name}」を編集` }).click();
  await expect(page).toHaveURL(/\/mypage\/memorial\/\d+\/edit\/$/);
  await expect(page.getByLabel('記念日名')).toHaveValue(name);
  await expect(page.getByLabel('月', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('日', { exact: true })).toHaveValue('29');
  expect(await axeProblems(page, 'edit')).toEqual([]);
  await page.getByLabel('区分').selectOption({ label: '結婚記念日' });
  await page.getByLabel('月', { exact: true }).selectOption('11');
  await page.getByLabel('日', { exact: true }).selectOption('22');
  await page.getByLabel('記念日が近づいたらお知らせメールを受け取る').uncheck();
  await page.getByRole('button', { name: '更新する' }).click();
  await expect(page).toHaveURL(/\/mypage\/memorial\/\?done=updated$/);
  await expect(page.getByRole('status').filter({ hasText: '記念日を更新しました' })).toBeVisible();
  const edited = page.getByRole('list', { name: '登録済みの記念日' }).getByRole('listitem').filter({ hasText: name });
  await expect(edited).toContainText('11月22日');
  await expect(edited).toContainText('結婚記念日');
  await expect(edited).toContainText('受け取らない');

  // Delete: asked first; キャンセル keeps it; 削除する removes it (also after a reload).
  await edited.getByRole('button', { name: `「${name}」を削除` }).click();
  await expect(page.getByRole('group', { name: `「${name}」の削除の確認` })).toBeVisible();
  await expect(page.getByRole('button', { name: '削除する' })).toBeFocused();
  expect(await axeProblems(page, 'confirm')).toEqual([]);
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await expect(edited.getByRole('button', { name: `「${name}」を削除` })).toBeFocused();
  await edited.getByRole('button', { name: `「${name}」を削除` }).click();
  await page.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText(`「${name}」を削除しました`)).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: '記念日を登録する' })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('名入れ刺繍: register with a preview, see it, change it; unstitchable text refused', async ({ page }) => {
  await loginInBrowser(page);
  await page.goto('/mypage/name-embroidery/');
  await expect(page.getByRole('heading', { level: 1, name: '名入れ刺繍' })).toBeVisible();
  const editLink = page.getByRole('link', { name: /名入れ刺繍を(登録|編集)する/ });
  await expect(editLink).toBeVisible();
  expect(await axeProblems(page, 'show')).toEqual([]);
  await editLink.click();
  await expect(page).toHaveURL(/\/mypage\/name-embroidery\/edit\/$/);

  const text = page.getByLabel('刺繍する文字');
  const preview = page.locator('[data-embroidery-preview]');
  await text.fill('I ♥ YOU');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText("刺繍する文字には、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます")).toBeVisible();
  await text.fill('あいうえおかきくけこさしす');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('刺繍する文字は12文字以内にしてください')).toBeVisible();

  await text.fill('Hanako 山田');
  await page.getByRole('group', { name: '書体' }).getByLabel('ゴシック体').check();
  await page.getByRole('group', { name: '糸の色' }).getByLabel('紺').check();
  await expect(preview).toHaveText('Hanako 山田');
  await expect(page.getByText('プレビュー：ゴシック体・紺の糸')).toBeVisible();
  expect(await axeProblems(page, 'edit')).toEqual([]);
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page).toHaveURL(/\/mypage\/name-embroidery\/\?done=saved$/);
  await expect(page.getByRole('status').filter({ hasText: '名入れ刺繍を保存しました' })).toBeVisible();
  await expect(page.locator('dl')).toContainText('Hanako 山田');
  await expect(page.locator('dl')).toContainText('ゴシック体');
  await expect(page.locator('dl')).toContainText('紺');
  expect(await axeProblems(page, 'saved')).toEqual([]);

  // Change it: the form starts from the saved values.
  await page.getByRole('link', { name: '名入れ刺繍を編集する' }).click();
  await expect(page.getByLabel('刺繍する文字')).toHaveValue('Hanako 山田');
  await expect(page.getByRole('group', { name: '糸の色' }).getByLabel('紺')).toBeChecked();
  await page.getByLabel('刺繍する文字').fill('やまだ・はなこ');
  await page.getByRole('group', { name: '書体' }).getByLabel('明朝体').check();
  await page.getByRole('group', { name: '糸の色' }).getByLabel('金').check();
  await expect(page.getByText('プレビュー：明朝体・金の糸')).toBeVisible();
  expect(await axeProblems(page, 'edit gold')).toEqual([]);
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page).toHaveURL(/\/mypage\/name-embroidery\/\?done=saved$/);
  await expect(page.locator('dl')).toContainText('やまだ・はなこ');
  await expect(page.locator('dl')).toContainText('明朝体');
  await expect(page.locator('dl')).toContainText('金');
});

/** A throwaway member through the API (verified through the mailed link when the shop asks for it), signed in. */
async function otherMemberToken(request: APIRequestContext): Promise<string> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const member = { username: `memo${stamp}`, password: 'memo-pass-2026', email: `memo${stamp}@example.jp` };
  const since = Date.now();
  const res = await request.post('/v1/users', {
    headers: apiHeaders,
    data: {
      ...member,
      last_name: '記念',
      first_name: '太郎',
      last_name_kana: 'キネン',
      first_name_kana: 'タロウ',
      phone_number: '0312345678',
      newsletter: 0,
      gender: null,
      birthday: null,
      security_question_ct: 4,
      security_answer: 'カレー',
      address: null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (!((await res.json()) as { is_registered_member: boolean }).is_registered_member) {
    const mail = await waitForMail((m) => m.to.includes(member.email) && m.text.includes('/verify/email/'), { since });
    const token = new URL(linkIn(mail, '/verify/email/'), 'http://shop.invalid').searchParams.get('token');
    expect((await request.post('/v1/email-verify/check', { headers: apiHeaders, data: { token } })).status()).toBe(200);
  }
  const login = await request.post('/v1/auth/login', {
    headers: apiHeaders,
    data: { username: member.username, password: member.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

test("another member's memorial on the edit screen is 「記念日が見つかりません」, its data never shown", async ({ page, request }) => {
  const token = await otherMemberToken(request);
  const made = await request.post('/v1/me/user-memorials', {
    headers: { ...apiHeaders, Authorization: `Bearer ${token}` },
    data: { target_user_name: '他人 次郎', division_ct: 3, name: '他人の記念日', month: 7, date: 7, call: false },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };

  await loginInBrowser(page);
  await page.goto(`/mypage/memorial/${id}/edit/`);
  await expect(page.getByRole('alert')).toContainText('記念日が見つかりません');
  await expect(page.getByRole('link', { name: '記念日一覧へ戻る' })).toBeVisible();
  await expect(page.getByText('他人の記念日')).toHaveCount(0);
  await page.goto('/mypage/memorial/');
  await expect(page.getByRole('link', { name: '記念日を登録する' })).toBeVisible();
  await expect(page.getByText('他人の記念日')).toHaveCount(0);
});
