/**
 * Issue 21 §7, public writes are limited: every write of /v1 that needs no login has a per-client
 * limit and a body cap (api/src/services/rate-limit/public-writes.ts). The list is checked against
 * the app itself: every write in the OpenAPI document that answers a caller without a token other
 * than 401 must be in it, so a new public call without a limit fails here.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { PUBLIC_WRITE_LIMITS } from '../../api/src/services/rate-limit/public-writes.ts';
import { createTestShop, type TestShop } from './helpers.ts';

const run = randomBytes(2);
let shop: TestShop;
let proxied: ReturnType<typeof createApp>;
let doc: { paths: Record<string, Record<string, unknown>> };
let n = 0;
/** A client address of its own for each test (Redis keys outlive the test database). */
const nextAddress = () => {
  n += 1;
  return `198.18.${(run[0] + n) % 256}.${(run[1] + n) % 256}`;
};

beforeAll(async () => {
  shop = await createTestShop();
  proxied = createApp({ db: shop.database.db, env: shop.envWith({ TRUSTED_PROXIES: '127.0.0.1' }) });
  doc = await (await shop.request('GET', '/v1/openapi.json')).json();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** `METHOD /path` as the table keys it, to a request path with every parameter filled. */
const urlOf = (operation: string) => `/v1${operation.split(' ')[1].replace(/\{\w+\}/g, (p) => (p === '{provider}' ? 'testpay' : 'x1'))}`;

function send(operation: string, ip: string | null, body = '{}') {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'X-Channel-Id': 'default',
    'Content-Type': 'application/json',
  };
  if (ip) headers['X-Forwarded-For'] = ip;
  return Promise.resolve(
    proxied.request(
      urlOf(operation),
      { method: operation.split(' ')[0], headers, body },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    ),
  );
}

describe('every write without login is limited per client', () => {
  it('lists every write of the OpenAPI document that a caller without a token can reach, and nothing else', async () => {
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'get')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const open: string[] = [];
    for (const operation of writes) if ((await send(operation, null)).status !== 401) open.push(operation);
    expect(open.length).toBeGreaterThan(30);
    expect(open.filter((o) => !(o in PUBLIC_WRITE_LIMITS))).toEqual([]);
    expect(Object.keys(PUBLIC_WRITE_LIMITS).filter((o) => !writes.includes(o))).toEqual([]);
  }, 120_000);

  it.each(Object.entries(PUBLIC_WRITE_LIMITS))(
    '%s: request limit + 1 from one client answers 429 with Retry-After',
    async (operation, rule) => {
      const ip = nextAddress();
      expect((await send(operation, ip)).status).not.toBe(429);
      for (let i = 1; i < rule.limit; i++) await send(operation, ip);
      const refused = await send(operation, ip);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(rule.windowSeconds);
      expect(await refused.json()).toEqual({
        message: 'リクエストが多すぎます。しばらく時間をおいてから再度お試しください。',
        code: 'common.too_many_requests',
        request_id: expect.any(String),
      });
      // Another client is not affected.
      expect((await send(operation, nextAddress())).status).not.toBe(429);
    },
    120_000,
  );

  it('150 events from one client in one burst: the first 60 are stored, the other 90 answer 429', async () => {
    const ip = nextAddress();
    const event = JSON.stringify({ name: 'burst', args: { i: 1 } });
    const statuses = await Promise.all(Array.from({ length: 150 }, () => send('POST /ecommerce_events', ip, event).then((r) => r.status)));
    expect(statuses.filter((s) => s === 204)).toHaveLength(PUBLIC_WRITE_LIMITS['POST /ecommerce_events'].limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - PUBLIC_WRITE_LIMITS['POST /ecommerce_events'].limit);
  });

  it('counts an IPv6 /64 as one client', async () => {
    const net = `2001:db8:${run.toString('hex')}:1`;
    const rule = PUBLIC_WRITE_LIMITS['POST /product-histories'];
    for (let i = 0; i < rule.limit; i++) await send('POST /product-histories', `${net}::${(i + 1).toString(16)}`);
    expect((await send('POST /product-histories', `${net}:ffff::1`)).status).toBe(429);
  });

  it("a body over the call's cap is refused 413 before it is read, with or without a known address", async () => {
    const cap = PUBLIC_WRITE_LIMITS['POST /ecommerce_events'].bodyBytes!;
    const big = JSON.stringify({ name: 'big', args: { pad: 'x'.repeat(cap) } });
    for (const ip of [null, nextAddress()]) {
      const res = await send('POST /ecommerce_events', ip, big);
      expect(res.status).toBe(413);
      expect((await res.json()).code).toBe('common.payload_too_large');
    }
    // A small event still goes through.
    expect((await send('POST /ecommerce_events', nextAddress(), JSON.stringify({ name: 'small', args: {} }))).status).toBe(204);
  });
});
