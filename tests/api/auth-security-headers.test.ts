/** Spec issue 4: every API answer carries the security headers and a restrictive CSP; HSTS only over HTTPS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
}

describe('API security headers', () => {
  it('are on answers, errors and unknown paths alike, without HSTS over plain HTTP', async () => {
    const answers = [
      await shop.request('GET', '/v1/products'),
      await shop.request('GET', '/public.json'),
      await shop.request('GET', '/v1/no-such-thing'),
      await shop.request('POST', '/v1/auth/login', { body: { username: 'demo', password: 'nope' } }),
      await shop.request('GET', '/v1/me/user'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 422, 401]);
    for (const res of answers) {
      expectSecurityHeaders(res);
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('add HSTS over HTTPS, and for X-Forwarded-Proto: https only behind a trusted proxy', async () => {
    const https = await shop.app.request('https://shop.example/v1/products', { headers: { 'X-Channel-Id': 'default' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const forwarded = { headers: { 'X-Channel-Id': 'default', 'X-Forwarded-Proto': 'https' } };
    expect((await shop.app.request('/v1/products', forwarded)).headers.get('strict-transport-security')).toBeNull();
    const proxied = createApp({ db: shop.database.db, env: shop.envWith({ TRUSTED_PROXIES: '127.0.0.1, ::1' }) });
    expect(
      (await proxied.request('/v1/products', forwarded, { incoming: { socket: { remoteAddress: '127.0.0.1' } } })).headers.get(
        'strict-transport-security',
      ),
    ).toMatch(/max-age/);
    // The same header from a peer not on TRUSTED_PROXIES (a client reaching the process directly) is not believed.
    expect(
      (await proxied.request('/v1/products', forwarded, { incoming: { socket: { remoteAddress: '203.0.113.5' } } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    expect((await proxied.request('/v1/products', forwarded)).headers.get('strict-transport-security')).toBeNull();
  });
});
