// @vitest-environment jsdom
/** Cart store (spec 4 "Cart", spec 8 cart rows). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, endSession, resetClient } from '#api-client/core/http.ts';
import { resetCartStoreForTests, SHIPPING_NOT_DATA_CODE, useCartStore } from '#stores/cart.ts';
import { clearCartDraft, restoreCartDraft, saveCartDraft } from '#stores/cart-draft.ts';
import { useToastStore } from '#stores/toast.ts';
import { type Call, fakeFetch, type Handler, json, memoryTokens } from './fake-api.ts';
import { cart } from './fixtures.ts';
import { Cookies } from './test-cookies.ts';

function setup(handler: Handler, path = '/cart/') {
  resetClient();
  const api = fakeFetch(handler);
  const navigate = vi.fn();
  configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens(), navigate, currentPath: () => path });
  return { ...api, navigate };
}

const store = () => useCartStore.getState();
const inits = (calls: Call[]) => calls.filter((c) => c.url === '/v1/carts/init').map((c) => c.body);

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
  resetCartStoreForTests();
  useToastStore.getState().clear();
});

describe('init', () => {
  it('loads the cart of the stored cart token and mirrors it into cartToken and cart_cache', async () => {
    Cookies.set('cartToken', 'c1');
    const { calls } = setup(() =>
      json(
        cart('c1', [
          [1, 2],
          [2, 1],
        ]),
      ),
    );
    await store().init();
    expect(inits(calls)).toEqual([{ token: 'c1' }]);
    expect(store().cart?.token).toBe('c1');
    expect(Cookies.get('cartToken')).toBe('c1');
    expect(JSON.parse(Cookies.get('cart_cache') ?? '')).toEqual({ count: 3 });
  });

  it('starts a new cart when there is no token', async () => {
    const { calls } = setup(() => json(cart('new')));
    await store().init();
    expect(inits(calls)).toEqual([{ token: null }]);
    expect(Cookies.get('cartToken')).toBe('new');
    expect(Cookies.get('cart_cache')).toBe('{"count":0}');
  });

  it('concurrent inits wait for the first', async () => {
    const { calls } = setup(() => json(cart('c1')));
    const [a, b, c] = await Promise.all([store().init(), store().init(), store().init()]);
    expect(inits(calls)).toHaveLength(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('a product-not-found init error adds a load task that re-inits with invalid_product', async () => {
    Cookies.set('cartToken', 'c1');
    let n = 0;
    const { calls } = setup(() =>
      n++ === 0 ? json({ message: '商品が見つかりません。', code: 'cart.product_not_found' }, 422) : json(cart('c1')),
    );
    expect((await store().init())?.token).toBe('c1');
    expect(inits(calls)).toEqual([{ token: 'c1' }, { token: 'c1', invalid_product: true }]);
    expect(store().productNotFound).toBe(true);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('any other init error shows an error toast', async () => {
    setup(() => json({ message: 'カートを作成できませんでした。' }, 500));
    expect(await store().init()).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([['error', 'カートを作成できませんでした。']]);
  });

  it('a network error during init shows nothing', async () => {
    setup(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await store().init()).toBeNull();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

describe('operations', () => {
  it('every operation stores the returned cart and updates cart_cache', async () => {
    const { calls } = setup((c) => json(c.url.endsWith('/add') ? cart('c1', [[5, 2]]) : cart('c1')));
    await store().init();
    await store().add(5, 2);
    expect(calls.at(-1)?.body).toEqual({ token: 'c1', product_id: 5, quantity: 2 });
    expect(store().cart?.lines[0].quantity).toBe(2);
    expect(Cookies.get('cart_cache')).toBe('{"count":2}');
  });

  it('modify, remove, shipping and payment send the cart token', async () => {
    const { calls } = setup(() => json(cart('c1', [[1, 1]])));
    await store().init();
    await store().modify('line-1', 3);
    await store().remove('line-1');
    await store().setShipping(9);
    await store().setPayment(1);
    expect(calls.slice(1).map((c) => [c.url, c.body])).toEqual([
      ['/v1/carts/products/modify', { token: 'c1', key: 'line-1', quantity: 3 }],
      ['/v1/carts/products/delete', { token: 'c1', key: 'line-1' }],
      ['/v1/carts/shippings/add', { token: 'c1', user_address_id: 9 }],
      ['/v1/carts/order/modify', { token: 'c1', payment_id: 1 }],
    ]);
  });

  it('an operation without a cart initialises one first', async () => {
    const { calls } = setup(() => json(cart('c1', [[1, 1]])));
    await store().add(1);
    expect(calls.map((c) => c.url)).toEqual(['/v1/carts/init', '/v1/carts/products/add']);
  });

  it('cart expiry on a cart page resets the cart and goes to /cart/', async () => {
    const { calls, navigate } = setup((c) => {
      if (c.url === '/v1/carts/products/modify')
        return json({ message: 'カートの有効期限が切れました。', code: 'cart.common.is_expired' }, 422);
      return json(cart(inits([c]).length && (c.body as { token: string | null }).token === null ? 'fresh' : 'old'));
    }, '/cart/confirm/');
    await store().init();
    await expect(store().modify('line-1', 2)).rejects.toMatchObject({ code: 'cart.common.is_expired' });
    expect(inits(calls).at(-1)).toEqual({ token: null });
    expect(store().token).toBe('fresh');
    expect(Cookies.get('cartToken')).toBe('fresh');
    expect(navigate).toHaveBeenCalledWith('/cart/');
  });

  it('cart expiry on /cart/ itself resets without navigating', async () => {
    const { navigate } = setup(
      (c) => (c.url.endsWith('/modify') ? json({ code: 'cart.common.is_expired', message: 'x' }, 422) : json(cart('c1'))),
      '/cart/',
    );
    await store().init();
    await expect(store().modify('k', 1)).rejects.toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['add', 'cart.product_not_found'],
    ['add', 'cart.update_products.not_sale'],
    ['modify', 'cart_detail.product_not_found'],
    ['modify', 'cart.update_products.not_sale'],
    ['remove', 'cart.product_not_found'],
  ] as const)('%s answering %s resets the cart: cookies cleared, a new cart initialised (spec 8)', async (op, code) => {
    let n = 0;
    const { calls } = setup((c) => {
      if (!c.url.endsWith('/init')) return json({ message: '販売していない商品です。', code }, 422);
      return json(n++ === 0 ? cart('old', [[1, 1]]) : cart('fresh'));
    });
    await store().init();
    const run = { add: () => store().add(1), modify: () => store().modify('line-1', 2), remove: () => store().remove('line-1') }[op];
    await expect(run()).rejects.toMatchObject({ code });
    // The old token is not sent again: the cart is dropped and a new one asked for.
    expect(inits(calls)).toEqual([{ token: null }, { token: null, invalid_product: true }]);
    expect(store().token).toBe('fresh');
    expect(Cookies.get('cartToken')).toBe('fresh');
    expect(Cookies.get('cart_cache')).toBe('{"count":0}');
  });

  it('cart_detail.set_user_address.not_data resets the shipping once', async () => {
    let resets = 0;
    const { calls } = setup((c) => {
      if (c.url.endsWith('/shippings/add')) return json({ message: 'x', code: SHIPPING_NOT_DATA_CODE }, 422);
      if (c.url.endsWith('/shippings/reset')) return resets++ === 0 ? json({ message: 'x' }, 500) : json(cart('c1'));
      return json(cart('c1'));
    });
    await store().init();
    await expect(store().setShipping(1)).rejects.toBeTruthy();
    expect(store().shippingResetFailed).toBe(true);
    await expect(store().setShipping(1)).rejects.toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/shippings/reset'))).toHaveLength(1);
  });
});

describe('decision', () => {
  it('returns order_no, then clears cartToken, cart_cache and the cart', async () => {
    let paymentFlagDuringDecision: string | undefined;
    setup((c) => {
      if (c.url.endsWith('/decision')) {
        paymentFlagDuringDecision = Cookies.get('isDoPayment');
        return json({ order_no: '20260401-0001', order_id: 1 });
      }
      return json(cart('c1', [[1, 1]]));
    });
    await store().init();
    expect(await store().decide()).toBe('20260401-0001');
    expect(paymentFlagDuringDecision).toBe('1');
    expect(Cookies.get('isDoPayment')).toBeUndefined();
    expect(Cookies.get('cartToken')).toBeUndefined();
    expect(Cookies.get('cart_cache')).toBeUndefined();
    expect(store()).toMatchObject({ cart: null, token: null });
  });

  it('a failed decision keeps the cart and clears the payment flag', async () => {
    setup((c) =>
      c.url.endsWith('/decision')
        ? json({ message: '在庫が不足しています。', code: 'cart.stock.insufficient' }, 422)
        : json(cart('c1', [[1, 1]])),
    );
    await store().init();
    await expect(store().decide()).rejects.toMatchObject({ code: 'cart.stock.insufficient' });
    expect(store().token).toBe('c1');
    expect(store().isDoPayment()).toBe(false);
  });
});

describe('draft and session', () => {
  it('the cart draft can be saved to and restored from browser storage', async () => {
    setup(() => json(cart('c1', [[1, 2]])));
    await store().init();
    saveCartDraft();
    resetCartStoreForTests();
    expect(store().cart).toBeNull();
    expect(restoreCartDraft()).toBe(true);
    expect(store().cart?.lines[0].quantity).toBe(2);
    clearCartDraft();
    expect(restoreCartDraft()).toBe(false);
  });

  it('placing the order forgets the saved cart draft', async () => {
    setup((c) => (c.url.endsWith('/decision') ? json({ order_no: 'A-1', order_id: 1 }) : json(cart('c1', [[1, 1]]))));
    await store().init();
    saveCartDraft();
    await store().decide();
    expect(restoreCartDraft()).toBe(false);
  });

  it('a tampered draft is not restored', () => {
    localStorage.setItem('shop:cart-draft', JSON.stringify({ token: 'x', cart: { nope: 1 }, saved_at: 1 }));
    expect(restoreCartDraft()).toBe(false);
  });

  it('logout forgets the cart unless keepCart', async () => {
    setup(() => json(cart('c1')));
    await store().init();
    endSession({ keepCart: true });
    expect(store().token).toBe('c1');
    endSession();
    expect(store()).toMatchObject({ cart: null, token: null });
    expect(Cookies.get('cartToken')).toBeUndefined();
  });
});
