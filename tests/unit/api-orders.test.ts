import { beforeEach, describe, expect, it } from 'vitest';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { getOrder, listOrders } from '#api-client/mypage/orders.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';
import { order } from './fixtures.ts';

beforeEach(() => resetClient());

describe('order calls', () => {
  it('lists orders with pagination from the headers', async () => {
    const api = fakeFetch(() =>
      json([order(2), order(1)], 200, { 'x-total': '12', 'x-per-page': '10', 'x-last-page': '2', 'x-current-page': '2' }),
    );
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    const res = await listOrders({ page: 2 });
    expect(res.items.map((o) => o.id)).toEqual([2, 1]);
    expect(res.pagination).toEqual({ total: 12, per: 10, last: 2, current: 2 });
    expect(api.calls[0].url).toBe('/v1/me/orders?page=2');
  });

  it('reads one order', async () => {
    const api = fakeFetch(() => json(order(7)));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    expect((await getOrder(7)).order_no).toBe('2026-7');
    expect(api.calls[0].url).toBe('/v1/me/orders/7');
  });
});
