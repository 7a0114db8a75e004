/**
 * Empties the signed-in member's cart through the API with the page's own cookies: a member's cart is
 * restored at login, so it may hold an earlier spec's lines (and change totals, fee bands, points).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

export async function emptyCart(page: Page, request: APIRequestContext): Promise<void> {
  const cookies = async () => Object.fromEntries((await page.context().cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
  await expect.poll(async () => Boolean((await cookies()).cartToken)).toBe(true);
  const { cartToken, access_token } = await cookies();
  const res = await request.patch('/v1/carts/reset', { headers: { ...apiHeaders, Authorization: `Bearer ${access_token}` }, data: { token: cartToken } });
  expect(res.status()).toBe(200);
}
