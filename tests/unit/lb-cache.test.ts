/**
 * The balancer's shared cache (scripts/lb-cache.ts inside scripts/lb.ts), through the real balancer
 * in front of a real HTTP backend: only what the backend declares shareable is kept, it is keyed by
 * Vary (a signed-in or another channel's answer never reaches someone else), it expires, is
 * refreshed behind a stale answer, and concurrent misses reach the backend once.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { negotiatedEncoding, storable } from '../../scripts/lb-cache.ts';
import { startBalancer, type Balancer } from '../../scripts/lb.ts';

/** What the backend answers per path: headers, and a body naming the request (so a shared one shows). */
const routes: Record<string, (req: { headers: IncomingHttpHeaders; n: number }) => { headers: Record<string, string>; delay?: number; status?: number }> = {
  '/v1/products': () => ({ headers: { 'cache-control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=60', vary: 'Authorization, X-Channel-Id' } }),
  '/v1/private': () => ({ headers: { 'cache-control': 'private, no-store' } }),
  '/v1/signed': ({ headers }) => (headers.authorization
    ? { headers: { 'cache-control': 'private, no-store', vary: 'Authorization' } }
    : { headers: { 'cache-control': 'public, s-maxage=30', vary: 'Authorization' } }),
  '/v1/no-vary': () => ({ headers: { 'cache-control': 'public, s-maxage=30' } }),
  '/cookie': () => ({ headers: { 'cache-control': 'public, s-maxage=30', 'set-cookie': 'a=1' } }),
  '/page': () => ({ headers: { 'cache-control': 'public, max-age=0, s-maxage=60', vary: 'Accept-Encoding', etag: '"p1"' } }),
  '/short': () => ({ headers: { 'cache-control': 'public, s-maxage=1, stale-while-revalidate=60' } }),
  '/short-etag': ({ headers }) => (headers['if-none-match'] === '"e1"'
    ? { headers: { 'cache-control': 'public, s-maxage=1, stale-while-revalidate=60', etag: '"e1"' }, status: 304 }
    : { headers: { 'cache-control': 'public, s-maxage=1, stale-while-revalidate=60', etag: '"e1"' } }),
  '/expiring': () => ({ headers: { 'cache-control': 'public, s-maxage=1' } }),
  '/closing': ({ n }) => (n === 1
    ? { headers: { 'cache-control': 'public, s-maxage=1, stale-while-revalidate=60' } }
    : { headers: { 'cache-control': 'no-store' }, status: 503 }),
  '/slow-channel': () => ({ headers: { 'cache-control': 'public, s-maxage=30', vary: 'X-Channel-Id' }, delay: 200 }),
  '/slow': () => ({ headers: { 'cache-control': 'public, s-maxage=30' }, delay: 200 }),
  '/revalidate-only': () => ({ headers: { 'cache-control': 'public, max-age=0, must-revalidate' } }),
};
const hits = new Map<string, number>();
let server: Server;
let lb: Balancer;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const n = (hits.get(req.url ?? '') ?? 0) + 1;
    hits.set(req.url ?? '', n);
    const route = routes[path];
    if (!route) { res.writeHead(404); res.end(); return; }
    const { headers, delay = 0, status = 200 } = route({ headers: req.headers, n });
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({ n, auth: req.headers.authorization ?? null, channel: req.headers['x-channel-id'] ?? null, method: req.method }));
    }, delay);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  lb = await startBalancer({ port: 0, api: [{ name: 'api', port, healthy: true }], web: [{ name: 'web', port, healthy: true }], checkMs: 60_000, log: () => {} });
  base = `http://127.0.0.1:${lb.port}`;
});
afterAll(async () => {
  await lb?.close();
  await new Promise<void>((r) => server?.close(() => r()));
});
beforeEach(() => hits.clear());

