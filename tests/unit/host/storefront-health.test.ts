/**
 * The storefront process's /healthz and /readyz (scripts/host/health.ts) over a real http server: alive
 * at once, ready only once a build is loaded (plus the embedded API's checks), never cached, HEAD
 * answered, every other path left to the shop, and not ready at once when shutting down.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { storefrontHealth } from '../../../scripts/host/health.ts';

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

async function serve(hasBuild: () => boolean, checks = {}) {
  const health = storefrontHealth(hasBuild, checks);
  server = createServer((req, res) => {
    if (!health.answer(req, res)) res.writeHead(418).end('shop');
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { health, at: (path: string, method = 'GET') => fetch(base + path, { method }) };
}

describe('storefront /healthz and /readyz', () => {
  it('is alive at once and ready once a build is loaded', async () => {
    let built = false;
    const { at } = await serve(() => built);
    const alive = await at('/healthz');
    expect(alive.status).toBe(200);
    expect(alive.headers.get('cache-control')).toBe('no-store');
    expect(await alive.json()).toEqual({ status: 'ok' });
    const starting = await at('/readyz');
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: 'not_ready', checks: { build: 'fail' }, reason: 'no storefront build loaded yet' });
    built = true;
    await new Promise((r) => setTimeout(r, 1100)); // past the report cache
    const ready = await at('/readyz?probe=1');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { build: 'ok' } });
    expect((await at('/readyz', 'HEAD')).status).toBe(200);
    expect((await at('/readyz', 'POST')).status).toBe(418);
    expect((await at('/healthz/x')).status).toBe(418);
  });

  it("includes the embedded API's checks and turns not ready when stopped", async () => {
    const { at, health } = await serve(() => true, {
      database: async () => {
        throw new Error('database unreachable (cut)');
      },
    });
    const res = await at('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'fail', build: 'ok' },
      reason: 'database unreachable (cut)',
    });
    health.readiness.stop();
    expect((await (await at('/readyz')).json()).reason).toBe('shutting down');
    expect((await at('/healthz')).status).toBe(200);
  });
});
