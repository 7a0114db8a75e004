/**
 * The storefront kit against the real shop (E2E_PORT=4422): the header logo as the spec's home
 * action, the member gate and my-page frame, and the product list's 404s and headings.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const demo = { username: 'demo', password: 'demo-pass-2026' };
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

interface CategoryNode {
  key: string;
  name: string;
  children: CategoryNode[];
}

async function deepestCategory(request: APIRequestContext): Promise<CategoryNode> {
  const res = await request.get('/v1/categories/hierarchy?table=products', { headers: apiHeaders });
  expect(res.status()).toBe(200);
  const tree = (await res.json()) as CategoryNode[];
  const child = tree.flatMap((top) => top.children)[0];
  expect(child, 'a seeded child category').toBeTruthy();
  return child;
}

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('ログインID').fill(demo.username);
  await page.getByLabel('パスワード').fill(demo.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

async function expectNotFoundPage(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('お探しのページが見つかりませんでした。')).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('the shop logo goes to / for a guest and to /ec/ for a member', async ({ page }) => {
  await page.goto('/product/');
  const logo = page.getByRole('banner').getByRole('link').first();
  await expect(logo).toHaveAttribute('href', '/');

  await page.goto('/login/');
  await logIn(page);
  await expect(page).toHaveURL(/\/ec\/$/);
  await page.goto('/product/');
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/ec/');
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/ec\/$/);
  await expect(page.getByRole('heading', { name: '会員トップ' })).toBeVisible();
});

test('/ec/ is a public route: a guest gets the page with the way to log in, then the member top once logged in (spec 2)', async ({
  page,
}) => {
  const res = await page.goto('/ec/');
  expect(res?.status()).toBe(200);
  const login = page.getByRole('main').getByRole('link', { name: /ログイン/ });
  await expect(login).toHaveAttribute('href', '/login/?redirect=%2Fec%2F');
  await expect(page).toHaveURL(/\/ec\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '会員トップ' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /新規会員登録/ })).toHaveAttribute('href', '/register/');
  await login.click();
  await logIn(page);
  await expect(page).toHaveURL(/\/ec\/$/);
  await expect(page.getByRole('navigation', { name: 'マイページメニュー' })).toBeVisible();
  await expect(page.getByText('いつもご利用ありがとうございます。')).toBeVisible();
});

test('a guest on a my-page screen logs in and comes back to it inside the my-page frame', async ({ page }) => {
  await page.goto('/mypage/order_history/');
  await expect(page).toHaveURL(/\/login\/\?redirect=%2Fmypage%2Forder_history%2F$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/mypage\/order_history\/$/);
  await expect(page.getByRole('heading', { name: '注文履歴', level: 1 })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'マイページメニュー' });
  await expect(menu.getByRole('link', { name: 'マイページトップ' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '注文履歴' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/');
});

test('the login screen and the checkout steps carry the member rules from the site settings', async ({ page }) => {
  const settings = (await (
    await page.request.get('/v1/settings/front', { headers: { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' } })
  ).json()) as Record<string, unknown>;
  const expected = {
    noMemberUse: settings['SITE.NO_MEMBER_USE'] === true,
    verifyEmailOnFirstLogin: settings['PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE'] === true,
  };
  // The default channel is seeded with first-login verification on (issue 6).
  expect(expected.verifyEmailOnFirstLogin).toBe(true);
  for (const path of [
    '/login/',
    '/cart/shipping-select/',
    '/cart/shipping-add/',
    '/cart/shipping-detail/',
    '/cart/payment/',
    '/cart/confirm/',
    '/register/',
  ]) {
    const res = await page.request.get(path);
    const rules = /data-member-rules="([^"]*)"/.exec(await res.text())?.[1];
    expect(rules, path).toBeTruthy();
    expect(JSON.parse(rules!.replace(/&quot;/g, '"')), path).toEqual(expected);
  }
});

test('a logged-in member opening the guest-only login screen goes to /ec/', async ({ page }) => {
  await page.goto('/login/');
  await logIn(page);
  await expect(page).toHaveURL(/\/ec\/$/);
  await page.goto('/login/');
  await expect(page).toHaveURL(/\/ec\/$/);
});

test('a login with an empty field names it in Japanese and focuses it, without calling the API', async ({ page }) => {
  let loginCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/v1/auth/login')) loginCalls += 1;
  });
  await page.goto('/login/');
  await page.getByLabel('ログインID').fill('demo');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByText('パスワードは必須項目です')).toBeVisible();
  await expect(page.getByLabel('パスワード')).toBeFocused();
  await expect(page.getByLabel('パスワード')).toHaveAttribute('aria-invalid', 'true');
  expect(loginCalls).toBe(0);
});

test('/product/?page=999 and unknown category, maker or brand answer the 404 page', async ({ page }) => {
  await expectNotFoundPage(page, '/product/?page=999');
  await expectNotFoundPage(page, '/product/?category=no-such-category-e2e');
  await expectNotFoundPage(page, '/product/?maker=no-such-maker-e2e');
  await expectNotFoundPage(page, '/product/?brand=no-such-brand-e2e');
});

test('a NUL byte in the keyword or the product key is a 404, never a 500', async ({ request }) => {
  for (const path of ['/product/?keyword=%00', '/product/%00/']) {
    const res = await request.get(path);
    expect(res.status(), path).toBeGreaterThanOrEqual(400);
    expect(res.status(), path).toBeLessThan(500);
  }
});

test('the list heading names the chosen category, also a child category', async ({ page, request }) => {
  const child = await deepestCategory(request);
  const res = await page.goto(`/product/?category=${encodeURIComponent(child.key)}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${child.name}の商品一覧`);
  await expect(page).toHaveTitle(new RegExp(`^${child.name}の商品一覧`));
});
