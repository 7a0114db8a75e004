/**
 * The cluster smoke test CI runs (`npm run test:smoke`, .ci/run): `npm run start:cluster` (2 API, 1
 * storefront process behind nginx) on a throwaway PostgreSQL database and a Redis key prefix of its
 * own, then through nginx: a public read is a MISS then a HIT; the same URL for two channels gives
 * each channel its own answer; a private answer and a signed-in request never come from the cache;
 * X-Forwarded-For/-Proto/-Host sent by the client are not believed (the login limit still counts the
 * real client, a forged https yields no HSTS); the access log carries the request id; /healthz and
 * /readyz on every process; /metrics not reachable through nginx, a metric scraped from a process.
 * Needs nginx, PostgreSQL (SMOKE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and Redis (SMOKE_REDIS_URL, default redis://127.0.0.1:6379); SMOKE_PORT (4601) and the next ~25 ports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx } from '../../scripts/nginx-config.ts';

const root = join(import.meta.dirname, '..', '..');
const PORT = Number(process.env.SMOKE_PORT || 4601);
const BASE = `http://127.0.0.1:${PORT}`;
const METRICS_PORT = PORT + 20;
const ADMIN_URL = process.env.SMOKE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.SMOKE_REDIS_URL || 'redis://127.0.0.1:6379';
const dbName = `shop_smoke_${randomBytes(4).toString('hex')}`;
const LOGIN_LIMIT = 5;
/** Marks this run's URLs. */
const run = randomBytes(3).toString('hex');

let cluster: ChildProcess | undefined;
const output: string[] = [];
/** name → port of each process, from the cluster's `[cluster] <name> pid <pid> port <port>` lines. */
const ports = new Map<string, number>();
let accessLog = '';

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${BASE}${path}`, { headers: { 'x-channel-id': 'default', accept: 'application/json', ...headers } });
  const text = await res.text();
  return {
    res,
    text,
    json: (() => {
      try {
        return JSON.parse(text);
      } catch {
        return null;
      }
    })(),
    cache: res.headers.get('x-cache-status'),
  };
};

beforeAll(async () => {
  if (!findNginx()) throw new Error('nginx is required: apt-get install nginx libnginx-mod-http-brotli-static');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const db = new URL(ADMIN_URL);
  db.pathname = `/${dbName}`;
  cluster = spawn(process.execPath, [join(root, 'scripts', 'cluster.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(PORT),
      DATABASE_URL: db.toString(),
      REDIS_URL,
      REDIS_PREFIX: `${dbName}:`,
      API_PROCESSES: '2',
      WEB_PROCESSES: '1',
      METRICS_PORT: String(METRICS_PORT),
      LOGIN_LIMIT_PER_ADDRESS: String(LOGIN_LIMIT),
      SHOP_DIST_DIR: join('.data', 'smoke', 'dist'),
      CONTENT_SNAPSHOT_DIR: join('.data', 'smoke', 'snapshot'),
      SITE_URL: `http://localhost:${PORT}`,
      TRUSTED_PROXIES: '',
      CONTENT_POLL_MS: '0',
    },
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster not ready in 150 s:\n${output.slice(-30).join('\n')}`)), 150_000);
    for (const stream of [cluster!.stdout!, cluster!.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        const m = /^\[cluster\] (\S+) pid \d+ port (\d+)(?: prefix (\S+))?/.exec(line);
        if (m) ports.set(m[1], Number(m[2]));
        if (m?.[3]) accessLog = join(m[3], 'access.log');
        if (line.startsWith('[cluster] Cluster ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    cluster!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cluster exited (${code}):\n${output.slice(-30).join('\n')}`));
    });
  });
}, 180_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    await new Promise<void>((resolve) => {
      cluster!.once('exit', () => resolve());
      cluster!.kill('SIGTERM');
    });
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
}, 30_000);

