import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await createTestShop();
  token = await loginDemo(shop);
});
afterAll(() => shop.close());

describe('Cache-Control: member data is never stored by a cache', () => {
  it('lets a shared cache keep a guest catalogue read briefly, varying by channel and sign-in', async () => {
    const res = await shop.request('GET', '/v1/products?per=1');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    expect(res.headers.get('vary')).toMatch(/Authorization/);
    expect(res.headers.get('vary')).toMatch(/X-Channel-Id/);
  });

  it("keeps the shop's own server-side reads out of shared caches (they pass the maintenance switch)", async () => {
    const res = await shop.request('GET', '/v1/products?per=1', { headers: { 'x-shop-internal-secret': 'anything' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('marks a signed-in catalogue read private (it carries is_favorite)', async () => {
    const res = await shop.request('GET', '/v1/products?per=1', { token });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('marks /me/ reads private, including the 401 without a token', async () => {
    expect((await shop.request('GET', '/v1/me/user', { token })).headers.get('cache-control')).toBe('private, no-store');
    const guest = await shop.request('GET', '/v1/me/user');
    expect(guest.status).toBe(401);
    expect(guest.headers.get('cache-control')).toBe('private, no-store');
  });

  it('marks a guest cart private', async () => {
    const res = await shop.request('POST', '/v1/carts/init', { body: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('does not cache errors such as an unknown channel or an unknown product', async () => {
    expect((await shop.request('GET', '/v1/products', { channel: 'nope' })).headers.get('cache-control')).toBe('no-store');
    expect((await shop.request('GET', '/v1/products/no-such-key')).headers.get('cache-control')).toBe('no-store');
  });
});
