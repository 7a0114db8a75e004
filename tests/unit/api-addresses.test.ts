import { beforeEach, describe, expect, it } from 'vitest';
import { listAddressItems } from '#api-client/account/address-items.ts';
import { listUserAddresses } from '#api-client/account/addresses.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { fakeFetch, json, memoryTokens } from './fake-api.ts';
import { address } from './fixtures.ts';

beforeEach(() => resetClient());

describe('address calls', () => {
  it('lists the addresses with the x-limit maximum', async () => {
    configureClient({ fetch: fakeFetch(() => json([address], 200, { 'x-limit': '20' })).fetch, tokens: memoryTokens() });
    expect(await listUserAddresses()).toEqual({ items: [address], limit: 20 });
  });

  it('has a null limit when the header is missing', async () => {
    configureClient({ fetch: fakeFetch(() => json([])).fetch, tokens: memoryTokens() });
    expect(await listUserAddresses()).toEqual({ items: [], limit: null });
  });

  it('lists the addresses for the checkout address step (spec 2 shipping-select) without reading x-limit', async () => {
    configureClient({ fetch: fakeFetch(() => json([address], 200, { 'x-limit': '20' })).fetch, tokens: memoryTokens() });
    expect(await listAddressItems()).toEqual([address]);
  });
});
