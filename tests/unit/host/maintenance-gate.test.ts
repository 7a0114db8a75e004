/**
 * The maintenance switch's pure parts: MAINTENANCE_ALLOW (addresses and CIDR ranges, nothing by
 * default, not even loopback) and the storefront server's gate (scripts/host/maintenance-gate.ts) against
 * a fake Shop API: pages held back while it is on, static files, /admin/ and allow-listed staff let
 * through, X-Forwarded-For believed only behind a trusted proxy, the state read at most once a
 * second, the last state kept when the API cannot be read, and the 503 answer itself.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowListOf, parseAllowList } from '../../../api/src/lib/allow-list.ts';
import { createMaintenanceGate, isUngatedPath } from '../../../scripts/host/maintenance-gate.ts';

describe('MAINTENANCE_ALLOW', () => {
  it('matches addresses and CIDR ranges of both families, IPv4-mapped addresses included', () => {
    const list = allowListOf('203.0.113.7, 198.51.100.0/24, 2001:db8::/32');
    expect(list.allows('203.0.113.7')).toBe(true);
    expect(list.allows('203.0.113.8')).toBe(false);
    expect(list.allows('198.51.100.250')).toBe(true);
    expect(list.allows('::ffff:198.51.100.3')).toBe(true);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('2001:db9::5')).toBe(false);
    expect(list.allows(null)).toBe(false);
    expect(list.allows('not an address')).toBe(false);
  });

  it('lets nobody through by default, not even loopback', () => {
    const list = allowListOf(undefined);
    for (const address of ['127.0.0.1', '::1', '10.0.0.1']) expect(list.allows(address)).toBe(false);
    expect(allowListOf(' , ').entries).toEqual([]);
  });

  it('names a bad entry instead of ignoring it', () => {
    expect(parseAllowList('10.0.0.0/8, example.com')).toEqual({ error: '"example.com" is not an IP address or CIDR range' });
    expect(parseAllowList('10.0.0.0/33')).toEqual({ error: '"10.0.0.0/33" has a bad prefix length' });
    expect(parseAllowList('2001:db8::/129')).toEqual({ error: '"2001:db8::/129" has a bad prefix length' });
    expect(() => allowListOf('10.0.0.0/8/1')).toThrow(/MAINTENANCE_ALLOW/);
  });
});

/** A build's client folder with a maintenance page, a script and a favicon. */
function clientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gate-'));
  mkdirSync(join(dir, 'maintenance'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'maintenance', 'index.html'), '<!doctype html><h1>メンテナンス中</h1>');
  writeFileSync(join(dir, '_astro', 'page.abc123.js'), 'export {}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

const req = (url: string, opts: { method?: string; address?: string; forwardedFor?: string } = {}) =>
  ({
    url,
    method: opts.method ?? 'GET',
    headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
    socket: { remoteAddress: opts.address ?? '198.51.100.20' },
  }) as unknown as IncomingMessage;

/** A fake Shop API answering GET /v1/maintenance with `state.enabled`, counting the calls. */
interface FakeApi {
  enabled: boolean;
  down: boolean;
  calls: number;
  fetch: typeof globalThis.fetch;
}
function fakeApi(initial: boolean): FakeApi {
  const api: FakeApi = {
    enabled: initial,
    down: false,
    calls: 0,
    fetch: (async () => {
      api.calls += 1;
      if (api.down) throw new Error('ECONNREFUSED');
      return new Response(JSON.stringify({ enabled: api.enabled, title: '更新中', message: 'しばらくお待ちください。' }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof globalThis.fetch,
  };
  return api;
}

function gateOver(api: FakeApi, opts: { allow?: string; trustedProxies?: string; clock?: { t: number } } = {}) {
  const clock = opts.clock ?? { t: 0 };
  return createMaintenanceGate({
    apiBaseUrl: 'http://api.test',
    channel: 'default',
    allow: allowListOf(opts.allow),
    trustedProxies: opts.trustedProxies,
    fetch: api.fetch,
    now: () => clock.t,
  });
}

describe('the storefront gate', () => {
  const dir = clientDir();

  it('holds back every page while on, but never static files or the editor screens', async () => {
    const gate = gateOver(fakeApi(true));
    expect(await gate.blocks(req('/'), dir)).toBe(true);
    expect(await gate.blocks(req('/product/abc/?color=1'), dir)).toBe(true);
    expect(await gate.blocks(req('/cart/add/', { method: 'POST' }), dir)).toBe(true);
    expect(await gate.blocks(req('/maintenance/'), dir)).toBe(true);
    expect(await gate.blocks(req('/_astro/page.abc123.js'), dir)).toBe(false);
    expect(await gate.blocks(req('/favicon.svg'), dir)).toBe(false);
    expect(await gate.blocks(req('/_astro/../../etc/passwd'), dir)).toBe(true);
    expect(await gate.blocks(req('/admin/'), dir)).toBe(false);
    expect(isUngatedPath('/admin?x')).toBe(true);
    expect(isUngatedPath('/administrator/')).toBe(false);
  });

  it('lets everything through while off', async () => {
    const gate = gateOver(fakeApi(false));
    expect(await gate.blocks(req('/'), dir)).toBe(false);
    expect(await gate.blocks(req('/cart/add/', { method: 'POST' }), dir)).toBe(false);
  });

  it('lets allow-listed staff through, by X-Forwarded-For only behind a trusted proxy', async () => {
    const api = fakeApi(true);
    const direct = gateOver(api, { allow: '203.0.113.0/24' });
    expect(await direct.blocks(req('/', { address: '203.0.113.9' }), dir)).toBe(false);
    expect(await direct.blocks(req('/', { address: '::ffff:203.0.113.9' }), dir)).toBe(false);
    expect(await direct.blocks(req('/', { forwardedFor: '203.0.113.9' }), dir)).toBe(true);
    const proxied = gateOver(api, { allow: '203.0.113.0/24', trustedProxies: '127.0.0.1' });
    expect(await proxied.blocks(req('/', { address: '127.0.0.1', forwardedFor: '203.0.113.9' }), dir)).toBe(false);
    // A peer not on TRUSTED_PROXIES is not believed.
    expect(await proxied.blocks(req('/', { address: '198.51.100.2', forwardedFor: '203.0.113.9' }), dir)).toBe(true);
    expect(await proxied.blocks(req('/', { address: '127.0.0.1', forwardedFor: '203.0.113.9, 198.51.100.1' }), dir)).toBe(true);
  });

  it('reads the state at most once a second, however many requests come', async () => {
    const api = fakeApi(false);
    const clock = { t: 0 };
    const gate = gateOver(api, { clock });
    await Promise.all(Array.from({ length: 20 }, () => gate.blocks(req('/'), dir)));
    expect(api.calls).toBe(1);
    api.enabled = true;
    clock.t = 999;
    expect(await gate.blocks(req('/'), dir)).toBe(false);
    clock.t = 1000;
    expect(await gate.blocks(req('/'), dir)).toBe(true);
    expect(api.calls).toBe(2);
  });

  it('keeps the last state while the API cannot be read', async () => {
    const api = fakeApi(true);
    const clock = { t: 0 };
    const gate = gateOver(api, { clock });
    expect(await gate.blocks(req('/'), dir)).toBe(true);
    api.down = true;
    clock.t = 5000;
    expect(await gate.blocks(req('/'), dir)).toBe(true);
    expect(api.calls).toBe(2); // asked, failed, kept
    const fresh = gateOver(api);
    expect(await fresh.blocks(req('/'), dir)).toBe(false); // never read: the shop stays open
  });

  it("answers 503 with the build's maintenance page, Retry-After and no-store (no body for HEAD)", () => {
    const gate = gateOver(fakeApi(true));
    const sent: { status?: number; headers?: Record<string, unknown>; body?: unknown } = {};
    const res = {
      writeHead(status: number, headers: Record<string, unknown>) {
        sent.status = status;
        sent.headers = headers;
        return this;
      },
      end(body?: unknown) {
        sent.body = body;
        return this;
      },
    } as unknown as ServerResponse;
    gate.answer(req('/'), res, dir);
    expect(sent.status).toBe(503);
    expect(sent.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'retry-after': '300', 'cache-control': 'no-store' });
    expect(String(sent.body)).toContain('<h1>メンテナンス中</h1>');
    gate.answer(req('/', { method: 'HEAD' }), res, dir);
    expect(sent.body).toBeUndefined();
  });
});
