/**
 * `npm run bench`: starts the whole shop (building it if needed) on a free port with its own embedded
 * database (.data/bench), then prints
 *  1. per page type, the JavaScript a page ships: every <script src>, modulepreload and Astro island
 *     (component and renderer URLs), their static imports followed recursively, plus inline scripts;
 *     each file gzipped on its own (zlib level 6, like a typical server) and summed;
 *  2. the Shop API's throughput and latency for the product list and product detail, measured by a
 *     small keep-alive load loop (N connections for D seconds) — and the SSR product list page.
 * Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (2 s).
 * The load generator runs on the same machine as the server, so figures are a floor, not a ceiling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './build.ts';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
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

/** Starts `scripts/start.ts` and resolves once it logs 'Shop ready'. */
function startShop(port: number): Promise<{ child: ChildProcess; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: process.env.BENCH_DATA_DIR ?? '.data/bench/pglite',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
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
      for (const line of text.split('\n')) if (line.startsWith('[shop]')) console.log(`  ${line}`);
      if (output.includes('Shop ready at')) resolve({ child, seconds: (Date.now() - started) / 1000 });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('exit', (code) => reject(new Error(`the shop exited (code ${code}) before it was ready:\n${output.slice(-4000)}`)));
  });
}

async function getJson<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: apiHeaders });
  if (!res.ok) throw new Error(`GET ${path} → ${res.status}`);
  return res.json() as Promise<T>;
}

interface JsReport { files: number; raw: number; gzip: number; inlineCount: number; inlineGzip: number; islands: number; htmlGzip: number; urls: string[] }

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
/** Static `import … from "x"`, `import "x"` and `export … from "x"` (minified or not); not import(). */
const staticImport = /\b(?:import|export)\b[^"'();=]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;

function importsOf(code: string, base: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(staticImport)) {
    const spec = m[1] ?? m[2];
    if (spec && /^(\.{0,2}\/|https?:)/.test(spec)) found.push(new URL(spec, base).href);
  }
  return found;
}

/** Everything a page makes the browser download and run as JavaScript before interaction. */
async function measurePage(base: string, path: string): Promise<JsReport> {
  const pageUrl = `${base}${path}`;
  const res = await fetch(pageUrl);
  if (res.status !== 200) throw new Error(`GET ${path} → ${res.status}`);
  const html = await res.text();
  const report: JsReport = { files: 0, raw: 0, gzip: 0, inlineCount: 0, inlineGzip: 0, islands: 0, htmlGzip: gzipSync(html).length, urls: [] };
  const queue: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    const type = attr(`<s ${attrs}>`, 'type');
    if (type && !/module|javascript/i.test(type)) continue; // JSON-LD and data blocks are not code
    const src = attr(`<s ${attrs}>`, 'src');
    if (src) queue.push(new URL(decode(src), pageUrl).href);
    else if (body.trim()) {
      report.inlineCount += 1;
      report.inlineGzip += gzipSync(body).length;
      report.raw += Buffer.byteLength(body);
      queue.push(...importsOf(body, pageUrl));
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(m[0], 'rel');
    const href = attr(m[0], 'href');
    if (href && rel && /modulepreload/i.test(rel)) queue.push(new URL(decode(href), pageUrl).href);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    report.islands += 1;
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(m[0], name);
      if (url) queue.push(new URL(decode(url), pageUrl).href);
    }
  }
  const seen = new Set<string>();
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const r = await fetch(url);
    if (!r.ok) throw new Error(`script ${url} → ${r.status}`);
    const code = await r.text();
    report.files += 1;
    report.raw += Buffer.byteLength(code);
    report.gzip += gzipSync(code).length;
    report.urls.push(new URL(url).pathname);
    queue.push(...importsOf(code, url));
  }
  report.gzip += report.inlineGzip;
  return report;
}

interface LoadResult { requests: number; errors: number; rps: number; p50: number; p95: number; p99: number }

