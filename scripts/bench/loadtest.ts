/**
 * `npm run loadtest` (and `npm run faults` = `npm run loadtest -- --faults`): the cluster of
 * scripts/cluster.ts (2 API + 2 storefront processes behind nginx) on a throwaway PostgreSQL
 * database `shop_load_<random>` and its own Redis key prefix, driven by SHOPPERS virtual shoppers for
 * DURATION seconds over loopback. A shopper: home page → product list → product detail → search →
 * add to cart → (a share of them) delivery address, payment (代金引換 or 銀行振込) and place the order, as
 * a member or as a guest (GET /v1/users/dummy), with think times between steps.
 *
 * Prints per step: count, req/s, p50/p95/p99, errors and the share answered from nginx's cache
 * (X-Cache-Status HIT, STALE, UPDATING; goal: public reads ≥ 95 %); a timeline per 10 s (req/s, p95
 * of the main steps, the load average, the CPU of the API, PostgreSQL backend, storefront and nginx processes); then checks against the database: every order
 * the shoppers saw placed is there and no other, stock + units sold == the stock at the start for every
 * product, no stock below zero (a few products get little stock so sell-outs really race). Goals are
 * printed OK/MISSED; the exit code is 1 when one is missed.
 *
 * --faults: the cluster talks to PostgreSQL through a TCP proxy in this process and to a Redis server
 * this script starts (redis-server on a spare port); during the run: one API process SIGKILLed (the
 * cluster restarts it), nginx reloaded under load (`nginx -s reload`, twice), Redis restarted,
 * PostgreSQL cut for 10 s. Errors are printed per phase; the
 * goals are then integrity, clear answers (503/502 JSON, no hang) and an error-free last phase.
 *
 * Environment: SHOPPERS (300), DURATION (60 s; 10-600), LOADTEST_PORT (4501: nginx; the
 * processes take the next ports, the fault run's proxy and Redis PORT+18 and PORT+19, the API processes'
 * metrics PORT+20 onwards: their pools' connections in use and waiting requests are read every 2 s),
 * LOADTEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres: where the throwaway database is
 * created), LOADTEST_REDIS_URL (redis://127.0.0.1:6379; not used with --faults), CHECKOUT_SHARE (0.3),
 * THINK_MS ("1000-5000": a think time drawn from 1 to 5 s before each step), LOADTEST_KEEP=1 (keep the database). The cluster's own output goes
 * to .data/loadtest/cluster.log. Loopback only: the client runs on the same 2 cores as the shop.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createClient } from 'redis';
import { hashToken, randomToken } from '../../api/src/services/tokens/index.ts';
import { root } from '../host/build.ts';
import { findNginx } from '../nginx-config.ts';

const faultsMode = process.argv.includes('--faults');
const num = (name: string, fallback: number, min: number, max: number) => {
  const v = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isFinite(v) || v < min || v > max) throw new Error(`${name} must be a number from ${min} to ${max}`);
  return v;
};
const SHOPPERS = num('SHOPPERS', 300, 1, 5000);
const DURATION_S = num('DURATION', faultsMode ? 90 : 60, 10, 600);
const PORT = num('LOADTEST_PORT', 4501, 1024, 65000);
const CHECKOUT_SHARE = num('CHECKOUT_SHARE', 0.3, 0, 1);
const [THINK_MIN, THINK_MAX] = (process.env.THINK_MS ?? '1000-5000').split('-').map(Number);
if (!(THINK_MIN >= 0 && THINK_MAX >= THINK_MIN && THINK_MAX <= 60_000))
  throw new Error('THINK_MS must be "<min>-<max>" in milliseconds, e.g. 1000-5000');
const ADMIN_URL = process.env.LOADTEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SYSTEM_REDIS = process.env.LOADTEST_REDIS_URL || 'redis://127.0.0.1:6379';
const BASE = `http://127.0.0.1:${PORT}`;
const LOW_STOCK = 12;
const LOW_STOCK_PRODUCTS = 3;

// ---------------------------------------------------------------- measurements

type Step =
  | 'home'
  | 'list'
  | 'detail'
  | 'search'
  | 'guest_session'
  | 'cart_init'
  | 'add_to_cart'
  | 'guest_details'
  | 'checkout'
  | 'place_order';
/** The guest catalogue reads and the on-demand home page: what a shared cache should answer. */
const PUBLIC_READS: Step[] = ['home', 'list', 'detail', 'search'];
const STEPS: Step[] = [
  'home',
  'list',
  'detail',
  'search',
  'guest_session',
  'cart_init',
  'add_to_cart',
  'guest_details',
  'checkout',
  'place_order',
];
interface Sample {
  step: Step;
  ms: number;
  ok: boolean;
  status: number;
  phase: string;
  at: number;
  detail?: string;
  cached?: boolean;
}
const samples: Sample[] = [];
let phase = 'load';
const phaseStarts: { name: string; at: number }[] = [];
const setPhase = (name: string) => {
  phase = name;
  phaseStarts.push({ name, at: Date.now() });
  console.log(`[loadtest] ${new Date().toISOString().slice(11, 19)} phase: ${name}`);
};

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a load test reads whatever JSON the shop answers
  body: any;
  ms: number;
}
const jsonHeaders = (token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json',
  'x-channel-id': 'default',
  'x-requested-with': 'XMLHttpRequest',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** The errors of a connection closed before it carried any answer. */
const CLOSED_IDLE = /other side closed|ECONNRESET|socket hang up/i;
let resent = 0;

/** One request, timed; network failures come back as status 0. `expected` statuses are not errors. */
async function call(
  step: Step,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; expected?: number[]; html?: boolean } = {},
): Promise<Answer> {
  const started = performance.now();
  let status = 0;
  // biome-ignore lint/suspicious/noExplicitAny: a load test reads whatever JSON the shop answers
  let body: any = null;
  let detail: string | undefined;
  let cached = false;
  try {
    const send = () =>
      fetch(`${BASE}${path}`, {
        method,
        headers: opts.html ? { accept: 'text/html', 'accept-encoding': 'br, gzip' } : jsonHeaders(opts.token),
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(30_000),
      });
    // A kept-alive connection nginx closed while idle (a reload's old workers do) before any answer:
    // the request was never read, so it is sent once more on a new connection, as browsers do.
    const res = await send().catch((error: unknown) => {
      if (!CLOSED_IDLE.test(`${(error as Error).message} ${((error as Error).cause as Error | undefined)?.message ?? ''}`)) throw error;
      resent += 1;
      return send();
    });
    status = res.status;
    cached = /^(HIT|STALE|UPDATING)$/.test(res.headers.get('x-cache-status') ?? '');
    const text = await res.text();
    if (!opts.html || status >= 400) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text.slice(0, 200);
      }
    }
  } catch (error) {
    detail = error instanceof Error ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}` : String(error);
  }
  const ms = performance.now() - started;
  const ok = (status >= 200 && status < 300) || (opts.expected ?? []).includes(status);
  if (!ok) detail ??= `${status} ${typeof body === 'object' && body ? `${body.code ?? ''} ${body.message ?? ''}` : String(body)}`.trim();
  samples.push({ step, ms, ok, status, phase, at: Date.now(), detail, cached });
  return { status, body, ms };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

// ---------------------------------------------------------------- faults: a TCP proxy for PostgreSQL, our own Redis

/** A TCP proxy to PostgreSQL that can be cut: open connections are destroyed, new ones hang (unreachable). */
function dbProxy(listenPort: number, target: { host: string; port: number }) {
  let down = false;
  const open = new Set<Socket>();
  const held = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) {
      held.add(client);
      client.on('error', () => {});
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return {
    listen: () => new Promise<void>((r) => server.listen(listenPort, '127.0.0.1', () => r())),
    cut() {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      down = false;
      for (const s of held) s.destroy();
      held.clear();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of [...open, ...held]) s.destroy();
        server.close(() => r());
      }),
  };
}

function startRedis(port: number): Promise<ChildProcess> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out.slice(-300)}`)), 10_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolvePromise(child);
      }
    });
    child.on('error', reject);
  });
}
const stopChild = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((r) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      r();
      return;
    }
    child.once('exit', () => r());
    child.kill(signal);
  });

