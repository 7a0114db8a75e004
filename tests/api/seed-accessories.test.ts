/**
 * The seed offers accessories (spec 3 "Accessories are cached per product key", spec 4 cart accessory
 * operations): sneakers offer socks, a petty knife a cutting board, each as a product of its own that
 * the cart takes as an accessory line of the product's line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
// Checks the seed itself: this shop is seeded on its own, not copied from the run's template.
beforeAll(async () => {
  shop = await createTestShop({}, { fresh: true });
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

interface Item {
  id: number;
  key: string;
  name: string;
  product_price_with_tax: number;
  is_stock_available: boolean;
}
const get = async (path: string): Promise<Item[]> => {
  const res = await shop.request('GET', path);
  expect(res.status, path).toBe(200);
  return res.json();
};

describe('seeded accessories', () => {
  it('the canvas sneakers offer the cotton and silk socks, which the cart adds under its line', async () => {
    const sneakers = await get(`/v1/products?keyword=${encodeURIComponent('ローカットスニーカー 久留米')}&per=50`);
    expect(sneakers.length).toBeGreaterThan(0);
    for (const s of sneakers) {
      const names = (await get(`/v1/products/${s.key}/accessories`)).map((a) => a.name);
      expect(names, s.name).toEqual([expect.stringMatching(/^コットン リブソックス /), expect.stringMatching(/^シルク 5本指ソックス /)]);
    }
    const main = sneakers.find((s) => s.is_stock_available)!;
    const socks = (await get(`/v1/products/${main.key}/accessories`)).find((a) => a.is_stock_available)!;
    const init = await (await shop.request('POST', '/v1/carts/init', { body: { token: null } })).json();
    const added = await (
      await shop.request('PATCH', '/v1/carts/products/add', { body: { token: init.token, product_id: main.id, quantity: 1 } })
    ).json();
    const res = await shop.request('PATCH', '/v1/carts/accessories/add', {
      body: { token: init.token, key: added.detail.products[0].key, accessory_id: socks.id, quantity: 2 },
    });
    const cart = await res.json();
    expect(res.status, JSON.stringify(cart)).toBe(200);
    expect(cart.detail.products[1]).toMatchObject({
      parent_key: added.detail.products[0].key,
      quantity: 2,
      unit_price_with_tax: socks.product_price_with_tax,
    });
  });

  it('a product without accessories answers an empty list', async () => {
    const [tee] = await get(`/v1/products?keyword=${encodeURIComponent('クルーネックTシャツ')}`);
    expect(await get(`/v1/products/${tee.key}/accessories`)).toEqual([]);
  });
});
