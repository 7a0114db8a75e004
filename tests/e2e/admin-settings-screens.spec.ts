/**
 * The editor screens for the maintenance switch (/admin/maintenance/) and the shop settings
 * (/admin/settings/) in a real browser, logged in as the development admin: switched on through the
 * screen, the storefront answers 503 with the page's title (a page and a /v1 call), and 200 again once
 * switched off; the API's messages appear by field; a setting changed through the screen is what the
 * editor API then answers; a phone breakpoint not below the tablet one is refused by field; axe on
 * both screens; never cached, no scripts; a cross-site POST is refused.
 *
 * Other specs share this shop: maintenance is switched off and every setting changed here put back
 * (and the live shop's rebuild awaited) after each test, even a failed one.
 */
import { type APIRequestContext, expect, request as newRequest, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { ADMIN, API_HEADERS, adminHeaders, rebuildStatus } from './support/editor.ts';

const TITLE = '編集画面から切り替えたメンテナンス';
const MESSAGE = '管理画面のテストのため、一時的にご利用いただけません。';
const POPUP = 'CART.POPUP_COMPONENT';
const POPUP_LABELS = { toast: 'トースト（画面の端に短く表示）', dialog: 'ダイアログ（カートへ進むボタン付き）' } as const;

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

async function logIn(page: Page) {
  await page.goto('/admin/login/');
  await page.getByLabel('ログインID').fill(ADMIN.login);
  await page.getByLabel('パスワード').fill(ADMIN.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
}

/** Waits until the storefront's gate (1 s cache) answers pages with `status`. */
async function storefrontAnswers(request: APIRequestContext, status: number) {
  await expect.poll(async () => (await request.get('/faq/')).status(), { timeout: 10_000 }).toBe(status);
}

const settingsNow = async (request: APIRequestContext) =>
  (await request.get('/admin/v1/settings', { headers: await adminHeaders(request) })).json() as Promise<Record<string, unknown>>;

test.describe('maintenance screen', () => {
  test.afterEach(async ({ baseURL }) => {
    const request = await newRequest.newContext({ baseURL });
    try {
      const res = await request.put('/admin/v1/maintenance', {
        headers: await adminHeaders(request),
        data: { enabled: false, title: null, message: null },
      });
      expect(res.status()).toBe(200);
      await storefrontAnswers(request, 200);
    } finally {
      await request.dispose();
    }
  });

  test('an admin switches maintenance on through the screen: the storefront answers 503 with its title; off again: 200', async ({
    page,
    request,
    browser,
  }) => {
    await logIn(page);
    await page.getByRole('link', { name: 'メンテナンス設定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'メンテナンス設定' })).toBeVisible();
    await expect(page.locator('dd').first()).toHaveText('公開中');
    await expect(page.getByLabel('公開する（メンテナンスを解除）')).toBeChecked();
    expect(await axeProblems(page, 'maintenance screen')).toEqual([]);

    await page.getByLabel('メンテナンス中にする').check();
    await page.getByLabel('タイトル').fill(TITLE);
    await page.getByLabel('メッセージ').fill(MESSAGE);
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status')).toHaveText('保存しました。');
    await expect(page.locator('dd').first()).toHaveText(/^メンテナンス中/);
    await expect(page.getByText(/^開発用管理者・/)).toBeVisible();
    await expect(page.getByLabel('メンテナンス中にする')).toBeChecked();
    await expect(page.getByLabel('タイトル')).toHaveValue(TITLE);

    // A shopper: one page and one /v1 call.
    await storefrontAnswers(request, 503);
    const shopper = await browser.newPage();
    try {
      const top = await shopper.goto('/');
      expect(top?.status()).toBe(503);
      await expect(shopper.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(shopper.getByText(MESSAGE)).toBeVisible();
    } finally {
      await shopper.close();
    }
    const api = await request.get('/v1/products', { headers: API_HEADERS });
    expect(api.status()).toBe(503);
    expect(await api.json()).toEqual({
      message: MESSAGE,
      code: 'common.maintenance',
      title: TITLE,
      request_id: api.headers()['x-request-id'],
    });

    // The screen keeps working during maintenance; the API's message is shown by the field, typed text kept.
    const long = 'あ'.repeat(1001);
    await page.getByLabel('メッセージ').fill(long);
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('alert')).toHaveText('入力内容に誤りがあります。');
    await expect(page.getByText('メッセージは1000文字以内にしてください')).toBeVisible();
    await expect(page.getByLabel('メッセージ')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('メッセージ')).toHaveValue(long);
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await axeProblems(page, 'maintenance screen with an error')).toEqual([]);

    // Off, with the default wording back (blank fields), using the keyboard for the choice.
    await page.getByLabel('メンテナンス中にする').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('公開する（メンテナンスを解除）')).toBeChecked();
    await page.getByLabel('タイトル').fill('');
    await page.getByLabel('メッセージ').fill('');
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status')).toHaveText('保存しました。');
    await expect(page.locator('dd').first()).toHaveText('公開中');
    await storefrontAnswers(request, 200);
    expect((await request.get('/v1/products', { headers: API_HEADERS })).status()).toBe(200);
    const state = await (await request.get('/admin/v1/maintenance', { headers: await adminHeaders(request) })).json();
    expect(state).toMatchObject({ enabled: false, custom_title: null, custom_message: null, updated_by: '開発用管理者' });
  });
});

test.describe('settings screen', () => {
  let before: Record<string, unknown> | undefined;
  let restoredAt = 0;

  test.afterEach(async ({ baseURL }) => {
    if (!before) return;
    const request = await newRequest.newContext({ baseURL });
    try {
      const headers = await adminHeaders(request);
      const now = (await (await request.get('/admin/v1/settings', { headers })).json()) as Record<string, unknown>;
      const changed = Object.fromEntries(Object.entries(before).filter(([key, value]) => now[key] !== value));
      let since = restoredAt;
      if (Object.keys(changed).length > 0) {
        expect((await request.patch('/admin/v1/settings', { headers, data: changed })).status()).toBe(200);
        since = Date.now();
      }
      await rebuildSettled(request, since);
    } finally {
      await request.dispose();
    }
  });

  test('an admin changes the add-to-cart display through the screen and the API answers it; a bad breakpoint is refused by field', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    before = await settingsNow(request);
    const original = before[POPUP] as keyof typeof POPUP_LABELS;
    const other = original === 'toast' ? 'dialog' : 'toast';

    await logIn(page);
    await page.getByRole('link', { name: 'ショップ設定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ショップ設定' })).toBeVisible();
    // The current values are filled in.
    await expect(page.getByLabel(POPUP_LABELS[original])).toBeChecked();
    await expect(page.getByLabel('スマートフォン表示の上限幅（px）')).toHaveValue(String(before['SITE.BREAKPOINT.SCREEN-SM']));
    await expect(page.getByLabel('タブレット表示の上限幅（px）')).toHaveValue(String(before['SITE.BREAKPOINT.SCREEN-MD']));
    await expect(page.getByLabel('会員機能を使わない')).toBeChecked({ checked: before['SITE.NO_MEMBER_USE'] === true });
    await expect(page.getByLabel('販売中', { exact: true })).toBeChecked({
      checked: before['PLUGIN.TEMPORARY_STOP_SELLING.SELLING'] === true,
    });
    expect(await axeProblems(page, 'settings screen')).toEqual([]);

    // Nothing changed: nothing sent.
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status')).toHaveText('変更された設定はありません。');

    // The phone breakpoint at the tablet one: refused by field, what was typed kept, nothing changed.
    await page.getByLabel('スマートフォン表示の上限幅（px）').fill(String(before['SITE.BREAKPOINT.SCREEN-MD']));
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('alert')).toHaveText('入力内容に誤りがあります。');
    await expect(page.getByText('スマートフォン表示の上限幅はタブレット表示の上限幅より小さくしてください')).toBeVisible();
    await expect(page.getByLabel('スマートフォン表示の上限幅（px）')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('スマートフォン表示の上限幅（px）')).toHaveValue(String(before['SITE.BREAKPOINT.SCREEN-MD']));
    expect(await axeProblems(page, 'settings screen with an error')).toEqual([]);
    expect(await settingsNow(request)).toEqual(before);

    // The other add-to-cart display, the breakpoint put back: saved, and the editor API answers it.
    await page.getByLabel('スマートフォン表示の上限幅（px）').fill(String(before['SITE.BREAKPOINT.SCREEN-SM']));
    await page.getByLabel(POPUP_LABELS[other]).check();
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status')).toHaveText(/^保存しました。/);
    await expect(page.getByLabel(POPUP_LABELS[other])).toBeChecked();
    expect(await settingsNow(request)).toEqual({ ...before, [POPUP]: other });

    // Back through the screen.
    await page.getByLabel(POPUP_LABELS[original]).check();
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page.getByRole('status')).toHaveText(/^保存しました。/);
    restoredAt = Date.now();
    expect(await settingsNow(request)).toEqual(before);
  });
});

