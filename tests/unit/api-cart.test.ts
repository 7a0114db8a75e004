import { beforeEach, describe, expect, it } from 'vitest';
import {
  addCartProduct,
  addCartShipping,
  decideCart,
  deleteCartProduct,
  getCart,
  initCart,
  modifyCartOrder,
  modifyCartProduct,
} from '#api-client/cart/cart.ts';
import { getCartOrder } from '#api-client/checkout/cart-order.ts';
import { abortInFlight, configureClient, resetClient } from '#api-client/core/http.ts';
import { type Call, fakeFetch, json, memoryTokens } from './fake-api.ts';
import { cart, order } from './fixtures.ts';

let calls: Call[];
beforeEach(() => {
  resetClient();
  const api = fakeFetch((c) => {
    if (c.url.endsWith('/decision')) return json({ order_no: '2026-1', order_id: 1 });
    if (c.method === 'GET' && c.url.startsWith('/v1/carts/order/')) return json(order(1));
    return json(
      cart('t', [
        [1, 2],
        [2, 1],
      ]),
    );
  });
  calls = api.calls;
  configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
});

describe('cart calls (spec 7 "Cart")', () => {
  it('uses the contract paths, methods and bodies', async () => {
    await initCart({ token: null });
    await initCart({ token: 't', invalid_product: true });
    await getCart('t');
    await addCartProduct({ token: 't', product_id: 1, quantity: 2 });
    await modifyCartProduct({ token: 't', key: 'line-1', quantity: 3 });
    await deleteCartProduct({ token: 't', key: 'line-1' });
    await addCartShipping({ token: 't', user_address_id: 1 });
    await modifyCartOrder({ token: 't', payment_id: 1 });
    expect(calls.map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body ?? null)}`)).toEqual([
      'POST /v1/carts/init {"token":null}',
      'POST /v1/carts/init {"token":"t","invalid_product":true}',
      'GET /v1/carts/t null',
      'PATCH /v1/carts/products/add {"token":"t","product_id":1,"quantity":2}',
      'PATCH /v1/carts/products/modify {"token":"t","key":"line-1","quantity":3}',
      'PATCH /v1/carts/products/delete {"token":"t","key":"line-1"}',
      'PATCH /v1/carts/shippings/add {"token":"t","user_address_id":1}',
      'PATCH /v1/carts/order/modify {"token":"t","payment_id":1}',
    ]);
  });

  it('decision answers {order_no, order_id} and survives a route change', async () => {
    const pending = decideCart('t');
    abortInFlight();
    expect(await pending).toEqual({ order_no: '2026-1', order_id: 1 });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/v1/carts/t/decision' });
  });

  it('reads the order just placed', async () => {
    expect((await getCartOrder('2026-1')).order_no).toBe('2026-1');
    expect(calls[0].url).toBe('/v1/carts/order/2026-1');
  });

  it('answers with the storefront cart: lines, the total quantity for the header, totals', async () => {
    const { cart: storefront, wire } = await initCart({ token: 't' });
    expect(storefront.count).toBe(3);
    expect(storefront.lines.map((l) => [l.productId, l.quantity, l.productKey])).toEqual([
      [1, 2, 'p1'],
      [2, 1, 'p2'],
    ]);
    expect(wire.detail.products).toHaveLength(2);
  });

  it('a cart that breaks the contract is an invalid response, never half-parsed', async () => {
    resetClient();
    const api = fakeFetch(() => json({ ...cart('t'), detail: { products: [{ key: 'x' }] } }));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    await expect(initCart({ token: 't' })).rejects.toMatchObject({ code: 'client.invalid_response' });
  });
});