let unique = 0;
/** A fresh URL per test (the cache outlives a test). */
const fresh = (path: string) => `${path}?t=${++unique}`;
/** A GET with exactly these headers (fetch() adds Cache-Control: no-cache to a conditional request). */
const get = (url: string, headers: Record<string, string> = {}) => new Promise<{
  status: number; cache: string | null; age: string | null; body: { n: number; auth: string | null; channel: string | null } | null;
}>((resolve, reject) => {
  request(`${base}${url}`, { headers }, (res) => {
    let text = '';
    res.on('data', (c: Buffer) => { text += c.toString(); });
    res.on('end', () => resolve({
      status: res.statusCode ?? 0, cache: (res.headers['x-cache'] as string | undefined) ?? null,
      age: (res.headers.age as string | undefined) ?? null, body: text ? JSON.parse(text) : null,
    }));
  }).on('error', reject).end();
});

describe('the balancer keeps what the processes declare shareable', () => {
  it('serves a guest catalogue read from memory after the first, with Age, per channel', async () => {
    const url = fresh('/v1/products');
    const first = await get(url, { 'x-channel-id': 'default' });
    const second = await get(url, { 'x-channel-id': 'default' });
    const other = await get(url, { 'x-channel-id': 'school' });
    expect(first).toMatchObject({ cache: 'MISS', body: { n: 1, channel: 'default' } });
    expect(second).toMatchObject({ cache: 'HIT', body: { n: 1, channel: 'default' } });
    expect(Number(second.age)).toBeGreaterThanOrEqual(0);
    expect(other).toMatchObject({ cache: 'MISS', body: { n: 2, channel: 'school' } });
    expect(hits.get(url)).toBe(2);
  });

  it('never hands a signed-in answer to anyone, nor a guest answer to a signed-in request', async () => {
    const url = fresh('/v1/signed');
    const guest = await get(url);
    const alice = await get(url, { authorization: 'Bearer alice' });
    const bob = await get(url, { authorization: 'Bearer bob' });
    const guestAgain = await get(url);
    expect(guest.body?.auth).toBeNull();
    expect(alice).toMatchObject({ cache: null, body: { auth: 'Bearer alice' } });
    expect(bob).toMatchObject({ cache: null, body: { auth: 'Bearer bob' } });
    expect(guestAgain).toMatchObject({ cache: 'HIT', body: { n: 1, auth: null } });
  });

  it('does not answer a request with Authorization from an answer that does not vary by it', async () => {
    const url = fresh('/v1/no-vary');
    await get(url);
    expect(await get(url)).toMatchObject({ cache: 'HIT' });
    expect(await get(url, { authorization: 'Bearer carol' })).toMatchObject({ body: { auth: 'Bearer carol' } });
    expect(hits.get(url)).toBe(2);
  });

  it('keeps nothing private, no-store, must-revalidate without s-maxage, or setting a cookie; POST goes through', async () => {
    for (const path of ['/v1/private', '/cookie', '/revalidate-only']) {
      const url = fresh(path);
      await get(url);
      await get(url);
      expect(hits.get(url), path).toBe(2);
    }
    const url = fresh('/v1/products');
    await get(url);
    const post = await fetch(`${base}${url}`, { method: 'POST', body: '{}' });
    expect((await post.json()).method).toBe('POST');
    expect(hits.get(url)).toBe(2);
  });

  it('keeps one copy per negotiated encoding and answers a matching If-None-Match with 304', async () => {
    const url = fresh('/page');
    await get(url, { 'accept-encoding': 'br, gzip' });
    await get(url, { 'accept-encoding': 'gzip' });
    expect(await get(url, { 'accept-encoding': 'gzip, deflate' })).toMatchObject({ cache: 'HIT', body: { n: 2 } });
    expect(await get(url, { 'accept-encoding': 'gzip, br' })).toMatchObject({ cache: 'HIT', body: { n: 1 } });
    expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': '"p1"' })).status).toBe(304);
    expect(hits.get(url)).toBe(2);
  });

  it('goes upstream for a request that asks for no-cache or max-age=0, and keeps the new answer', async () => {
    const url = fresh('/v1/no-vary');
    await get(url);
    expect(await get(url, { 'cache-control': 'no-cache' })).toMatchObject({ body: { n: 2 } });
    expect(await get(url)).toMatchObject({ cache: 'HIT', body: { n: 2 } });
    expect(await get(url, { 'cache-control': 'max-age=0' })).toMatchObject({ cache: 'MISS', body: { n: 3 } });
    expect(await get(url, { 'cache-control': 'max-age=60' })).toMatchObject({ cache: 'HIT', body: { n: 3 } });
  });

  it('sends concurrent misses for one URL upstream once', async () => {
    const url = fresh('/slow');
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(hits.get(url)).toBe(1);
    expect(answers.every((a) => a.body?.n === 1)).toBe(true);
  });

  it('does not hand a concurrent first request for another channel the first one\'s answer', async () => {
    const url = fresh('/slow-channel');
    const [a, b] = await Promise.all([get(url, { 'x-channel-id': 'default' }), get(url, { 'x-channel-id': 'school' })]);
    expect([a.body?.channel, b.body?.channel]).toEqual(['default', 'school']);
  });

  it('serves a stale answer within stale-while-revalidate while refreshing it once, and drops an expired one', async () => {
    const url = fresh('/short');
    const expiring = fresh('/expiring');
    await get(url);
    await get(expiring);
    await sleep(1100);
    const stale = await Promise.all([get(url), get(url)]);
    expect(stale.map((s) => [s.cache, s.body?.n])).toEqual([['STALE', 1], ['STALE', 1]]);
    await sleep(100);
    expect(hits.get(url)).toBe(2);
    expect(await get(url)).toMatchObject({ cache: 'HIT', body: { n: 2 } });
    expect(await get(expiring)).toMatchObject({ cache: 'MISS', body: { n: 2 } });
  });

  it('refreshes a stale copy with a whole answer even when the client that triggered it holds a validator', async () => {
    const url = fresh('/short-etag');
    await get(url);
    await sleep(1100);
    expect(await get(url, { 'if-none-match': '"e1"' })).toMatchObject({ status: 304, cache: 'STALE' });
    await sleep(100);
    expect(await get(url)).toMatchObject({ cache: 'HIT', body: { n: 2 } });
  });

  it('drops a stored answer whose refresh fails (a 503 in maintenance is not covered by an old page for long)', async () => {
    const url = fresh('/closing');
    await get(url);
    await sleep(1100);
    expect(await get(url)).toMatchObject({ cache: 'STALE', body: { n: 1 } });
    await sleep(100);
    expect(await get(url)).toMatchObject({ status: 503, body: { n: 3 } });
  });
});

describe('the rules on their own', () => {
  it('reads freshness from s-maxage, else public max-age, and refuses what a shared cache may not keep', () => {
    expect(storable(200, { 'cache-control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=300' })).toEqual({ freshMs: 60_000, staleMs: 300_000 });
    expect(storable(200, { 'cache-control': 'public, max-age=120' })).toEqual({ freshMs: 120_000, staleMs: 0 });
    expect(storable(200, { 'cache-control': 'max-age=120' })).toBeNull();
    expect(storable(200, { 'cache-control': 's-maxage=60, private' })).toBeNull();
    expect(storable(200, { 'cache-control': 's-maxage=60', vary: 'Accept-Encoding, *' })).toBeNull();
    expect(storable(404, { 'cache-control': 's-maxage=60' })).toBeNull();
    expect(storable(200, { 'cache-control': 'no-cache, s-maxage=60' })).toBeNull();
  });

  it('picks the encoding the processes would: br, then gzip, q=0 refused', () => {
    expect(negotiatedEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiatedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiatedEncoding('identity')).toBe('');
    expect(negotiatedEncoding('*')).toBe('br');
  });
});
