/**
 * Shop settings an editor changes while the shop runs (PATCH /admin/v1/settings), seen by a shopper
 * after the live shop's rebuild: the selling stop (spec 4: plugin on and selling false) shows its
 * notice instead of 「カートに入れる」 and the API refuses additions; SITE.NO_MEMBER_USE (spec 6) opens
 * the member-only screens to a guest (no redirect to /login/). Then both back, and the shop is as before.
 * Two full rebuilds (every page reads the settings), so this is one test.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeProblems } from './support/a11y.ts';
import { API_HEADERS, adminHeaders, nextBuild, rebuildStatus } from './support/editor.ts';

const STOP = { 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true, 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false, 'SITE.NO_MEMBER_USE': true };
const NOTICE = 'ただいま販売を一時停止しております。再開まで今しばらくお待ちください。';

async function patchSettings(request: APIRequestContext, patch: Record<string, unknown>): Promise<void> {
  const res = await request.patch('/admin/v1/settings', { headers: await adminHeaders(request), data: patch });
  expect(res.status(), await res.text()).toBe(200);
}

/** Applies `patch` and waits until the live shop has rebuilt with it. */
async function changeAndRebuild(request: APIRequestContext, patch: Record<string, unknown>): Promise<void> {
  const since = (await rebuildStatus(request)).last?.finished_at;
  await patchSettings(request, patch);
  const build = await nextBuild(request, since);
  expect(build.ok, build.error ?? '').toBe(true);
}

async function addAsGuest(request: APIRequestContext, productId: number) {
  const { token } = (await (await request.post('/v1/carts/init', { headers: API_HEADERS, data: {} })).json()) as { token: string };
  return request.patch('/v1/carts/products/add', { headers: API_HEADERS, data: { token, product_id: productId, quantity: 1 } });
}

/** Where a guest ends up after opening /mypage/user_info/ and letting its scripts run. */
async function guestLandsOn(page: Page): Promise<string> {
  await page.context().clearCookies();
  await page.goto('/mypage/user_info/');
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname;
}

test('the selling stop and SITE.NO_MEMBER_USE set by an editor reach the live shop, and back', async ({ page, request }) => {
  test.setTimeout(420_000);
  const [product] = (await (await request.get('/v1/products?per=1', { headers: API_HEADERS })).json()) as Array<{
    id: number;
    key: string;
  }>;
  const before = (await (await request.get('/admin/v1/settings', { headers: await adminHeaders(request) })).json()) as Record<
    string,
    unknown
  >;
  expect(before).toMatchObject({ 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': false, 'SITE.NO_MEMBER_USE': false });

  // As seeded: the product can be added, and my-page sends a guest to the login screen.
  await page.goto(`/product/${product.key}/`);
  await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  expect(await guestLandsOn(page)).toBe('/login/');

  try {
    await changeAndRebuild(request, STOP);
    // The API refuses at once; the page shows the notice and no add button after the rebuild.
    const refused = await addAsGuest(request, product.id);
    expect(refused.status()).toBe(422);
    expect((await refused.json()).code).toBe('cart.selling_stopped');
    await page.goto(`/product/${product.key}/`);
    await expect(page.getByText(NOTICE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeHidden();
    expect(await axeProblems(page, 'product page, selling stopped')).toEqual([]);
    // Member-only screens are open: a guest stays on my-page.
    expect(await guestLandsOn(page)).toBe('/mypage/user_info/');
  } finally {
    await changeAndRebuild(request, {
      'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': before['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE'],
      'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': before['PLUGIN.TEMPORARY_STOP_SELLING.SELLING'],
      'SITE.NO_MEMBER_USE': before['SITE.NO_MEMBER_USE'],
    });
  }

  expect((await addAsGuest(request, product.id)).status()).toBe(200);
  await page.goto(`/product/${product.key}/`);
  await expect(page.getByRole('button', { name: 'カートに入れる' })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  expect(await guestLandsOn(page)).toBe('/login/');
});
