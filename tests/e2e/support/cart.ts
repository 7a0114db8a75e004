/** The cart in tests: adding from a product page, emptying the signed-in member's cart, and how many of a product are left. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Empties the signed-in member's cart through the API with the page's own cookies: a member's cart is
 * restored at login, so it may hold an earlier spec's lines (and change totals, fee bands, points).
 */
export async function emptyCart(page: Page, request: APIRequestContext): Promise<void> {
  const cookies = async () => Object.fromEntries((await page.context().cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
  await expect.poll(async () => Boolean((await cookies()).cartToken)).toBe(true);
  const { cartToken, access_token } = await cookies();
  const res = await request.patch('/v1/carts/reset', {
    headers: { ...apiHeaders, Authorization: `Bearer ${access_token}` },
    data: { token: cartToken },
  });
  expect(res.status()).toBe(200);
}

/**
 * How many of a product are left, as the shop tells a shopper who asks for more than there is: a
 * guest cart's add of 99 (the most one line takes) answers 「在庫が不足しています（残りN点）」 when
 * fewer are left (the public product answer has no count); null when 99 or more are.
 */
export async function probeStock(request: APIRequestContext, productId: number): Promise<number | null> {
  const { token } = await (await request.post('/v1/carts/init', { headers: apiHeaders, data: {} })).json();
  const res = await request.patch('/v1/carts/products/add', { headers: apiHeaders, data: { token, product_id: productId, quantity: 99 } });
  if (res.status() === 200) return null;
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(422);
  const left = /残り(\d+)点/.exec(body.message ?? '');
  return left ? Number(left[1]) : null;
}

/** probeStock that must find a count. */
export async function stockLeft(request: APIRequestContext, productId: number): Promise<number> {
  const left = await probeStock(request, productId);
  expect(left).not.toBeNull();
  return left!;
}

/** Adds the product page's product to the cart as a shopper does. */
export async function addFromProductPage(page: Page, key: string): Promise<void> {
  await page.goto(`/product/${key}/`);
  await expect(page.locator('form[data-add-to-cart][data-enhanced="true"]')).toHaveCount(1);
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/cart/add/' && r.status() === 200),
    page.getByRole('button', { name: 'カートに入れる' }).click(),
  ]);
}
