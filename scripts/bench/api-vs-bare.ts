/**
 * `npx node scripts/bench/api-vs-bare.ts` (also a section of `npm run bench`): the Shop API alone
 * (api/src/server.ts) on a throwaway PostgreSQL database, against a bare node:http server that
 * sends the very same bytes (fetched once from the API), both driven by wrk (2 threads, 50
 * connections, 10 s) on the product list and a product detail as a guest. Prints req/s and the
 * API's share of the bare figure; goal ≥ 10 %. Same machine, same run: the ratio is what to compare.
 * Environment: API_VS_BARE_PORT (4650: the API; the bare server the next port), API_VS_BARE_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres: where the database is created), BENCH_CONNECTIONS (50),
 * BENCH_DURATION (10 s). Needs wrk (`apt-get install -y wrk`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { root } from '../host/build.ts';

const PORT = Number(process.env.API_VS_BARE_PORT ?? 4650);
const ADMIN_URL = process.env.API_VS_BARE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const HEADERS: Record<string, string> = { 'x-channel-id': 'default', 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

/** wrk's Requests/sec for `url` with the guest headers (null when wrk failed); async, so this process can serve the bare side. */
async function wrk(url: string): Promise<{ rps: number; errors: string } | null> {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, ...Object.entries(HEADERS).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  await new Promise((r) => child.once('close', r));
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!m) return null;
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  const socket = /Socket errors: ([^\n]+)/.exec(out)?.[1];
  return { rps: Number(m[1]), errors: [bad ? `${bad} non-2xx` : '', socket ?? ''].filter(Boolean).join(', ') };
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode})`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error('the API was not ready within 2 minutes');
}

export async function benchApiVsBare(): Promise<boolean> {
  if (spawnSync('wrk', ['--version']).error) {
    console.log('API vs bare node:http: skipped (wrk missing: apt-get install -y wrk)');
    return true;
  }
  const name = `shop_bare_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const api = spawn(process.execPath, [join(root, 'api', 'src', 'server.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(PORT), LOG_LEVEL: 'warn', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bare = createServer();
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitReady(base, api);
    const list = await fetch(`${base}/v1/products`, { headers: HEADERS });
    const listText = await list.text();
    const key = (JSON.parse(listText) as { key: string }[])[0].key;
    const detailPath = `/v1/products/${encodeURIComponent(key)}`;
    const detailText = await (await fetch(`${base}${detailPath}`, { headers: HEADERS })).text();
    // The bare server: the same bodies and content type, nothing else.
    const bodies = new Map([
      ['/v1/products', Buffer.from(listText)],
      [detailPath, Buffer.from(detailText)],
    ]);
    const type = list.headers.get('content-type') ?? 'application/json';
    bare.on('request', (req, res) => {
      const body = bodies.get(req.url ?? '');
      res.writeHead(body ? 200 : 404, { 'content-type': type, 'content-length': body?.length ?? 0 });
      res.end(body);
    });
    await new Promise<void>((r) => bare.listen(PORT + 1, '127.0.0.1', () => r()));
    const bareBase = `http://127.0.0.1:${PORT + 1}`;
    console.log(`\nAPI vs bare node:http (PostgreSQL ${name}, wrk -t2 -c${CONNECTIONS} -d${SECONDS}s, guest)`);
    console.log('  answer            bytes    API req/s   bare req/s   API share');
    let ok = true;
    for (const [label, path, text] of [
      ['product list', '/v1/products', listText],
      ['product detail', detailPath, detailText],
    ] as const) {
      const a = await wrk(`${base}${path}`);
      const b = await wrk(`${bareBase}${path}`);
      const share = a && b ? (100 * a.rps) / b.rps : NaN;
      ok &&= Number.isFinite(share) && share >= 10;
      console.log(
        `  ${label.padEnd(15)} ${String(Buffer.byteLength(text)).padStart(7)} ${(a?.rps.toFixed(0) ?? 'failed').padStart(12)} ${(b?.rps.toFixed(0) ?? 'failed').padStart(12)} ${share.toFixed(1).padStart(9)} %${a?.errors ? `  (API: ${a.errors})` : ''}${b?.errors ? `  (bare: ${b.errors})` : ''}`,
      );
    }
    console.log(`  goal: the API ≥ 10 % of bare node:http for both: ${ok ? 'OK' : 'MISSED'}`);
    return ok;
  } finally {
    bare.close();
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

if (import.meta.main) {
  benchApiVsBare().then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error('api-vs-bare failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
