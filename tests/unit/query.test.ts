/** Server data with @nanostores/query: fetchers wired to the API client, mutations invalidate keys. */

import { atom } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '#api-client/core/errors.ts';
import { configureClient, endSession, resetClient } from '#api-client/core/http.ts';
import { $addresses } from '#stores/queries/addresses.ts';
import { createProductListStore, searchFromParams } from '#stores/queries/catalog.ts';
import { createApiMutator, holdAtLeast, invalidateKeys, retryDelay } from '#stores/queries/client.ts';
import {
  addressKeys,
  catalogKeys,
  checkoutKeys,
  contentKeys,
  orderKeys,
  PERSONAL_PREFIX,
  QUERY_KEYS,
  userKeys,
} from '#stores/queries/keys.ts';
import { createOrderListStore, createOrderStore } from '#stores/queries/orders.ts';
import * as legacy from '#stores/query.ts';
import { fakeFetch, type Handler, json, memoryTokens } from './fake-api.ts';
import { address, order, product } from './fixtures.ts';

function setup(handler: Handler) {
  resetClient();
  const api = fakeFetch(handler);
  configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens({ accessToken: 't', expiresAt: Date.now() + 60_000 }) });
  return api;
}

/** Subscribes and waits until the store has data or an error. */
function settled<T>(store: { subscribe: (cb: (v: { data?: T; error?: unknown; loading: boolean }) => void) => () => void }) {
  return new Promise<{ data?: T; error?: unknown }>((resolve) => {
    const unsub = store.subscribe((v) => {
      if (!v.loading && (v.data !== undefined || v.error !== undefined)) {
        queueMicrotask(() => unsub());
        resolve(v);
      }
    });
  });
}

beforeEach(() => invalidateKeys(() => true));

describe('fetcher stores', () => {
  it('the order list store fetches the page in its atom through the API client', async () => {
    const api = setup(() => json([order(1)], 200, { 'x-total': '1', 'x-per-page': '10', 'x-last-page': '1', 'x-current-page': '2' }));
    const $page = atom(2);
    const v = await settled(createOrderListStore($page));
    expect(v.data).toMatchObject({ items: [{ id: 1 }], pagination: { current: 2 } });
    expect(api.calls[0]).toMatchObject({ url: '/v1/me/orders?page=2', headers: { Authorization: 'Bearer t' } });
  });

  it('the product list store keys by the query actually sent (category adds child=1)', async () => {
    const api = setup(() => json([product(1)]));
    const store = createProductListStore(atom({ category: 'tops', page: 2 }));
    const v = await settled(store);
    expect(store.key).toBe('products?category=tops&child=1&page=2');
    expect((v.data as { items: unknown[] }).items).toHaveLength(1);
    expect(api.calls[0].url).toBe('/v1/products?category=tops&child=1&page=2');
  });

  it('surfaces API errors as the store error', async () => {
    setup(() => json({ message: '見つかりません。' }, 404));
    const v = await settled($addresses);
    expect(v.error).toBeInstanceOf(ApiError);
  });

  it('reads the product search back from a key', () => {
    expect(searchFromParams(new URLSearchParams('category=tops&child=1&page=2&sort=new'))).toEqual({
      page: 2,
      per: undefined,
      category: 'tops',
      maker: undefined,
      brand: undefined,
      keyword: undefined,
      sort: 'new',
      child: true,
    });
  });
});

describe('mutations and invalidation', () => {
  it('a mutation invalidates the keys it changes, so the list refetches', async () => {
    let listCalls = 0;
    setup((c) => {
      if (c.url === '/v1/me/user-addresses') {
        listCalls += 1;
        return json([address], 200, { 'x-limit': '20' });
      }
      return json({});
    });
    const unsub = $addresses.subscribe(() => {});
    await settled($addresses);
    const $add = createApiMutator(async (_: { name: string }) => 'ok', [QUERY_KEYS.addresses]);
    await $add.mutate({ name: '自宅' });
    await new Promise((r) => setTimeout(r, 300));
    expect(listCalls).toBe(2);
    unsub();
  });

  it('logout drops every cached key', async () => {
    let calls = 0;
    setup(() => {
      calls += 1;
      return json([address]);
    });
    const unsub = $addresses.subscribe(() => {});
    await settled($addresses);
    endSession({ keepCart: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toBe(2);
    unsub();
  });
});

describe('query keys by domain', () => {
  it('every personal key (member, addresses, orders) starts with me/ so login and logout drop it', () => {
    for (const key of [userKeys.me, addressKeys.list, orderKeys.all, orderKeys.listPrefix, orderKeys.detail(7)])
      expect(key.startsWith(PERSONAL_PREFIX), key).toBe(true);
    for (const key of [catalogKeys.products, catalogKeys.product('x'), checkoutKeys.cartPayments, contentKeys.frontSettings])
      expect(key.startsWith(PERSONAL_PREFIX), key).toBe(false);
  });

  it('an order detail store keys by the order under the orders prefix', async () => {
    const api = setup(() => json(order(12)));
    const store = createOrderStore(12);
    await settled(store);
    expect(store.key).toBe('me/orders/12');
    expect(api.calls[0].url).toBe('/v1/me/orders/12');
  });

  it('the old flat names still resolve to the same keys and stores through src/stores/query.ts', () => {
    expect(QUERY_KEYS).toEqual({
      personal: 'me/',
      me: 'me/user',
      addresses: 'me/user-addresses',
      orders: 'me/orders',
      products: 'products',
      cartPayments: 'payments/carts/',
      frontSettings: 'settings/front',
    });
    expect(legacy.$addresses).toBe($addresses);
    expect(legacy.createCartPaymentsStore).toBeTypeOf('function');
    expect(legacy.$me).toBeDefined();
  });
});

describe('retry and loading rules', () => {
  it('retries network failures and 5xx with backoff, never 4xx, cancellations or handled errors', () => {
    expect(retryDelay(new ApiError({ status: 0, message: '', code: 'client.network', ignored: true }), 1)).toBe(1000);
    expect(retryDelay(new ApiError({ status: 502, message: '' }), 2)).toBe(2000);
    expect(retryDelay(new ApiError({ status: 502, message: '' }), 4)).toBeNull();
    expect(retryDelay(new ApiError({ status: 422, message: '' }), 1)).toBeNull();
    expect(retryDelay(new ApiError({ status: 0, message: '', code: 'client.aborted', ignored: true }), 1)).toBeNull();
    expect(retryDelay(new ApiError({ status: 503, message: '', handled: true }), 1)).toBeNull();
  });

  it('a fast answer is not held (its loader never appeared), a slow one keeps its loader at least 200 ms', async () => {
    let start = Date.now();
    expect(await holdAtLeast(Promise.resolve('x'))).toBe('x');
    expect(Date.now() - start).toBeLessThan(50);
    start = Date.now();
    const slow = new Promise((r) => setTimeout(() => r('y'), 150));
    expect(await holdAtLeast(slow)).toBe('y');
    // The loader appeared at 100 ms: it stays until 300 ms.
    expect(Date.now() - start).toBeGreaterThanOrEqual(295);
  });
});
