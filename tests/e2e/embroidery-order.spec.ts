/**
 * 名入れ刺繍 from my-page to the order, in a real browser as demo: the embroidery saved in my-page is
 * filled in on an embroiderable product's page when 「名入れ刺繍をする」 is ticked, the cart line shows
 * 「名入れ：…（書体・色）」, and so do the confirmation and the my-page order detail after a 銀行振込
 * order. Demo's cart is left empty and demo's saved embroidery as it was (other specs share demo).
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { action, demo, hydrated } from './support/checkout.ts';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };
const LABEL = '名入れ：ヤマダ ハナコ（ゴシック体・紺）';

async function demoAuth(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/v1/auth/login', { headers: apiHeaders, data: demo });
  expect(login.status()).toBe(200);
  return { ...apiHeaders, Authorization: `Bearer ${(await login.json()).access_token}` };
}

/** Empties demo's open cart (a member's cart is restored at login, so it may hold another spec's lines). */
async function emptyDemoCart(request: APIRequestContext): Promise<void> {
  const auth = await demoAuth(request);
  const { token } = await (await request.post('/v1/carts/init', { headers: auth, data: { token: null } })).json();
  expect((await request.patch('/v1/carts/reset', { headers: auth, data: { token } })).status()).toBe(200);
}

async function loginInBrowser(page: Page, redirect: string): Promise<void> {
  await page.goto(`/login/?redirect=${encodeURIComponent(redirect)}`);
  const field = page.getByLabel('ログインID');
  await hydrated(page, field);
  await field.fill(demo.username);
  await page.getByLabel('パスワード', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${redirect.replaceAll('/', '\\/')}$`));
}

test.beforeEach(async ({ context }) => {
  await context.clearCookies();
});

test('demo orders an embroiderable product with the name embroidery saved in my-page and finds it on the order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const auth = await demoAuth(request);
  const before = (await (await request.get('/v1/me/name-embroidery', { headers: auth })).json()) as {
    text: string;
    font: string;
    color: string;
  } | null;
  await emptyDemoCart(request);
  try {
    // An embroiderable product in stock (the seed makes the canvas totes embroiderable).
    const list = (await (
      await request.get(`/v1/products?keyword=${encodeURIComponent('帆布 トートバッグ')}&per=50`, { headers: apiHeaders })
    ).json()) as Array<{ id: number; key: string; name: string; embroiderable: boolean; is_stock_available: boolean }>;
    const product = list.find((p) => p.embroiderable && p.is_stock_available);
    expect(product, 'an embroiderable product in stock').toBeTruthy();

    // My-page: save the embroidery.
    await loginInBrowser(page, '/mypage/name-embroidery/edit/');
    const text = page.getByLabel('刺繍する文字');
    await hydrated(page, text);
    await text.fill('ヤマダ ハナコ');
    await page.getByRole('group', { name: '書体' }).getByLabel('ゴシック体').check();
    await page.getByRole('group', { name: '糸の色' }).getByLabel('紺').check();
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(page).toHaveURL(/\/mypage\/name-embroidery\/\?done=saved$/);

    // The product page: the box, then the saved embroidery filled in; an unstitchable text is refused first.
    await page.goto(`/product/${product!.key}/`);
    const form = page.locator('form[data-add-to-cart][data-enhanced="true"]');
    await expect(form).toHaveCount(1);
    const field = form.getByLabel(/刺繍する文字/);
    await expect(field).toBeHidden();
    await form.getByLabel('名入れ刺繍をする').check();
    await expect(field).toHaveValue('ヤマダ ハナコ');
    await expect(form.getByLabel('書体')).toHaveValue('gothic');
    await expect(form.getByLabel('糸の色')).toHaveValue('navy');
    await expect(form.getByText('マイページに保存した名入れ：ヤマダ ハナコ（ゴシック体・紺）')).toBeVisible();
    await expect(form.getByRole('link', { name: 'マイページの名入れ刺繍' })).toHaveAttribute('href', '/mypage/name-embroidery/');
    await field.fill('I ♥ YOU');
    await page.getByRole('button', { name: 'カートに入れる' }).click();
    await expect(form.getByText("刺繍する文字には、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます")).toBeVisible();
    await field.fill('ヤマダ ハナコ');
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200),
      page.getByRole('button', { name: 'カートに入れる' }).click(),
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'カートに追加しました' })).toBeVisible();

    // The cart shows it under the line.
    await page.goto('/cart/');
    const checkout = action(page, 'ご購入手続きへ');
    await hydrated(page, checkout);
    await expect(page.getByRole('main').getByText(LABEL)).toBeVisible();

    // Checkout (already signed in): the saved address, 指定なし, 銀行振込.
    await checkout.click();
    await expect(page).toHaveURL(/\/cart\/shipping-select\/$/);
    await hydrated(page, action(page, '次へ'));
    await action(page, '次へ').click();
    await expect(page).toHaveURL(/\/cart\/shipping-detail\/$/);
    await hydrated(page, action(page, '次へ'));
    await action(page, '次へ').click();
    await expect(page).toHaveURL(/\/cart\/payment\/$/);
    const bank = page.getByRole('radio', { name: /銀行振込/ });
    await hydrated(page, bank);
    await bank.check();
    await action(page, '確認画面へ').click();
    await expect(page).toHaveURL(/\/cart\/confirm\/$/);
    const confirm = page.getByRole('button', { name: '注文を確定する' });
    await hydrated(page, confirm);
    await expect(page.getByRole('main').getByText(LABEL)).toBeVisible();
    await confirm.click();
    await expect(page).toHaveURL(/\/cart\/complete\/\?order_no=/);
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;

    // The order detail in my-page keeps it.
    const orders = (await (await request.get('/v1/me/orders?page=1', { headers: auth })).json()) as Array<{ id: number; order_no: string }>;
    const order = orders.find((o) => o.order_no === orderNo);
    expect(order, orderNo).toBeTruthy();
    await page.goto(`/mypage/order_history/${order!.id}/`);
    const main = page.getByRole('main');
    await expect(main).toContainText(orderNo);
    await expect(main.getByText(LABEL)).toBeVisible();
  } finally {
    await emptyDemoCart(request);
    if (before) {
      const res = await request.put('/v1/me/name-embroidery', {
        headers: auth,
        data: { text: before.text, font: before.font, color: before.color },
      });
      expect(res.status()).toBe(200);
    }
  }
});
