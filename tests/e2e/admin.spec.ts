/**
 * The editor screens (/admin/) in a real browser: the gate to the login, a keyboard-only login as the
 * development editor, editing a blog post's title and body (the public API then serves the new text,
 * sanitised), the API's validation messages shown by field, creating and deleting a news item, axe on
 * every screen, never-cached answers, and a cross-site POST refused.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';

const EDITOR = { login: 'editor', password: 'editor-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

/** Logs in with the keyboard only: the fields are reached by Tab and the form sent with Enter. */
async function logIn(page: Page) {
  await page.goto('/admin/login/');
  await page.getByLabel('ログインID').focus();
  await page.keyboard.type(EDITOR.login);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('パスワード')).toBeFocused();
  await page.keyboard.type(EDITOR.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '投稿一覧' })).toBeVisible();
}

test('the editor screens send a visitor without a session to the login, never cached', async ({ page }) => {
  const res = await page.goto('/admin/');
  expect(page.url()).toMatch(/\/admin\/login\/$/);
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByLabel('ログインID').fill(EDITOR.login);
  await page.getByLabel('パスワード').fill('wrong-password');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('alert')).toHaveText('ログインIDまたはパスワードが正しくありません。');
  expect(await axeProblems(page)).toEqual([]);
});

test("an editor logs in, edits a blog post's title and body, and the public API serves the change, sanitised", async ({
  page,
  request,
}) => {
  await logIn(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'admin_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/' });
  expect(await axeProblems(page)).toEqual([]);

  // The newest published post (the list also holds scheduled ones, which the public API hides).
  const [newest] = (await (await request.get('/v1/blogs?per=1', { headers: apiHeaders })).json()) as Array<{ id: number; title: string }>;
  const blogs = page.getByRole('table', { name: /ブログ/ });
  await blogs.getByRole('link', { name: newest.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ブログを編集' })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  const id = page.url().match(/\/admin\/blogs\/(\d+)\/$/)?.[1];
  expect(Number(id)).toBe(newest.id);

  // The post is put back as it was at the end: other specs compare the pre-built pages with the API.
  const session = (await (await request.post('/admin/v1/auth/login', { headers: apiHeaders, data: EDITOR })).json()) as {
    access_token: string;
  };
  const adminHeaders = { ...apiHeaders, Authorization: `Bearer ${session.access_token}` };
  const original = (await (await request.get(`/admin/v1/blogs/${id}`, { headers: adminHeaders })).json()) as Record<string, unknown>;
  try {
    await editAndCheck(page, request, id!);
  } finally {
    const { key, title, excerpt, body, image, tags, stylist_id, published_at } = original;
    const restored = await request.put(`/admin/v1/blogs/${id}`, {
      headers: adminHeaders,
      data: { key, title, excerpt, body, image, tags, stylist_id, published_at },
    });
    expect(restored.status()).toBe(200);
  }
});

async function editAndCheck(page: Page, request: APIRequestContext, id: string) {
  const title = `編集画面から更新した記事 ${Date.now()}`;
  await page.getByLabel('タイトル').fill(title);
  await page
    .getByLabel('本文（HTML）')
    .fill('<p>新しい本文です。</p><script>alert(1)</script><img src="https://example.jp/x.png" onerror="alert(2)">');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('status')).toHaveText('保存しました。');
  await expect(page.getByLabel('タイトル')).toHaveValue(title);
  await expect(page.getByLabel('本文（HTML）')).not.toHaveValue(/script|onerror/);

  const pub = await request.get(`/v1/blogs/${id}`, { headers: apiHeaders });
  expect(pub.status()).toBe(200);
  const post = await pub.json();
  expect(post.title).toBe(title);
  expect(post.body).toContain('<p>新しい本文です。</p>');
  expect(post.body).not.toMatch(/script|onerror/);

  // A failed save after a successful one shows the error only, with what was typed kept.
  await page.getByLabel('タイトル').fill('');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('alert')).toHaveText('入力内容に誤りがあります。');
  await expect(page.getByText('タイトルは必須項目です')).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByLabel('本文（HTML）')).toHaveValue(/新しい本文です。/);
}

test("the API's validation messages appear by field, and a news item is created and deleted", async ({ page, request }) => {
  await logIn(page);
  await page.getByRole('link', { name: 'お知らせを新規作成' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'お知らせを作成' })).toBeVisible();
  await page.getByLabel('キー（URLの一部）').fill('Bad Key');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('alert')).toHaveText('入力内容に誤りがあります。');
  await expect(page.getByLabel('タイトル')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('タイトルは必須項目です')).toBeVisible();
  await expect(page.getByText('本文は必須項目です')).toBeVisible();
  await expect(page.getByText('キーは半角英小文字・数字・ハイフン・アンダースコアで入力してください')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  const key = `e2e-news-${Date.now()}`;
  await page.getByLabel('キー（URLの一部）').fill(key);
  await page.getByLabel('タイトル').fill('編集画面からのお知らせ');
  await page.getByLabel('本文（HTML）').fill('<p>お知らせの本文</p>');
  await page.getByLabel('公開日時').fill('2026-01-05T10:00');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('status')).toHaveText('保存しました。');
  expect((await request.get(`/v1/news/${key}`, { headers: apiHeaders })).status()).toBe(200);

  await page.getByRole('button', { name: 'このお知らせを削除する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '投稿一覧' })).toBeVisible();
  expect((await request.get(`/v1/news/${key}`, { headers: apiHeaders })).status()).toBe(404);

  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '管理画面ログイン' })).toBeVisible();
  await page.goto('/admin/');
  expect(page.url()).toMatch(/\/admin\/login\/$/);
});

test('a login or logout posted from another site is refused', async ({ request }) => {
  for (const path of ['/admin/login/', '/admin/logout/']) {
    const res = await request.post(path, {
      headers: { Origin: 'https://evil.example' },
      form: { login: EDITOR.login, password: EDITOR.password },
    });
    expect(res.status(), path).toBe(403);
  }
});