// ---------------------------------------------------------------- the cluster

interface Cluster {
  child: ChildProcess;
  pids: Map<string, number>;
  ready: Promise<void>;
  nginx: { bin: string; prefix: string; config: string } | null;
}

function startCluster(env: Record<string, string>): Cluster {
  mkdirSync(join(root, '.data', 'loadtest'), { recursive: true });
  const logFile = createWriteStream(join(root, '.data', 'loadtest', 'cluster.log'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'cluster.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pids = new Map<string, number>();
  const cluster: Cluster = { child, pids, ready: Promise.resolve(), nginx: null };
  cluster.ready = new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error('the cluster was not ready within 10 minutes (.data/loadtest/cluster.log)')), 600_000);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        logFile.write(`${line}\n`);
        const m = /^\[cluster\] (\S+) pid (\d+) port/.exec(line);
        if (m) pids.set(m[1], Number(m[2]));
        const edge = /^\[cluster\] nginx pid \d+ port \d+ prefix (\S+) config (\S+)/.exec(line);
        if (edge) cluster.nginx = { bin: findNginx() ?? 'nginx', prefix: edge[1], config: edge[2] };
        if (/^\[cluster\] .*(exited|restarting)/.test(line) || /^\[nginx\]/.test(line)) console.log(`[loadtest]   ${line}`);
        if (line.startsWith('[cluster] Cluster ready')) {
          clearTimeout(timer);
          console.log(`[loadtest] ${line}`);
          resolvePromise();
        }
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the cluster exited (code ${code}) before it was ready; see .data/loadtest/cluster.log`));
    });
  });
  return cluster;
}

/** Files of the build's client folder that have their brotli copy but not yet their gzip one. */
function gzipPending(dir: string): number {
  let pending = 0;
  try {
    const names = new Set(readdirSync(dir, { recursive: true, encoding: 'utf8' }));
    for (const name of names) if (name.endsWith('.br') && !names.has(`${name.slice(0, -3)}.gz`)) pending += 1;
  } catch {
    return 0;
  }
  return pending;
}

/**
 * A fresh build's storefront processes write the zopfli gzip copies of its assets in the background
 * after 「Shop ready」 (scripts/host/start.ts; ~11 s of CPU per build, once per machine thanks to
 * .data/precompress-cache): one-off start-up work, not serving, that took up to 59 % of a core during
 * the first shoppers' arrival. The load starts once every asset has its copy (at most 3 minutes).
 */
async function waitForGzipCopies(): Promise<void> {
  const dir = join(root, '.data', 'loadtest', 'dist', 'client');
  const started = Date.now();
  while (gzipPending(dir) > 0 && Date.now() - started < 180_000) await sleep(1000);
  const left = gzipPending(dir);
  const waited = ((Date.now() - started) / 1000).toFixed(0);
  if (left) console.log(`[loadtest] ${left} assets still without their gzip copy after ${waited} s; starting anyway`);
  else if (Date.now() - started > 1500) console.log(`[loadtest] waited ${waited} s for the storefront's gzip copies of a fresh build`);
}

