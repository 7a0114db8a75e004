import { beforeEach, describe, expect, it } from 'vitest';
import { listCartPayments, listPayments } from '#api-client/checkout/payments.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';

beforeEach(() => resetClient());

describe('payment calls', () => {
  it('lists the methods usable for a cart', async () => {
    const methods = [{ id: 1, code: 'cod', name: '代金引換', description: '', fee: 330 }];
    const api = fakeFetch(() => json(methods));
    configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
    expect(await listCartPayments('tok')).toEqual(methods);
    expect(await listPayments()).toEqual(methods);
    expect(api.calls.map((c) => c.url)).toEqual(['/v1/payments/carts/tok', '/v1/payments']);
  });
});