/** `connections` keep-alive loops hammering one URL for `seconds`; latencies in ms. */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = () => new Promise<void>((resolve) => {
    const t0 = performance.now();
    const req = request({ agent, hostname: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode === 200) latencies.push(performance.now() - t0);
        else errors += 1;
        resolve();
      });
    });
    req.on('error', () => { errors += 1; resolve(); });
    req.end();
  });
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) await once();
  }));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN;
  return { requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pad = (rows: string[][]) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n');
};

async function main() {
  const cpu = cpus();
  console.log('Machine');
  console.log(`  ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`);
  console.log(`  Node ${process.version} on ${process.platform}/${process.arch}`);
  const port = await freePort();
  const pgUrl = process.env.BENCH_DATABASE_URL ? new URL(process.env.BENCH_DATABASE_URL) : null;
  const database = pgUrl
    ? `PostgreSQL at ${pgUrl.host}${pgUrl.pathname}`
    : `embedded database in ${process.env.BENCH_DATA_DIR ?? '.data/bench/pglite'}`;
  console.log(`\nStarting the shop on port ${port} (${database})…`);
  const { child, seconds } = await startShop(port);
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  try {
    console.log(`  ready in ${seconds.toFixed(1)} s`);
    const base = `http://127.0.0.1:${port}`;
    type Keyed = { key: string; is_stock_available?: boolean };
    const [news, blogs, products] = await Promise.all([
      getJson<Keyed[]>(base, '/v1/news?per=1'),
      getJson<Keyed[]>(base, '/v1/blogs?per=1'),
      getJson<Keyed[]>(base, '/v1/products?page=1'),
    ]);
    const product = products.find((p) => p.is_stock_available) ?? products[0];
    if (!product) throw new Error('the product list is empty: is the database seeded?');
    const pages: [string, string][] = [
      ['home', '/'],
      ...(news[0] ? [['content (news)', `/news/${news[0].key}/`] as [string, string]] : []),
      ...(blogs[0] ? [['content (blog)', `/blog/${blogs[0].key}/`] as [string, string]] : []),
      ['product list', '/product/'],
      ['product detail', `/product/${product.key}/`],
      ['cart', '/cart/'],
    ];

    console.log('\nJavaScript shipped per page (gzip per file, summed; inline scripts included)');
    const rows = [['page', 'path', 'files', 'raw', 'gzip', 'inline (gz)', 'islands', 'HTML (gz)']];
    for (const [name, path] of pages) {
      try {
        const r = await measurePage(base, path);
        rows.push([name, path, String(r.files), kb(r.raw), kb(r.gzip), `${r.inlineCount} (${kb(r.inlineGzip)})`, String(r.islands), kb(r.htmlGzip)]);
        if (process.env.BENCH_VERBOSE) console.log(`  ${path}: ${r.urls.join(', ') || '(no script files)'}`);
      } catch (error) {
        rows.push([name, path, 'error', error instanceof Error ? error.message : String(error), '', '', '', '']);
      }
    }
    console.log(pad(rows).replace(/^/gm, '  '));

    console.log(`\nThroughput: ${connections} keep-alive connections, ${durationS} s each (after ${warmupS} s warm-up), same machine`);
    const targets: [string, string, Record<string, string>][] = [
      ['GET /v1/products?page=1', `${base}/v1/products?page=1`, apiHeaders],
      [`GET /v1/products/${product.key}`, `${base}/v1/products/${encodeURIComponent(product.key)}`, apiHeaders],
      ['GET /product/ (SSR HTML)', `${base}/product/`, { accept: 'text/html' }],
    ];
    const loadRows = [['request', 'req/s', 'p50', 'p95', 'p99', 'ok', 'errors']];
    for (const [name, url, headers] of targets) {
      if (warmupS > 0) await load(url, headers, warmupS);
      const r = await load(url, headers, durationS);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      loadRows.push([name, r.rps.toFixed(0), ms(r.p50), ms(r.p95), ms(r.p99), String(r.requests), String(r.errors)]);
    }
    console.log(pad(loadRows).replace(/^/gm, '  '));
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