// ---------------------------------------------------------------- the shoppers

interface Shop {
  products: { id: number; key: string; low: boolean }[];
  words: string[];
  payments: { cod: number; bank_transfer: number };
  members: { token: string; addressId: number }[];
}
/** Orders the shoppers saw placed (order_no → cart token) and decisions whose outcome is unknown. */
const placed = new Map<string, string>();
const inDoubt = new Set<string>();
let soldOut = 0;

const rand = (n: number) => Math.floor(Math.random() * n);
const think = () => sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));

const GUEST = {
  details: (n: string) => ({
    email: `load-${n}@example.jp`,
    last_name: '負荷',
    first_name: '花子',
    last_name_kana: 'フカ',
    first_name_kana: 'ハナコ',
    cell_phone_number: '09033334444',
  }),
  address: {
    division_ct: 1,
    name: '',
    shipping_name: '負荷 花子',
    last_name: '負荷',
    first_name: '花子',
    last_name_kana: 'フカ',
    first_name_kana: 'ハナコ',
    postal_code: '5300001',
    prefecture: '大阪府',
    city: '大阪市北区',
    address1: '梅田1-1-1',
    address2: '',
    phone_number: null,
    cell_phone_number: '09033334444',
  },
};

/** Tries a decision again until its outcome is known (it is idempotent per cart). */
async function settleDecision(cart: string, token: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const r = await call('place_order', 'POST', `/v1/carts/${cart}/decision`, { token, body: {}, expected: [422] });
    if (r.status === 200) {
      placed.set(r.body.order_no, cart);
      inDoubt.delete(cart);
      return;
    }
    if (r.status === 422) {
      inDoubt.delete(cart);
      if (r.body?.code === 'cart.stock.insufficient') soldOut += 1;
      return;
    }
    await sleep(1000 * (attempt + 1));
  }
}
const doubtTokens = new Map<string, string>();

async function shopper(n: number, shop: Shop, deadline: number): Promise<void> {
  await sleep(rand(5000)); // ramp-up over 5 s
  const member = n % 2 === 0 ? shop.members[(n / 2) % shop.members.length] : null;
  let token = member?.token;
  let addressId = member?.addressId;
  let guestReady = false;
  let cart: string | null = null;
  const alive = () => Date.now() < deadline;
  while (alive()) {
    // The home page is rendered on demand (~0.1-0.2 s of CPU here; a CDN holds it for s-maxage=60 in
    // production), so one browse in ten asks for it; the others read a product list page.
    if (rand(10) === 0) await call('home', 'GET', '/', { html: true });
    else await call('list', 'GET', `/v1/products?page=${1 + rand(3)}`);
    await think();
    if (!alive()) break;
    const product =
      Math.random() < 0.15
        ? shop.products[rand(LOW_STOCK_PRODUCTS)]
        : shop.products[LOW_STOCK_PRODUCTS + rand(shop.products.length - LOW_STOCK_PRODUCTS)];
    await call('detail', 'GET', `/v1/products/${encodeURIComponent(product.key)}`);
    await think();
    if (!alive()) break;
    await call('search', 'GET', `/v1/products?keyword=${encodeURIComponent(shop.words[rand(shop.words.length)])}`);
    await think();
    if (!alive()) break;
    if (!token) {
      const s = await call('guest_session', 'GET', '/v1/users/dummy');
      if (s.status !== 200) {
        await think();
        continue;
      }
      token = s.body.access_token as string;
    }
    if (!cart) {
      const c = await call('cart_init', 'POST', '/v1/carts/init', { token, body: {} });
      if (c.status !== 200) {
        await think();
        continue;
      }
      cart = c.body.token as string;
    }
    const add = await call('add_to_cart', 'PATCH', '/v1/carts/products/add', {
      token,
      body: { token: cart, product_id: product.id, quantity: 1 },
      expected: [422],
    });
    if (add.status === 422) {
      soldOut += 1;
      cart = null;
    }
    await think();
    if (!alive() || !cart || add.status !== 200) continue;
    if (Math.random() >= CHECKOUT_SHARE) continue;
    if (!member && !guestReady) {
      const d = await call('guest_details', 'PUT', '/v1/me/user', { token, body: GUEST.details(`${n}-${randomBytes(3).toString('hex')}`) });
      if (d.status !== 200) continue;
      const a = await call('guest_details', 'POST', '/v1/me/user-addresses', { token, body: GUEST.address });
      if (a.status !== 200 && a.status !== 201) continue;
      addressId = a.body.id as number;
      guestReady = true;
    }
    const ship = await call('checkout', 'PATCH', '/v1/carts/shippings/add', { token, body: { token: cart, user_address_id: addressId } });
    if (ship.status !== 200) continue;
    const payment = rand(2) === 0 ? shop.payments.cod : shop.payments.bank_transfer;
    const pay = await call('checkout', 'PATCH', '/v1/carts/order/modify', { token, body: { token: cart, payment_id: payment } });
    if (pay.status !== 200) continue;
    await think();
    if (!alive()) {
      inDoubt.add(cart);
      doubtTokens.set(cart, token!);
      break;
    }
    const placedCart: string = cart;
    const d = await call('place_order', 'POST', `/v1/carts/${placedCart}/decision`, { token, body: {}, expected: [422] });
    if (d.status === 200) placed.set(d.body.order_no, placedCart);
    else if (d.status === 422) {
      if (d.body?.code === 'cart.stock.insufficient') soldOut += 1;
    } else {
      inDoubt.add(placedCart);
      doubtTokens.set(placedCart, token!);
    }
    cart = null;
    await think();
  }
}