/** Waits until the live shop has rebuilt with every settings change made up to `since` (epoch ms). */
async function rebuildSettled(request: APIRequestContext, since: number) {
  if (!since) return;
  // The shop polls the content version every 2 s and debounces 0.5 s: by then a build is waiting or running.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, since + 3000 - Date.now())));
  await expect
    .poll(
      async () => {
        const status = await rebuildStatus(request);
        return status.state === 'idle' && !!status.last && Date.parse(status.last.finished_at) > since;
      },
      { timeout: 200_000, intervals: [1000] },
    )
    .toBe(true);
}

test('the screens send a visitor without a session to the login, are never cached, and refuse a cross-site POST', async ({
  page,
  request,
}) => {
  for (const path of ['/admin/maintenance/', '/admin/settings/']) {
    const res = await page.goto(path);
    expect(page.url(), path).toMatch(/\/admin\/login\/$/);
    expect(res?.headers()['cache-control']).toBe('private, no-store');
  }
  await logIn(page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  for (const path of ['/admin/maintenance/', '/admin/settings/']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(res?.headers()['cache-control'], path).toBe('private, no-store');
    expect(res?.headers()['x-robots-tag'], path).toBe('noindex');
  }
  // Server forms: no script is loaded.
  expect(scripts).toEqual([]);
  const session = (await page.context().cookies()).find((c) => c.name === 'admin_session')!;
  for (const path of ['/admin/maintenance/', '/admin/settings/']) {
    const res = await request.post(path, {
      headers: { Origin: 'https://evil.example', Cookie: `admin_session=${session.value}` },
      form: { enabled: 'on', title: 'x', [POPUP]: 'dialog' },
    });
    expect(res.status(), path).toBe(403);
  }
  expect((await (await request.get('/v1/maintenance', { headers: API_HEADERS })).json()).enabled).toBe(false);
});
