// @vitest-environment jsdom
/**
 * Cart accessories and the payment failure on the storefront side (spec 4 "Cart": accessory
 * add/modify/delete, delete transaction error): the wire's parent_key and transaction_error reach the
 * storefront cart, accessory lines nest under their line, and the calls send what the API takes.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listProductAccessories } from '#api-client/cart/accessories.ts';
import { addCartAccessory, deleteCartAccessory, deleteCartTransactionError, modifyCartAccessory } from '#api-client/cart/cart.ts';
import { toCart } from '#api-client/cart/reshape.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import type { CartLine } from '#api-client/core/types.ts';
import { cartWire } from '#api-client/wire/cart.ts';
import { groupCartLines } from '#islands/cart/accessory-lines.ts';
import { resetCartStoreForTests, useCartStore } from '#stores/cart.ts';
import { fakeFetch, type Handler, json, memoryTokens } from './fake-api.ts';
import { cart, product } from './fixtures.ts';

const line = (key: string, parentKey: string | null = null): CartLine => ({
  key,
  productId: 1,
  productKey: `p-${key}`,
  name: key,
  image: '',
  unitPriceWithTax: 100,
  quantity: 1,
  subtotalWithTax: 100,
  taxRate: 10,
  isFood: false,
  parentKey,
});

/** A wire cart: line-1 with its accessory line-2 (parent_key), and a payment failure. */
function wireWithAccessory(transactionError: { message: string; code: string } | null = null) {
  const wire = cart('t', [
    [1, 1],
    [2, 3],
  ]);
  return {
    ...wire,
    detail: { ...wire.detail, products: [wire.detail.products[0], { ...wire.detail.products[1], parent_key: 'line-1' }] },
    transaction_error: transactionError,
  };
}

function setup(handler: Handler, session: { accessToken: string; expiresAt: number } | null = null) {
  resetClient();
  const api = fakeFetch(handler);
  configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens(session), navigate: vi.fn(), currentPath: () => '/cart/' });
  return api;
}

beforeEach(() => resetCartStoreForTests());

describe('accessory lines nest under their line', () => {
  it('keeps the server order of the own lines and puts each accessory under its parent', () => {
    const groups = groupCartLines([line('a'), line('a1', 'a'), line('b'), line('a2', 'a'), line('b1', 'b')]);
    expect(groups.map((g) => [g.line.key, g.accessories.map((x) => x.key)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ]);
  });

  it('shows an accessory whose parent is not in the cart as a line of its own', () => {
    expect(groupCartLines([line('x', 'gone'), line('b')]).map((g) => [g.line.key, g.accessories.length])).toEqual([
      ['x', 0],
      ['b', 0],
    ]);
  });

  it('a cart without accessories is one group per line', () => {
    expect(groupCartLines([line('a'), line('b')]).map((g) => g.accessories)).toEqual([[], []]);
  });
});

describe('the storefront cart carries parent_key and transaction_error', () => {
  it('decodes and reshapes them', () => {
    const c = toCart(
      cartWire(wireWithAccessory({ message: 'カード会社により決済が承認されませんでした。', code: 'cart.payment.declined' })),
    );
    expect(c.lines.map((l) => [l.key, l.parentKey])).toEqual([
      ['line-1', null],
      ['line-2', 'line-1'],
    ]);
    expect(c.transactionError).toEqual({ message: 'カード会社により決済が承認されませんでした。', code: 'cart.payment.declined' });
    expect(c.count).toBe(4);
  });

  it('no failure, and a cart draft saved before the field, read as null', () => {
    expect(toCart(cartWire(wireWithAccessory(null))).transactionError).toBeNull();
    expect(toCart(cartWire(cart('t', [[1, 1]]))).transactionError).toBeNull();
  });

  it('rejects a malformed failure', () => {
    expect(() => cartWire({ ...cart('t'), transaction_error: { code: 'x' } })).toThrow(/transaction_error\.message/);
  });
});

describe('calls', () => {
  it('accessory add, modify and delete send the line key, accessory and quantity', async () => {
    const api = setup(() => json(wireWithAccessory()));
    await addCartAccessory({ token: 't', key: 'line-1', accessory_id: 2, quantity: 3 });
    await modifyCartAccessory({ token: 't', key: 'line-2', quantity: 1 });
    await deleteCartAccessory({ token: 't', key: 'line-2' });
    expect(api.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/v1/carts/accessories/add', { token: 't', key: 'line-1', accessory_id: 2, quantity: 3 }],
      ['PATCH', '/v1/carts/accessories/modify', { token: 't', key: 'line-2', quantity: 1 }],
      ['PATCH', '/v1/carts/accessories/delete', { token: 't', key: 'line-2' }],
    ]);
  });

  it('deleting the payment failure stores the answered cart, so it is not shown again', async () => {
    let failure: { message: string; code: string } | null = { message: '本人認証に失敗しました。', code: 'cart.payment.3ds_failed' };
    const api = setup((c) => {
      if (c.url === '/v1/carts/transaction/error/delete') failure = null;
      return json(wireWithAccessory(failure));
    });
    await useCartStore.getState().init();
    expect(useCartStore.getState().cart?.transactionError?.code).toBe('cart.payment.3ds_failed');
    await useCartStore.getState().apply((token) => deleteCartTransactionError(token));
    expect(api.calls.at(-1)).toMatchObject({ method: 'PATCH', url: '/v1/carts/transaction/error/delete', body: { token: 't' } });
    expect(useCartStore.getState().cart?.transactionError).toBeNull();
  });

  it("a product's accessories are asked without the bearer and read as name, price and stock", async () => {
    const api = setup(() => json([{ ...product(7), product_price_with_tax: 1320, is_stock_available: false }]), {
      accessToken: 'member',
      expiresAt: Date.now() + 60_000,
    });
    expect(await listProductAccessories('p 7')).toEqual([{ id: 7, name: '商品7', priceWithTax: 1320, inStock: false }]);
    expect(api.calls[0].url).toBe('/v1/products/p%207/accessories');
    // Shared-cacheable per product key (spec 3), even for a signed-in member.
    expect(JSON.stringify(api.calls[0].headers)).not.toContain('member');
  });
});