// ---------------------------------------------------------------- setup and checks

async function prepareShop(db: pg.Client, shoppers: number): Promise<Shop> {
  const list: { id: number; key: string; name: string }[] = [];
  for (let page = 1; page <= 4; page++) {
    const r = await fetch(`${BASE}/v1/products?page=${page}`, { headers: jsonHeaders() });
    if (!r.ok) throw new Error(`GET /v1/products?page=${page}: ${r.status}`);
    list.push(...((await r.json()) as typeof list));
  }
  // Only products a plain add accepts (no required embroidery or option), probed on a throwaway cart.
  const probe = (await (await fetch(`${BASE}/v1/carts/init`, { method: 'POST', headers: jsonHeaders(), body: '{}' })).json())
    .token as string;
  const addable: typeof list = [];
  for (const p of list) {
    const r = await fetch(`${BASE}/v1/carts/products/add`, {
      method: 'PATCH',
      headers: jsonHeaders(),
      body: JSON.stringify({ token: probe, product_id: p.id, quantity: 1 }),
    });
    await r.arrayBuffer();
    if (r.ok) addable.push(p);
    if (addable.length >= 30) break;
  }
  if (addable.length < LOW_STOCK_PRODUCTS + 5) throw new Error(`only ${addable.length} products can be added to a cart`);
  const low = addable.slice(0, LOW_STOCK_PRODUCTS).map((p) => p.id);
  await db.query('update products set stock = case when id = any($1::int[]) then $2 else 100000 end where id = any($3::int[])', [
    low,
    LOW_STOCK,
    addable.map((p) => p.id),
  ]);
  const words = [...new Set(addable.map((p) => p.name.split(/[\s　・]/)[0]).filter((w) => w.length >= 2))].slice(0, 20);
  const payments = (await (await fetch(`${BASE}/v1/payments`, { headers: jsonHeaders() })).json()) as { code: string; id: number }[];
  const pay = (code: string) => {
    const p = payments.find((x) => x.code === code);
    if (!p) throw new Error(`no payment method ${code}`);
    return p.id;
  };

  // Members straight into the database, as a login would leave them (a password hash each would take minutes).
  const count = Math.max(1, Math.ceil(shoppers / 2));
  const tag = randomBytes(3).toString('hex');
  const users = await db.query<{ id: number }>(
    `
    insert into users (channel_id, username, email, password_hash, last_name, first_name, last_name_kana, first_name_kana, cell_phone_number)
    select 'default', 'load' || $1 || n, 'load' || $1 || n || '@example.jp', '!unusable', '負荷', '太郎', 'フカ', 'タロウ', '09012345678'
    from generate_series(1, $2::int) n returning id`,
    [tag, count],
  );
  const members: Shop['members'] = [];
  for (const { id } of users.rows) {
    const secret = randomToken();
    const [a] = (
      await db.query<{ id: number }>(
        `
      insert into user_addresses (user_id, shipping_name, last_name, first_name, last_name_kana, first_name_kana, postal_code, prefecture, city, address1, cell_phone_number, is_default)
      values ($1, '負荷 太郎', '負荷', '太郎', 'フカ', 'タロウ', '1000001', '東京都', '千代田区', '千代田1-1', '09012345678', true) returning id`,
        [id],
      )
    ).rows;
    await db.query(
      `insert into auth_tokens (user_id, kind, token_hash, expires_at) values ($1, 'access', $2, now() + interval '2 hours')`,
      [id, hashToken(secret)],
    );
    members.push({ token: secret, addressId: a.id });
  }
  return {
    products: addable.map((p) => ({ id: p.id, key: p.key, low: low.includes(p.id) })),
    words,
    payments: { cod: pay('cod'), bank_transfer: pay('bank_transfer') },
    members,
  };
}

interface Goal {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * CPU milliseconds used so far by `root` and every process under it, by role: the cluster process
 * (the supervisor), nginx, the API processes and the storefront processes (told apart by their command).
 * Read from /proc (Linux only; empty elsewhere), for the per-request CPU figure of the report.
 */
function clusterCpu(root: number): Map<string, number> {
  const out = new Map<string, number>();
  let stats: { pid: number; ppid: number; ms: number; role: string }[];
  try {
    stats = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .flatMap((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
          const role = cmd.includes('server.ts') ? 'api' : cmd.includes('start.ts') ? 'web' : cmd.includes('nginx') ? 'nginx' : 'cluster';
          // Fields 14 and 15 of stat (utime, stime) in clock ticks of 10 ms.
          return [{ pid: Number(d), ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10, role }];
        } catch {
          return [];
        }
      });
  } catch {
    return out;
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats)
      if (!tree.has(s.pid) && tree.has(s.ppid)) {
        tree.add(s.pid);
        grew = true;
      }
  }
  for (const s of stats) if (tree.has(s.pid)) out.set(s.role, (out.get(s.role) ?? 0) + s.ms);
  return out;
}

