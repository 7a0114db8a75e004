/**
 * The API's operator surface over a real database: X-Request-Id on every answer (and taken from a
 * trusted proxy only), request_id in error bodies, req_id in the log lines of that request, and
 * /metrics: invisible (404) without the token, the Prometheus text with it, labelled by route
 * pattern, with the pool and outbox gauges and the refused-login counter.
 */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_EDITOR } from '../../api/src/db/seed/index.ts';
import { setLogDestination } from '../../api/src/lib/log.ts';
import { watchOutbox } from '../../api/src/services/outbox/metrics.ts';
import { createTestShop, type TestShop } from './helpers.ts';

const HEX32 = /^[0-9a-f]{32}$/;
const TOKEN = 'metrics-token-for-this-test-only-0123456789';
let shop: TestShop;
let productKey: string;
beforeAll(async () => {
  shop = await createTestShop();
  productKey = ((await (await shop.request('GET', '/v1/products?per=1')).json()) as { key: string }[])[0].key;
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => {
  delete process.env.METRICS_TOKEN;
  delete process.env.TRUSTED_PROXIES;
  setLogDestination(null);
});

describe('request ids', () => {
  it('every answer carries X-Request-Id; an error body names the same id', async () => {
    const ok = await shop.request('GET', `/v1/products/${productKey}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toMatch(HEX32);
    for (const [path, status] of [
      ['/v1/no-such-thing', 404],
      ['/v1/products/no-such-product-key', 404],
      ['/v1/products?per=abc', 422],
      ['/public.json', 200],
    ] as const) {
      const res = await shop.request('GET', path);
      expect(res.status, path).toBe(status);
      const id = res.headers.get('x-request-id');
      expect(id, path).toMatch(HEX32);
      if (status >= 400) expect((await res.json()).request_id, path).toBe(id);
    }
    const unknownChannel = await shop.request('GET', '/v1/products', { channel: 'no-such-channel' });
    expect((await unknownChannel.json()).request_id).toBe(unknownChannel.headers.get('x-request-id'));
  });

  it("over a socket: a client's X-Request-Id is replaced, a trusted proxy's is kept", async () => {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/products?per=1`;
      const headers = { 'x-channel-id': 'default', 'x-request-id': 'edge-0123456789abcdef' };
      expect((await fetch(url, { headers })).headers.get('x-request-id')).toMatch(HEX32);
      process.env.TRUSTED_PROXIES = '127.0.0.1,::1';
      expect((await fetch(url, { headers })).headers.get('x-request-id')).toBe('edge-0123456789abcdef');
      expect((await fetch(url, { headers: { ...headers, 'x-request-id': 'bad id with spaces' } })).headers.get('x-request-id')).toMatch(
        HEX32,
      );
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('a log line written while handling a request carries its req_id', async () => {
    const login = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_EDITOR.login, password: DEV_EDITOR.password } });
    const { access_token: editor } = await login.json();
    const lines: Record<string, unknown>[] = [];
    setLogDestination({ write: (line: string) => lines.push(JSON.parse(line)) });
    const on = await shop.request('PUT', '/admin/v1/maintenance', { token: editor, body: { enabled: true } });
    expect(on.status).toBe(200);
    const off = await shop.request('PUT', '/admin/v1/maintenance', { token: editor, body: { enabled: false } });
    expect(off.status).toBe(200);
    const switched = lines.filter((l) => String(l.msg).startsWith('maintenance '));
    expect(switched.map((l) => l.req_id)).toEqual([on.headers.get('x-request-id'), off.headers.get('x-request-id')]);
    expect(switched[0]).toMatchObject({ level: 'info', component: 'api', pid: process.pid });
  });
});

describe('/metrics', () => {
  const scrape = (token?: string) => shop.app.request('/metrics', token ? { headers: { Authorization: `Bearer ${token}` } } : {});

  it('is a 404 without METRICS_TOKEN, without the header and with a wrong token', async () => {
    expect((await scrape(TOKEN)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    expect((await scrape()).status).toBe(404);
    const wrong = await scrape(`${TOKEN}x`);
    expect(wrong.status).toBe(404);
    expect((await wrong.json()).code).toBe('common.not_found');
  });

  it('answers the Prometheus text to the token: routes as patterns, pool and outbox gauges, login refusals', async () => {
    process.env.METRICS_TOKEN = TOKEN;
    watchOutbox(shop.database.db);
    await shop.request('GET', `/v1/products/${productKey}`);
    await shop.request('GET', '/v1/no-such-thing');
    const refusals = async () =>
      Number(/shop_login_refusals_total\{reason="bad_credentials"\} (\d+)/.exec(await (await scrape(TOKEN)).text())?.[1] ?? 0);
    const before = await refusals();
    const bad = await shop.request('POST', '/v1/auth/login', { body: { username: 'demo@example.jp', password: 'not-the-password' } });
    expect(bad.status).toBe(422);
    expect(await refusals()).toBe(before + 1);

    const res = await scrape(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toMatch(/shop_http_requests_total\{route="\/v1\/products\/:key",method="GET",status="200"\} \d+/);
    expect(text).not.toContain(`/v1/products/${productKey}"`);
    expect(text).toMatch(/shop_http_requests_total\{route="unmatched",method="GET",status="404"\} \d+/);
    expect(text).toMatch(/shop_http_request_duration_seconds_bucket\{le="0\.005",route="\/v1\/products\/:key"/);
    expect(text).toMatch(/shop_db_pool_connections\{state="in_use"\} \d+/);
    expect(text).toMatch(/shop_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/shop_mail_outbox_backlog \d+/);
    expect(text).toMatch(/shop_mail_outbox_oldest_age_seconds [\d.e+-]+/);
    expect(text).toMatch(/shop_process_resident_memory_bytes \d+/);
  });
});
