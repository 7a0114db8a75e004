/**
 * `npm run bench`: starts the whole shop (building it if needed) on a free port with its own fresh
 * database, then prints
 *  1. per page type, the JavaScript a page ships: every <script src>, modulepreload and Astro island
 *     (component and renderer URLs), their static imports followed recursively, plus inline scripts;
 *     each file counted as served, brotli and gzip (scripts/bench/measure-js.ts), and summed;
 *  2. the Shop API's throughput and latency for the product list and product detail, measured by a
 *     small keep-alive load loop (N connections for D seconds) — and the SSR product list page;
 *     while the list is loaded, a static file is fetched every 50 ms: its latency shows how long the
 *     server's event loop is blocked (a database working on the main thread shows up here);
 *  2b. Lighthouse mobile on every page type (scripts/bench/lighthouse.ts; BENCH_LIGHTHOUSE=0 skips it,
 *     it takes a few minutes);
 *  3. with BENCH_PRODUCTS (e.g. 100000), the same database grown to that many products by SQL
 *     (generate_series over the seeded models, categories, makers), then page 1 of the list, a top
 *     category page with its descendants, and a detail at BENCH_PRODUCTS_CONNECTIONS (10).
 * The embedded database (PGlite, BENCH_DATA_DIR, wiped first) is always measured; with
 * BENCH_DATABASE_URL (an empty PostgreSQL database) PostgreSQL is measured after it in the same run.
 * Last, scripts/bench/api-vs-bare.ts: the API alone on a throwaway PostgreSQL database against a bare
 * node:http server sending the same bytes, under wrk (BENCH_SKIP_BARE=1 leaves it out).
 * Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_PRODUCTS,
 * BENCH_PRODUCTS_CONNECTIONS (10), BENCH_SKIP_PGLITE=1 (PostgreSQL only).
 * The load generator runs on the same machine as the server, so figures are a floor, not a ceiling.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { readableLine } from '../../api/src/lib/log.ts';
import { root } from '../host/build.ts';
import { printImageBytes } from './image-bytes.ts';
import { printLighthouse } from './lighthouse.ts';
import { measurePage, pageTypes } from './measure-js.ts';

const defaultConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 0);
const productConnections = Number(process.env.BENCH_PRODUCTS_CONNECTIONS ?? 10);
const durationS = Number(process.env.BENCH_DURATION ?? 10);
const warmupS = Number(process.env.BENCH_WARMUP ?? 2);
const apiHeaders = { 'x-channel-id': 'default', 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A database the bench measures: the embedded one in a folder, or PostgreSQL at a URL. */
export interface Target {
  label: string;
  dataDir: string;
  url: string;
}

/** Starts `scripts/host/start.ts` on `target` and resolves once it logs 'Shop ready'. */
function startShop(port: number, target: Target): Promise<{ child: ChildProcess; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'scripts', 'host', 'start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.url,
      API_BASE_URL: '',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      // The shop logs JSON lines (api/src/lib/log.ts): its own (component shop) are shown readably.
      for (const line of text.split('\n')) if (line.includes('"component":"shop"')) console.log(`  ${readableLine(line).trimEnd()}`);
      if (output.includes('Shop ready at')) resolve({ child, seconds: (Date.now() - started) / 1000 });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`the shop exited (code ${code}) before it was ready:\n${output.slice(-4000)}`)));
  });
}

/** Stops a shop started by startShop and waits for it to exit (PGlite flushes its files on exit). */
function stopShop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function getJson<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: apiHeaders });
  if (!res.ok) throw new Error(`GET ${path} → ${res.status}`);
  return res.json() as Promise<T>;
}

interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** A URL, or a function giving each request its own URL (to measure queries no cache has seen). */
type UrlSource = string | (() => string);

/** `connections` keep-alive loops hammering one URL (or a fresh one each time) for `seconds`; latencies in ms. */
async function load(
  url: UrlSource,
  headers: Record<string, string>,
  seconds: number,
  connections = defaultConnections,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const target = new URL(typeof url === 'string' ? url : url());
      const t0 = performance.now();
      const req = request(
        { agent, hostname: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - t0);
            else errors += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN);
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pad = (rows: string[][]) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n');
};