describe('the cluster through nginx', () => {
  it('answers a public read from the cache the second time', async () => {
    const first = await get(`/v1/products?smoke=${run}-1`);
    expect(first.res.status).toBe(200);
    expect(first.cache).toBe('MISS');
    const second = await get(`/v1/products?smoke=${run}-1`);
    expect(second.cache).toBe('HIT');
    expect(second.text).toBe(first.text);
  });

  it('never gives one channel the copy of another', async () => {
    // The default channel's copy is stored first; the first outlet request must still be outlet's own.
    const main = await get(`/v1/settings/front?smoke=${run}-channel`);
    expect((await get(`/v1/settings/front?smoke=${run}-channel`)).cache).toBe('HIT');
    const outlet = await get(`/v1/settings/front?smoke=${run}-channel`, { 'x-channel-id': 'outlet' });
    expect(outlet.cache).toBe('MISS');
    expect(outlet.text).not.toBe(main.text);
    const outletAgain = await get(`/v1/settings/front?smoke=${run}-channel`, { 'x-channel-id': 'outlet' });
    expect(outletAgain.cache).toBe('HIT');
    expect(outletAgain.text).toBe(outlet.text);
    expect((await get(`/v1/settings/front?smoke=${run}-channel`)).text).toBe(main.text);
    // /public.json names the channel asked for, whichever was asked before.
    expect((await get('/public.json', { 'x-channel-id': 'outlet' })).json.channel_id).toBe('outlet');
    expect((await get('/public.json')).json.channel_id).toBe('default');
  });

  it('never caches a private answer, nor answers a signed-in request from the cache', async () => {
    const guest = await get('/v1/users/dummy');
    expect(guest.res.status).toBe(200);
    expect(guest.res.headers.get('cache-control')).toContain('no-store');
    const again = await get('/v1/users/dummy');
    expect(again.cache).not.toBe('HIT');
    expect(again.json.access_token).not.toBe(guest.json.access_token);
    await get(`/v1/products?smoke=${run}-2`);
    expect((await get(`/v1/products?smoke=${run}-2`)).cache).toBe('HIT');
    const signedIn = await get(`/v1/products?smoke=${run}-2`, { authorization: `Bearer ${guest.json.access_token}` });
    expect(signedIn.cache).toBe('BYPASS');
    expect(signedIn.res.headers.get('cache-control')).toContain('private');
  });

  it("does not believe the client's X-Forwarded-For, -Proto or -Host", async () => {
    // Each attempt claims another address: the per-address login limit still counts this one client.
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const res = await fetch(`${BASE}/v1/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-channel-id': 'default',
          'x-requested-with': 'XMLHttpRequest',
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({ username: `smoke-${i}-${dbName}`, password: 'wrong-password' }),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, LOGIN_LIMIT).every((s) => s === 422)).toBe(true);
    expect(statuses[LOGIN_LIMIT]).toBe(429);
    const forged = await get(`/v1/products?smoke=${run}-3`, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(forged.res.headers.get('strict-transport-security')).toBeNull();
    const page = await fetch(`${BASE}/`, { headers: { 'x-forwarded-proto': 'https' } });
    await page.arrayBuffer();
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('logs each request as JSON with the request id it answers with', async () => {
    const r = await get(`/v1/products?smoke=${run}-log`);
    const id = r.res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    let line: Record<string, unknown> | undefined;
    for (let i = 0; i < 30 && !line; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      line = readFileSync(accessLog, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.request_id === id);
    }
    expect(line).toMatchObject({ request: `GET /v1/products?smoke=${run}-log HTTP/1.1`, status: 200, cache: 'MISS' });
  });

  it('answers /healthz and /readyz on every process', async () => {
    expect(ports.size).toBeGreaterThanOrEqual(4);
    for (const [name, port] of ports) {
      if (name === 'nginx') continue;
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status, name).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status, name).toBe(200);
      expect((await ready.json()).status).toBe('ready');
    }
  });

  it('keeps /metrics off the edge and serves it on the internal port', async () => {
    const edge = await fetch(`${BASE}/metrics`);
    expect(edge.status).toBe(404);
    expect((await edge.json()).code).toBe('common.not_found');
    const scraped = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/^# (HELP|TYPE) /m);
    // Requests are counted by route pattern (the cluster's own /readyz probes at least), never by URL.
    expect(text).toMatch(/^shop_http_requests_total\{[^}]*route="[^"?]+"[^}]*\} \d+/m);
    expect(text).not.toMatch(/route="[^"]*\?/);
    expect(text).toMatch(/^shop_db_pool_connections\{state="in_use"\}/m);
  });
});
