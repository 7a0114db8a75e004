/**
 * 「カートに入れる」 from the first tap (issue 5 §6): the one call shared by the plain form's endpoint
 * and its enhancement script sends the chosen quantity, creates a cart when there is none, replaces
 * an expired one, and resets the cart after product-not-found (spec 8).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, parseProductId, parseQuantity } from '#api-client/cart/add-to-cart.server.ts';
import { addErrorCode, addErrorMessage } from '#api-client/cart/add-to-cart-errors.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { type Call, fakeFetch, type Handler, json, memoryTokens } from './fake-api.ts';
import { cart } from './fixtures.ts';

let calls: Call[];
function setup(handler: Handler) {
  resetClient();
  const api = fakeFetch(handler);
  calls = api.calls;
  configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
}
const sent = () => calls.map((c) => `${c.url} ${JSON.stringify(c.body)}`);

beforeEach(() => setup(() => json(cart('c1', [[5, 3]]))));

describe('add to cart', () => {
  it("sends the chosen quantity to the visitor's cart", async () => {
    const outcome = await addToCart({ productId: 5, quantity: 3, token: 'c1' });
    expect(sent()).toEqual(['/v1/carts/products/add {"token":"c1","product_id":5,"quantity":3}']);
    expect(outcome).toMatchObject({ ok: true, cart: { cart: { token: 'c1', count: 3 } } });
  });

  it('creates a cart first when the visitor has none', async () => {
    await addToCart({ productId: 5, quantity: 2, token: null });
    expect(sent()).toEqual(['/v1/carts/init {"token":null}', '/v1/carts/products/add {"token":"c1","product_id":5,"quantity":2}']);
  });

  it('an expired cart is replaced by a new one and the add retried once', async () => {
    setup((c) =>
      c.url.endsWith('/add') && (c.body as { token: string }).token === 'old'
        ? json({ message: '期限切れ', code: 'cart.common.is_expired' }, 422)
        : json(cart('new', [[5, 1]])),
    );
    const outcome = await addToCart({ productId: 5, quantity: 1, token: 'old' });
    expect(outcome.ok).toBe(true);
    expect(sent().at(-1)).toBe('/v1/carts/products/add {"token":"new","product_id":5,"quantity":1}');
  });

  it('product-not-found resets the cart (a new cart, invalid products dropped) and reports the failure', async () => {
    setup((c) =>
      c.url.endsWith('/add') ? json({ message: '販売していません', code: 'cart.update_products.not_sale' }, 422) : json(cart('fresh')),
    );
    const outcome = await addToCart({ productId: 5, quantity: 1, token: 'c1' });
    expect(outcome).toMatchObject({ ok: false, cart: { cart: { token: 'fresh' } } });
    expect(sent().at(-1)).toBe('/v1/carts/init {"token":null,"invalid_product":true}');
    expect(addErrorCode(!outcome.ok && outcome.error)).toBe('not_sale');
  });

  it("the server passes the visitor's own bearer token", async () => {
    await addToCart({ productId: 5, quantity: 1, token: 'c1' }, { bearer: 'member-token' });
    expect(calls[0].headers.Authorization).toBe('Bearer member-token');
  });
});

describe('form fields and messages', () => {
  it('accepts quantities 1–99 and positive ids only', () => {
    expect([
      parseQuantity('3'),
      parseQuantity('99'),
      parseQuantity('0'),
      parseQuantity('100'),
      parseQuantity('1e1'),
      parseQuantity(null),
    ]).toEqual([3, 99, null, null, null, null]);
    expect([parseProductId('12'), parseProductId('-1'), parseProductId('99999999999')]).toEqual([12, null, null]);
  });

  it('the product page shows a fixed message per code, nothing for unknown values', () => {
    expect(addErrorMessage('stock')).toContain('在庫');
    expect(addErrorMessage('<script>')).toBeNull();
    expect(addErrorMessage(null)).toBeNull();
  });
});