/**
 * Fetches a small static file every 50 ms until `until` settles: its latency is how long a request
 * waits for the server's event loop while the API is under load.
 */
async function probeStatic(url: string, until: Promise<unknown>): Promise<{ p50: number; p99: number; max: number; n: number }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { headers: { connection: 'close' } });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - t0);
    } catch {
      /* counted as missing */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN);
  return { p50: pct(0.5), p99: pct(0.99), max: latencies.at(-1) ?? NaN, n: latencies.length };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Warm-up, then one measured run per target, printed as a table. */
async function loadTable(targets: [string, UrlSource, Record<string, string>][], connections: number, probeUrl?: string): Promise<string> {
  const rows = [['request', 'req/s', 'p50', 'p95', 'p99', 'ok', 'errors']];
  const probes: string[] = [];
  for (const [name, url, headers] of targets) {
    if (warmupS > 0) await load(url, headers, warmupS, connections);
    const running = load(url, headers, durationS, connections);
    const probe = probeUrl && name.includes('/v1/products?page=1') ? probeStatic(probeUrl, running) : undefined;
    const r = await running;
    rows.push([name, r.rps.toFixed(0), ms(r.p50), ms(r.p95), ms(r.p99), String(r.requests), String(r.errors)]);
    if (probe) {
      const p = await probe;
      probes.push(
        `  static file (${new URL(probeUrl!).pathname}) during the list load: p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, max ${ms(p.max)} (${p.n} probes)`,
      );
    }
  }
  return [pad(rows).replace(/^/gm, '  '), ...probes].join('\n');
}

/** Words the grown catalogue's names are made of (materials × items), so searches have real hits. */
const BENCH_MATERIALS = ['デニム', 'リネン', 'コットン', 'ウール', 'レザー', 'シルク', 'ナイロン', 'カシミヤ'];
const BENCH_ITEMS = [
  'パンツ',
  'シャツ',
  'コート',
  'ジャケット',
  'スカート',
  'トートバッグ',
  'スニーカー',
  'ストール',
  'カーディガン',
  'キャップ',
  '靴下',
  'ワンピース',
];
const BENCH_COLORS: [string, string][] = [
  ['ネイビー', '#1f2a44'],
  ['ブラック', '#1f1f1f'],
  ['ホワイト', '#f7f7f5'],
  ['ベージュ', '#d9c6a5'],
  ['グレー', '#8a8d91'],
];
const BENCH_SIZES = ['S', 'M'];

const sqlText = (v: string) => `'${v.replace(/'/g, "''")}'`;
const sqlArray = (vs: string[]) => `(array[${vs.map(sqlText).join(', ')}]::text[])`;

/**
 * Grows the catalogue to `count` products by SQL: new models of 10 variants each (5 colours × 2
 * sizes), named from BENCH_MATERIALS × BENCH_ITEMS, spread over every product category, maker and
 * brand, all published on the default channel, with search_text filled exactly as the API's
 * normaliser gives them (each word normalised here, in JS, and concatenated by SQL), some
 * sales and stock levels (popularity 0, what the shop's hourly 人気順 refresh gives products nobody
 * ordered, viewed or reviewed, so the refresh the shop runs 5 s after start writes nothing during the
 * measurement). Returns the key of the first top category (the category page measured).
 */
