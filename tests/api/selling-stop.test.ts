/**
 * Selling stop (spec 4, 9): with PLUGIN.TEMPORARY_STOP_SELLING.IS_USE on and .SELLING false, adding
 * to the cart is refused with the Japanese notice (422 cart.selling_stopped) and the settings tell the
 * storefront so; with the plugin on but selling true, or the plugin off, adding works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../api/src/db/schema/index.ts';
import { createTestShop, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let product: ReturnType<typeof productPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function setSelling(isUse: boolean, selling: boolean) {
  for (const [key, value] of [
    ['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE', isUse],
    ['PLUGIN.TEMPORARY_STOP_SELLING.SELLING', selling],
  ] as const) {
    await shop.database.db
      .insert(settings)
      .values({ channel_id: 'default', key, value, is_public: true })
      .onConflictDoUpdate({ target: [settings.channel_id, settings.key], set: { value } });
  }
}
async function addToNewCart() {
  const init = await shop.request('POST', '/v1/carts/init', { body: { token: null } });
  const { token } = (await init.json()) as { token: string };
  return shop.request('PATCH', '/v1/carts/products/add', { body: { token, product_id: await product(), quantity: 1 } });
}

describe('selling stop', () => {
  it('refuses add-to-cart with the notice when the plugin is on and selling is false', async () => {
    await setSelling(true, false);
    const front = await (await shop.request('GET', '/v1/settings/front')).json();
    expect(front).toMatchObject({ 'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true, 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false });
    const res = await addToNewCart();
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('cart.selling_stopped');
    expect(body.message).toMatch(/販売を一時停止/);
  });
  it('sells when the plugin is on but selling is true, and when the plugin is off', async () => {
    await setSelling(true, true);
    expect((await addToNewCart()).status).toBe(200);
    await setSelling(false, false);
    expect((await addToNewCart()).status).toBe(200);
  });
});