/**
 * The CPU of the PostgreSQL backends serving the shop's database (not children of the cluster: the
 * server forks them), as role 'pg': their pids are read from pg_stat_activity every 2 s and each
 * backend's last CPU reading is kept, so one that ends between two readings loses at most 2 s.
 * Same machine only (a database elsewhere reads 0).
 */
const pgBackendMs = new Map<number, number>();
function procMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}
async function samplePgBackends(db: pg.Client, dbName: string): Promise<NodeJS.Timeout> {
  const read = async () => {
    const { rows } = await db.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
      [dbName],
    );
    for (const { pid } of rows) {
      const ms = procMs(pid);
      if (ms != null) pgBackendMs.set(pid, ms);
    }
  };
  await read();
  return setInterval(() => void read().catch(() => {}), 2000);
}
const pgCpu = () => [...pgBackendMs.values()].reduce((a, b) => a + b, 0);
const withPg = (cpu: Map<string, number>) => cpu.set('pg', pgCpu());

/**
 * The API processes' database pools, read from their metrics port (METRICS_PORT = LOADTEST_PORT + 20,
 * one per process) every 2 s: connections in use and requests waiting for one (shop_db_pool_connections).
 */
const poolReadings: { at: number; inUse: number; waiting: number }[] = [];
function samplePools(ports: number[]): NodeJS.Timeout {
  const gauge = (text: string, state: string) =>
    Number(new RegExp(`^shop_db_pool_connections\\{state="${state}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  const read = async () => {
    const texts = await Promise.all(
      ports.map((port) =>
        fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(1500) })
          .then((r) => r.text())
          .catch(() => ''),
      ),
    );
    const sum = (state: string) => texts.reduce((n, t) => n + gauge(t, state), 0);
    poolReadings.push({ at: Date.now(), inUse: sum('in_use'), waiting: sum('waiting') });
  };
  return setInterval(() => void read(), 2000);
}
const poolMax = (from: number, to: number, key: 'inUse' | 'waiting') =>
  poolReadings.filter((r) => r.at >= from && r.at < to).reduce((m, r) => Math.max(m, r[key]), 0);

/** Every 10 s of the run: the machine's load average and the CPU each role of the cluster used in it. */
const loadSamples: { at: number; load: number; cpu: Map<string, number> }[] = [];
function sampleLoad(rootPid: number, started: number): NodeJS.Timeout {
  loadSamples.push({ at: started, load: 0, cpu: withPg(clusterCpu(rootPid)) });
  return setInterval(() => {
    const load = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]) || 0;
    loadSamples.push({ at: Date.now(), load, cpu: withPg(clusterCpu(rootPid)) });
  }, 10_000);
}

/** The run per 10 s: requests per second, p95 of the main steps, the load average and the cluster's CPU. */
function printTimeline(started: number): void {
  const cols: Step[] = ['list', 'detail', 'guest_session', 'cart_init', 'add_to_cart', 'checkout', 'place_order'];
  console.log(`\nPer 10 s: req/s, p95 ms per step; load = 1-min load average (2 cores); CPU % of one core over the 10 s`);
  console.log(`  t s  req/s ${cols.map((c) => c.slice(0, 9).padStart(9)).join(' ')}  load   api    pg   web nginx  pool wait`);
  const measured = samples.filter((s) => s.phase !== 'settle');
  const end = measured.reduce((m, s) => Math.max(m, s.at), started);
  for (let t = 0; started + t * 1000 <= end; t += 10) {
    const from = started + t * 1000;
    const inBucket = measured.filter((s) => s.at >= from && s.at < from + 10_000);
    const p95 = (step: Step) => {
      const ms = inBucket
        .filter((s) => s.step === step)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      return (ms.length ? pct(ms, 95).toFixed(0) : '-').padStart(9);
    };
    const i = loadSamples.findIndex((l) => l.at >= from + 10_000 - 500);
    const [a, b] = i > 0 ? [loadSamples[i - 1], loadSamples[i]] : [null, null];
    const cpu = (role: string) =>
      a && b ? ((100 * ((b.cpu.get(role) ?? 0) - (a.cpu.get(role) ?? 0))) / (b.at - a.at)).toFixed(0).padStart(5) : '    -';
    console.log(
      `${String(t).padStart(5)} ${(inBucket.length / 10).toFixed(0).padStart(6)} ${cols.map(p95).join(' ')} ${b ? b.load.toFixed(1).padStart(5) : '    -'} ${cpu('api')} ${cpu('pg')} ${cpu('web')} ${cpu('nginx')} ${String(poolMax(from, from + 10_000, 'inUse')).padStart(5)} ${String(poolMax(from, from + 10_000, 'waiting')).padStart(4)}`,
    );
  }
}

async function main() {
  const goals: Goal[] = [];
  const dbName = `shop_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const target = new URL(ADMIN_URL);
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${dbName}`;
  let clusterUrl = direct.toString();
  let proxy: ReturnType<typeof dbProxy> | null = null;
  let redis: ChildProcess | null = null;
  let redisUrl = SYSTEM_REDIS;
  const prefix = `${dbName}:`;
  if (faultsMode) {
    proxy = dbProxy(PORT + 18, { host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    const viaProxy = new URL(direct.toString());
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(PORT + 18);
    clusterUrl = viaProxy.toString();
    redis = await startRedis(PORT + 19);
    redisUrl = `redis://127.0.0.1:${PORT + 19}`;
  }
  console.log(
    `[loadtest] database ${dbName}${faultsMode ? ` (through the fault proxy on :${PORT + 18}), Redis :${PORT + 19} (own)` : `, Redis ${redisUrl} prefix ${prefix}`}; ${SHOPPERS} shoppers for ${DURATION_S} s`,
  );
  const cluster = startCluster({
    PORT: String(PORT),
    DATABASE_URL: clusterUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    // Every simulated shopper comes from 127.0.0.1: the per-address limits (guest sessions) would
    // otherwise stop the run after 20 guests. Only ever set for a load test.
    RATE_LIMIT_MULTIPLIER: '1000',
    SHOP_DIST_DIR: join('.data', 'loadtest', 'dist'),
    CONTENT_SNAPSHOT_DIR: join('.data', 'loadtest', 'snapshot'),
    SITE_URL: `http://localhost:${PORT}`,
    API_PROCESSES: process.env.API_PROCESSES || '2',
    METRICS_PORT: String(PORT + 20),
    WEB_PROCESSES: process.env.WEB_PROCESSES || '2',
  });
  const db = new pg.Client({ connectionString: direct.toString() });
  let exitCode = 0;
  try {
    await cluster.ready;
    await waitForGzipCopies();
    await db.connect();
    const shop = await prepareShop(db, SHOPPERS);
    const baseline = Number((await db.query<{ max: number | null }>('select coalesce(max(id), 0) as max from orders')).rows[0].max);
    const initial = new Map(
      (await db.query<{ id: number; stock: number }>('select id, stock from products')).rows.map((r) => [r.id, Number(r.stock)]),
    );
    console.log(
      `[loadtest] ${shop.products.length} products (${LOW_STOCK_PRODUCTS} with ${LOW_STOCK} units), ${shop.members.length} members, search words: ${shop.words.slice(0, 5).join(' ')}…`,
    );

    const pgTimer = await samplePgBackends(db, dbName);
    const started = Date.now();
    const cpuBefore = withPg(clusterCpu(cluster.child.pid!));
    const loadTimer = sampleLoad(cluster.child.pid!, started);
    const apiProcesses = Number(process.env.API_PROCESSES || '2');
    const poolTimer = samplePools(Array.from({ length: apiProcesses }, (_, i) => PORT + 20 + i));
    const deadline = started + DURATION_S * 1000;
    setPhase(faultsMode ? 'warm' : 'load');
    const timeline: Promise<void> = faultsMode
      ? runFaults(cluster, redis!, proxy!, started, (r) => {
          redis = r;
        })
      : Promise.resolve();
    await Promise.all([...Array.from({ length: SHOPPERS }, (_, n) => shopper(n, shop, deadline)), timeline]);
    const seconds = (Date.now() - started) / 1000;
    setPhase('settle');
    for (const cart of [...inDoubt]) await settleDecision(cart, doubtTokens.get(cart)!);

    clearInterval(loadTimer);
    clearInterval(pgTimer);
    clearInterval(poolTimer);
    const cpuAfter = withPg(clusterCpu(cluster.child.pid!));
    report(seconds);
    printTimeline(started);
    // CPU per request: the API processes' CPU over the API requests (every step but the home page).
    const apiRequests = samples.filter((s) => s.phase !== 'settle' && s.step !== 'home').length;
    const used = (role: string) => (cpuAfter.get(role) ?? 0) - (cpuBefore.get(role) ?? 0);
    if (cpuAfter.size) {
      console.log(
        `CPU during the run: API processes ${(used('api') / 1000).toFixed(1)} s (${(used('api') / seconds / 10).toFixed(0)} % of a core, ` +
          `${(used('api') / Math.max(1, apiRequests)).toFixed(2)} ms per API request), PostgreSQL backends ${(used('pg') / 1000).toFixed(1)} s ` +
          `(${(used('pg') / Math.max(1, apiRequests)).toFixed(2)} ms per API request), nginx ${(used('nginx') / 1000).toFixed(1)} s ` +
          `(${(used('nginx') / Math.max(1, samples.length)).toFixed(2)} ms per request), storefront ${(used('web') / 1000).toFixed(1)} s`,
      );
    }
    if (poolReadings.length)
      console.log(
        `Database pools (DATABASE_POOL_MAX per API process, readings every 2 s): at most ${poolMax(0, Infinity, 'inUse')} connections in use, ` +
          `${poolMax(0, Infinity, 'waiting')} requests waiting for one; ${poolReadings.filter((r) => r.waiting > 0).length} of ${poolReadings.length} readings with a wait`,
      );
    // ---- integrity
    const rows = (await db.query<{ order_no: string }>('select order_no from orders where id > $1', [baseline])).rows;
    const inDb = new Set(rows.map((r) => r.order_no));
    const missing = [...placed.keys()].filter((o) => !inDb.has(o));
    const unknown = [...inDb].filter((o) => !placed.has(o));
    goals.push({
      name: 'orders in the database == orders the shoppers saw placed',
      ok: !missing.length && !unknown.length && inDb.size === placed.size,
      detail: `${inDb.size} in the database, ${placed.size} seen${missing.length ? `, missing ${missing.slice(0, 5).join(' ')}` : ''}${unknown.length ? `, unseen ${unknown.slice(0, 5).join(' ')}` : ''}${inDoubt.size ? `, ${inDoubt.size} decisions still unknown` : ''}`,
    });
    const dup = (
      await db.query<{ n: number }>(
        'select count(*)::int as n from (select cart_id from orders where id > $1 group by cart_id having count(*) > 1) d',
        [baseline],
      )
    ).rows[0].n;
    goals.push({ name: 'no cart ordered twice', ok: dup === 0, detail: `${dup} carts with more than one order` });
    const sold = new Map(
      (
        await db.query<{ product_id: number; q: number }>(
          `
      select i.product_id, sum(i.quantity)::int as q from order_items i join orders o on o.id = i.order_id
      where o.id > $1 and o.status <> 'cancelled' and i.product_id is not null group by i.product_id`,
          [baseline],
        )
      ).rows.map((r) => [r.product_id, Number(r.q)]),
    );
    const now = new Map(
      (await db.query<{ id: number; stock: number }>('select id, stock from products')).rows.map((r) => [r.id, Number(r.stock)]),
    );
    const drift = [...initial].filter(([id, s]) => (now.get(id) ?? 0) + (sold.get(id) ?? 0) !== s);
    goals.push({
      name: 'stock + sold == initial stock, every product',
      ok: drift.length === 0,
      detail: drift.length
        ? `${drift.length} products off, e.g. #${drift[0][0]}: ${initial.get(drift[0][0])} → ${now.get(drift[0][0])} + ${sold.get(drift[0][0]) ?? 0} sold`
        : `${sold.size} products sold, ${[...sold.values()].reduce((a, b) => a + b, 0)} units`,
    });
    const negative = [...now.values()].filter((s) => s < 0).length;
    const lowSold = shop.products
      .filter((p) => p.low)
      .map((p) => `${sold.get(p.id) ?? 0}/${LOW_STOCK}`)
      .join(', ');
    goals.push({
      name: '0 oversold (no stock below zero)',
      ok: negative === 0 && shop.products.filter((p) => p.low).every((p) => (sold.get(p.id) ?? 0) <= LOW_STOCK),
      detail: `low-stock products sold ${lowSold}; ${soldOut} refused as sold out`,
    });

    const by = (step: Step, list = samples) =>
      list
        .filter((s) => s.step === step)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
    if (!faultsMode) {
      const add = pct(by('add_to_cart'), 95);
      const order = pct(
        by(
          'place_order',
          samples.filter((s) => s.phase !== 'settle'),
        ),
        95,
      );
      const errors = samples.filter((s) => !s.ok).length;
      goals.push({ name: `${SHOPPERS} concurrent shoppers (goal 300)`, ok: SHOPPERS >= 300, detail: `${SHOPPERS}` });
      goals.push({ name: 'add-to-cart p95 ≤ 50 ms', ok: add <= 50, detail: `${add.toFixed(1)} ms` });
      goals.push({
        name: 'place-order p95 ≤ 150 ms',
        ok: order <= 150,
        detail: `${order.toFixed(1)} ms (${by('place_order').length} orders)`,
      });
      const reads = samples.filter((x) => x.phase !== 'settle' && PUBLIC_READS.includes(x.step));
      const fromCache = reads.filter((x) => x.cached).length / Math.max(1, reads.length);
      goals.push({
        name: "public reads answered from nginx's cache ≥ 95 %",
        ok: fromCache >= 0.95,
        detail: `${(100 * fromCache).toFixed(1)} % of ${reads.length} (home, list, detail, search)`,
      });
      goals.push({
        name: '0 errors',
        ok: errors === 0,
        detail: `${errors} errors${errors ? `: ${topErrors(samples.filter((s) => !s.ok))}` : ''}`,
      });
    } else {
      faultGoals(goals);
    }
  } catch (error) {
    console.error(`[loadtest] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    exitCode = 1;
  } finally {
    await stopChild(cluster.child);
    await db.end().catch(() => {});
    if (proxy) await proxy.close();
    if (redis) await stopChild(redis);
    else
      await dropRedisKeys(redisUrl, prefix).catch((e: unknown) => console.warn(`[loadtest] could not delete the Redis keys: ${String(e)}`));
    if (process.env.LOADTEST_KEEP === '1') console.log(`[loadtest] kept database ${dbName}`);
    else
      await admin
        .query(`drop database if exists ${dbName} with (force)`)
        .catch((e: unknown) => console.warn(`[loadtest] drop database: ${String(e)}`));
    await admin.end().catch(() => {});
  }
  console.log('\nGoals:');
  for (const g of goals) console.log(`  ${g.ok ? 'OK    ' : 'MISSED'} ${g.name}: ${g.detail}`);
  if (goals.some((g) => !g.ok) || !goals.length) exitCode = 1;
  process.exit(exitCode);
}

function topErrors(list: Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of list) {
    const k = `${s.step} ${s.detail ?? s.status}`.slice(0, 120);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([k, n]) => `${n}× ${k}`)
    .join('; ');
}

function report(seconds: number): void {
  const measured = samples.filter((s) => s.phase !== 'settle');
  console.log(
    `\n${measured.length} requests in ${seconds.toFixed(1)} s = ${(measured.length / seconds).toFixed(0)} req/s through nginx (${SHOPPERS} shoppers)`,
  );
  if (resent) console.log(`${resent} requests sent again on a new connection: their kept-alive one was closed idle, before any answer`);
  console.log("step            count    req/s   p50 ms   p95 ms   p99 ms   max ms  errors  from nginx's cache");
  for (const step of STEPS) {
    const list = measured.filter((s) => s.step === step);
    if (!list.length) continue;
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1).padStart(8);
    console.log(
      `${step.padEnd(14)} ${String(list.length).padStart(6)} ${(list.length / seconds).toFixed(1).padStart(8)} ${f(pct(ms, 50))} ${f(pct(ms, 95))} ${f(pct(ms, 99))} ${f(ms.at(-1)!)} ${String(list.filter((s) => !s.ok).length).padStart(7)}  ${((100 * list.filter((s) => s.cached).length) / list.length).toFixed(0).padStart(3)} %`,
    );
  }
  if (faultsMode) {
    console.log('\nErrors per phase (status: count):');
    for (const { name } of phaseStarts) {
      const list = samples.filter((s) => s.phase === name);
      const bad = list.filter((s) => !s.ok);
      const statuses = new Map<number, number>();
      for (const s of bad) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
      const slowest = list.length ? Math.max(...list.map((s) => s.ms)) : 0;
      console.log(
        `  ${name.padEnd(14)} ${String(list.length).padStart(6)} requests, ${String(bad.length).padStart(5)} errors ${[...statuses].map(([st, n]) => `${st || 'network'}: ${n}`).join(', ')}; slowest ${slowest.toFixed(0)} ms${bad.length ? `\n                 ${topErrors(bad)}` : ''}`,
      );
    }
  }
}

// ---------------------------------------------------------------- the fault timeline

async function runFaults(
  cluster: Cluster,
  redis: ChildProcess,
  proxy: ReturnType<typeof dbProxy>,
  started: number,
  setRedis: (r: ChildProcess) => void,
): Promise<void> {
  const at = (s: number) => sleep(Math.max(0, started + s * 1000 - Date.now()));
  const t = DURATION_S / 90; // the timeline below is for 90 s and scales with DURATION
  await at(15 * t);
  setPhase('kill-api');
  const pid = cluster.pids.get('api-1');
  if (pid) {
    console.log(`[loadtest]   SIGKILL api-1 (pid ${pid})`);
    process.kill(pid, 'SIGKILL');
  }
  await at(25 * t);
  setPhase('nginx-reload');
  // A configuration reload under load: new workers start, old ones finish their requests and exit.
  for (let i = 0; i < 2; i++) {
    if (!cluster.nginx) {
      console.log('[loadtest]   nginx paths unknown: no reload');
      break;
    }
    const r = spawnSync(cluster.nginx.bin, ['-s', 'reload', '-p', cluster.nginx.prefix, '-c', cluster.nginx.config], { encoding: 'utf8' });
    console.log(`[loadtest]   nginx -s reload: ${r.status === 0 ? 'done' : `failed (${r.status}) ${r.stderr.trim()}`}`);
    await sleep(3000 * t);
  }
  await at(35 * t);
  setPhase('redis-restart');
  console.log('[loadtest]   stopping Redis');
  await stopChild(redis, 'SIGKILL');
  await sleep(3000);
  setRedis(await startRedis(PORT + 19));
  console.log('[loadtest]   Redis started again');
  await at(55 * t);
  setPhase('db-outage');
  console.log('[loadtest]   PostgreSQL unreachable for 10 s');
  proxy.cut();
  await sleep(10_000);
  proxy.restore();
  console.log('[loadtest]   PostgreSQL reachable again');
  setPhase('recovering');
  await sleep(5000);
  setPhase('after');
}

function faultGoals(goals: Goal[]): void {
  const inPhase = (name: string) => samples.filter((s) => s.phase === name);
  const after = inPhase('after');
  const afterErrors = after.filter((s) => !s.ok);
  goals.push({
    name: 'recovered without a restart: no error in the last phase',
    ok: after.length > 0 && afterErrors.length === 0,
    detail: `${after.length} requests, ${afterErrors.length} errors${afterErrors.length ? `: ${topErrors(afterErrors)}` : ''}`,
  });
  const outage = inPhase('db-outage');
  const unclear = outage.filter((s) => !s.ok && !(s.status === 503 || s.status === 502));
  const slowest = outage.length ? Math.max(...outage.map((s) => s.ms)) : 0;
  goals.push({
    name: 'database away: clear 503 answers, no hang',
    ok: unclear.length === 0 && slowest < 15_000,
    detail: `${outage.filter((s) => !s.ok).length} errors, ${unclear.length} not 502/503${unclear.length ? ` (${topErrors(unclear)})` : ''}; slowest ${slowest.toFixed(0)} ms`,
  });
  for (const name of ['kill-api', 'nginx-reload', 'redis-restart']) {
    const list = inPhase(name);
    const bad = list.filter((s) => !s.ok);
    goals.push({
      name: `${name}: errors (information)`,
      ok: true,
      detail: `${bad.length} of ${list.length}${bad.length ? `: ${topErrors(bad)}` : ''}`,
    });
  }
}

async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  let n = 0;
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length) {
      await client.del(keys);
      n += keys.length;
    }
  }
  await client.close();
  if (n) console.log(`[loadtest] deleted ${n} Redis keys under ${prefix}`);
}

main().catch((error: unknown) => {
  console.error('[loadtest] failed:', error);
  process.exit(1);
});