export async function growCatalogue(target: Target, count: number): Promise<string> {
  const { normalizeSearch, productSearchText } = await import('../../api/src/services/products/search/normalize.ts');
  const names = `select (select array_agg(name order by id) from brands) as brands,
      (select array_agg(name order by id) from makers) as makers, (select array_agg(name_kana order by id) from makers) as kanas`;
  const statements = (brands: string[], makers: string[], kanas: string[]) => {
    // Each word normalised on its own: the parts are joined with spaces, so the whole is the same.
    // A material's loanword spelling (でにむ → denim) is added as productSearchText does.
    const mat = BENCH_MATERIALS.map((w) => productSearchText([w]));
    const item = BENCH_ITEMS.map((w) => productSearchText([w]));
    const color = BENCH_COLORS.map(([c]) => productSearchText([c]));
    const brand = brands.map((b) => normalizeSearch(b));
    const maker = makers.map((m, i) => normalizeSearch(`${m} ${kanas[i]}`));
    const models = Math.ceil(count / 10);
    return [
      `insert into product_models (key, name)
       select 'bench-m' || g, ${sqlArray(BENCH_MATERIALS)}[1 + g % 8] || ' ' || ${sqlArray(BENCH_ITEMS)}[1 + (g / 8) % 12] || ' ' || g
       from generate_series(1, ${models}) g`,
      `with c as (select array_agg(id order by id) a from categories where table_name = 'products')
       insert into product_model_categories (product_model_id, category_id)
       select pm.id, c.a[1 + pm.id % array_length(c.a, 1)] from product_models pm, c where pm.key like 'bench-m%'`,
      `with mk as (select array_agg(id order by id) a from makers), br as (select array_agg(id order by id) a from brands),
            pm as (select array_agg(id order by id) a from product_models where key like 'bench-m%'),
            v as (select g, (g - 1) / 10 + 1 as m, (g - 1) % 10 as vi from generate_series(1, ${count}) g)
       insert into products (key, code, name, description, product_model_id, brand_id, maker_id, product_price, before_price, tax_rate,
         stock, sort, created_at, color, color_code, size, size_order, popularity, search_text)
       select 'bench-' || v.g, 'BENCH-' || v.g,
         ${sqlArray(BENCH_MATERIALS)}[1 + v.m % 8] || ' ' || ${sqlArray(BENCH_ITEMS)}[1 + (v.m / 8) % 12] || ' ' || v.m || ' '
           || ${sqlArray(BENCH_COLORS.map(([c]) => c))}[1 + v.vi / 2] || ' ' || ${sqlArray(BENCH_SIZES)}[1 + v.vi % 2],
         'ベンチマーク用の商品です。', pm.a[v.m],
         br.a[1 + v.m % array_length(br.a, 1)], mk.a[1 + v.m % array_length(mk.a, 1)], 500 + (v.m * 37) % 20000,
         case when v.m % 7 = 0 then 500 + (v.m * 37) % 20000 + 1000 end,
         case when v.m % 5 = 0 then 8 else 10 end, (v.g * 13) % 50, v.g % 100, timestamptz '2025-01-01' + v.g * interval '1 minute',
         ${sqlArray(BENCH_COLORS.map(([c]) => c))}[1 + v.vi / 2], ${sqlArray(BENCH_COLORS.map(([, c]) => c))}[1 + v.vi / 2],
         ${sqlArray(BENCH_SIZES)}[1 + v.vi % 2], 1 + v.vi % 2, 0,
         ${sqlArray(mat)}[1 + v.m % 8] || ' ' || ${sqlArray(item)}[1 + (v.m / 8) % 12] || ' ' || v.m || ' '
           || ${sqlArray(color)}[1 + v.vi / 2] || ' ' || lower(${sqlArray(BENCH_SIZES)}[1 + v.vi % 2]) || ' bench-' || v.g
           || ' ' || ${sqlArray(mat)}[1 + v.m % 8] || ' ' || ${sqlArray(item)}[1 + (v.m / 8) % 12] || ' ' || v.m
           || ' ' || ${sqlArray(brand)}[1 + v.m % array_length(br.a, 1)] || ' ' || ${sqlArray(maker)}[1 + v.m % array_length(mk.a, 1)]
       from v, mk, br, pm`,
      `insert into product_channels (product_id, channel_id) select id, 'default' from products where key like 'bench-%'`,
      // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
      'vacuum analyze',
    ];
  };
  const topCategory = `select key from categories where table_name = 'products' and parent_id is null order by sort, id limit 1`;
  if (target.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { brands, makers, kanas } = (await client.query<{ brands: string[]; makers: string[]; kanas: string[] }>(names)).rows[0];
      for (const s of statements(brands, makers, kanas)) await client.query(s);
      return (await client.query<{ key: string }>(topCategory)).rows[0].key;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(join(root, target.dataDir), { extensions: { pg_trgm } });
  try {
    const { brands, makers, kanas } = (await db.query<{ brands: string[]; makers: string[]; kanas: string[] }>(names)).rows[0];
    for (const s of statements(brands, makers, kanas)) await db.exec(s);
    return (await db.query<{ key: string }>(topCategory)).rows[0].key;
  } finally {
    await db.close();
  }
}

type Keyed = { key: string; is_stock_available?: boolean };

async function printJs(base: string, product: Keyed) {
  console.log('\nJavaScript shipped per page (brotli and gzip per file as served, summed; inline scripts included)');
  const rows = [['page', 'path', 'files', 'raw', 'brotli', 'gzip', 'inline (br)', 'islands', 'HTML (gz)']];
  for (const [name, path] of await pageTypes(base, product.key)) {
    try {
      const r = await measurePage(base, path);
      rows.push([
        name,
        path,
        String(r.files),
        kb(r.raw),
        kb(r.brotli),
        kb(r.gzip),
        `${r.inlineCount} (${kb(r.inlineBrotli)})`,
        String(r.islands),
        kb(r.htmlGzip),
      ]);
      if (process.env.BENCH_VERBOSE) console.log(`  ${path}: ${r.urls.map((u) => u.path).join(', ') || '(no script files)'}`);
    } catch (error) {
      rows.push([name, path, 'error', error instanceof Error ? error.message : String(error), '', '', '', '', '']);
    }
  }
  console.log(pad(rows).replace(/^/gm, '  '));
}

/** The seeded-catalogue figures, then (BENCH_PRODUCTS) the grown-catalogue figures, for one database. */
async function benchTarget(target: Target, withJs: boolean) {
  console.log(`\n=== ${target.label} ===`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Starting the shop on port ${port}…`);
  let { child, seconds } = await startShop(port, target);
  try {
    console.log(`  ready in ${seconds.toFixed(1)} s`);
    const products = await getJson<Keyed[]>(base, '/v1/products?page=1');
    const product = products.find((p) => p.is_stock_available) ?? products[0];
    if (!product) throw new Error('the product list is empty: is the database seeded?');
    if (withJs) await printJs(base, product);
    if (withJs) await printImageBytes(base);
    if (withJs && process.env.BENCH_LIGHTHOUSE !== '0') {
      // Lighthouse needs Chromium and the registry (first use): a failure skips this section only.
      await printLighthouse(base).catch((error: unknown) =>
        console.log(`  Lighthouse skipped: ${error instanceof Error ? error.message : error}`),
      );
    }
    console.log(
      `\nThroughput (${target.label}, seeded catalogue): ${defaultConnections} keep-alive connections, ${durationS} s each (after ${warmupS} s warm-up), same machine`,
    );
    console.log(
      await loadTable(
        [
          ['GET /v1/products?page=1', `${base}/v1/products?page=1`, apiHeaders],
          [`GET /v1/products/${product.key}`, `${base}/v1/products/${encodeURIComponent(product.key)}`, apiHeaders],
          ['GET /product/ (SSR HTML)', `${base}/product/`, { accept: 'text/html' }],
        ],
        defaultConnections,
        `${base}/favicon.svg`,
      ),
    );
    if (!productCount) return;

    await stopShop(child);
    const t0 = Date.now();
    const category = await growCatalogue(target, productCount);
    console.log(`\nGrew the catalogue by ${productCount} products in ${((Date.now() - t0) / 1000).toFixed(1)} s; restarting…`);
    ({ child, seconds } = await startShop(port, target));
    const total = (await fetch(`${base}/v1/products?page=1`, { headers: apiHeaders })).headers.get('x-total');
    console.log(`  ready in ${seconds.toFixed(1)} s; x-total ${total}`);
    console.log(
      `\nThroughput (${target.label}, ${productCount} more products): ${productConnections} keep-alive connections, ${durationS} s each`,
    );
    const e = encodeURIComponent;
    // Prices no earlier request used (20,000 yen and up, one more each time).
    let price = 20_000;
    const fresh = () => (price += 1);
    const filtered = `category=${e(category)}&child=1&price_min=2000&price_max=8000&in_stock=1&sort=popular`;
    console.log(
      await loadTable(
        [
          ['GET /v1/products?page=1', `${base}/v1/products?page=1`, apiHeaders],
          [`GET /v1/products?category=${category}&child=1`, `${base}/v1/products?category=${e(category)}&child=1`, apiHeaders],
          ['GET /v1/products/bench-50000', `${base}/v1/products/bench-${Math.ceil(productCount / 2)}`, apiHeaders],
          // Goals (issue 7): search and filtered list p95 ≤ 30 ms, suggest p95 ≤ 15 ms.
          ['search keyword=でにむ', `${base}/v1/products?keyword=${e('でにむ')}`, apiHeaders],
          ['search keyword=ﾃﾞﾆﾑ ﾊﾟﾝﾂ (2 words)', `${base}/v1/products?keyword=${e('ﾃﾞﾆﾑ ﾊﾟﾝﾂ')}`, apiHeaders],
          [`filtered ${filtered}`, `${base}/v1/products?${filtered}`, apiHeaders],
          ['suggest keyword=でにむ', `${base}/v1/products/suggest?keyword=${e('でにむ')}`, apiHeaders],
          // For information: a 2-character word cannot use the trigram index (see docs/api.md).
          ['search keyword=靴下 (2 characters)', `${base}/v1/products?keyword=${e('靴下')}`, apiHeaders],
          ['facets keyword=でにむ', `${base}/v1/products/facets?keyword=${e('でにむ')}`, apiHeaders],
          // Lists and facets are kept per catalogue version (catalog.ts): the rows above mostly measure a
          // repeated query. These give every request a filter no request had before, so nothing is cached.
          [
            'uncached: search でにむ, a new price_max each time',
            () => `${base}/v1/products?keyword=${e('でにむ')}&price_max=${fresh()}`,
            apiHeaders,
          ],
          [
            'uncached: filtered list, a new price_min each time',
            () => `${base}/v1/products?category=${e(category)}&child=1&in_stock=1&sort=popular&price_min=${fresh() - 20000}`,
            apiHeaders,
          ],
          [
            'uncached: facets でにむ, a new price_max each time',
            () => `${base}/v1/products/facets?keyword=${e('でにむ')}&price_max=${fresh()}`,
            apiHeaders,
          ],
          // A word set no request had before either (a model number each time): its words go to the trigram index.
          [
            'uncached: search でにむ + a new model number each time',
            () => `${base}/v1/products?keyword=${e(`でにむ ${fresh() - 19_000}`)}`,
            apiHeaders,
          ],
        ],
        productConnections,
        `${base}/favicon.svg`,
      ),
    );
  } finally {
    await stopShop(child);
  }
}

async function main() {
  const cpu = cpus();
  console.log('Machine');
  console.log(`  ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`);
  console.log(`  Node ${process.version} on ${process.platform}/${process.arch}`);
  // BENCH_CONTENT_PAGES (e.g. 10000): only the content-build section (scripts/bench/content-build-bench.ts),
  // full build and one-post rebuild of that many content pages; too long for CI.
  if (process.env.BENCH_CONTENT_PAGES) {
    const { benchContentBuild } = await import('./content-build-bench.ts');
    await benchContentBuild(Number(process.env.BENCH_CONTENT_PAGES));
    return;
  }
  const targets: Target[] = [];
  if (!process.env.BENCH_SKIP_PGLITE) {
    const dataDir = process.env.BENCH_DATA_DIR ?? '.data/bench/pglite';
    // A fresh embedded database each run, so a grown catalogue never carries over.
    rmSync(join(root, dataDir), { recursive: true, force: true });
    targets.push({ label: `PGlite (embedded, ${dataDir})`, dataDir, url: '' });
  }
  if (process.env.BENCH_DATABASE_URL) {
    const pgUrl = new URL(process.env.BENCH_DATABASE_URL);
    targets.push({
      label: `PostgreSQL at ${pgUrl.host}${pgUrl.pathname}`,
      dataDir: '.data/bench/unused',
      url: process.env.BENCH_DATABASE_URL,
    });
  }
  for (const [i, target] of targets.entries()) await benchTarget(target, i === 0);
  // The API alone on PostgreSQL against a bare node:http server sending the same bytes (wrk): BENCH_SKIP_BARE=1 leaves it out.
  if (!process.env.BENCH_SKIP_BARE) {
    const { benchApiVsBare } = await import('./api-vs-bare.ts');
    await benchApiVsBare();
  }
}

// Run as a script (npm run bench); importing it (a plan check) only takes growCatalogue.
if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
