/**
 * `npx node scripts/bench/measure-js.ts [base]`: the JavaScript each storefront page type ships, measured
 * against an already running shop (default http://127.0.0.1:4321), the same way `npm run bench`
 * does: every <script src>, modulepreload and island (component and renderer URLs) with their static
 * imports followed recursively, plus inline scripts; each file's gzip size as the shop serves it
 * (the body of its `Accept-Encoding: gzip` answer: the pre-compressed zopfli copy for built assets,
 * see scripts/host/precompress.ts) or, for a file the server sends uncompressed and for inline scripts,
 * zlib level 6 of its text; summed. Dynamic import() targets are not counted: they are not part of the first load.
 * Unlike bench it needs no fresh database or build, so it is quick to run while tuning bundles.
 * MEASURE_VERBOSE=1 lists the files of each page.
 * `npm run bench` uses the same `measurePage` and `pageTypes` for its JavaScript table.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { gunzipSync, gzipSync } from 'node:zlib';

/** GETs `url` asking for gzip: the text and its gzip size (as sent, or zlib level 6 when sent plain). */
function fetchGzipped(url: string): Promise<{ status: number; text: string; gzip: number }> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolvePromise, reject) => {
    const req = send(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const gzipped = res.headers['content-encoding'] === 'gzip';
        const raw = gzipped ? gunzipSync(body) : body;
        resolvePromise({ status: res.statusCode ?? 0, text: raw.toString('utf8'), gzip: gzipped ? body.length : gzipSync(raw).length });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export interface JsReport {
  files: number;
  raw: number;
  gzip: number;
  inlineCount: number;
  inlineGzip: number;
  islands: number;
  htmlGzip: number;
  urls: Array<{ path: string; gzip: number }>;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
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
export async function measurePage(base: string, path: string): Promise<JsReport> {
  const pageUrl = `${base}${path}`;
  const res = await fetch(pageUrl);
  if (res.status !== 200) throw new Error(`GET ${path} → ${res.status}`);
  const html = await res.text();
  const report: JsReport = {
    files: 0,
    raw: 0,
    gzip: 0,
    inlineCount: 0,
    inlineGzip: 0,
    islands: 0,
    htmlGzip: gzipSync(html).length,
    urls: [],
  };
  const queue: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    const type = attr(`<s ${attrs}>`, 'type');
    if (type && !/module|javascript/i.test(type)) continue;
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
    const r = await fetchGzipped(url);
    if (r.status !== 200) throw new Error(`script ${url} → ${r.status}`);
    const code = r.text;
    const gz = r.gzip;
    report.files += 1;
    report.raw += Buffer.byteLength(code);
    report.gzip += gz;
    report.urls.push({ path: new URL(url).pathname, gzip: gz });
    queue.push(...importsOf(code, url));
  }
  report.gzip += report.inlineGzip;
  return report;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The page types measured (news, blog and, unless given, the product: the first item their list pages link to). */
export async function pageTypes(base: string, productKey?: string): Promise<Array<[string, string]>> {
  const firstLink = async (list: string, prefix: string) => {
    const html = await (await fetch(`${base}${list}`)).text();
    return new RegExp(`href="(${prefix}[^"/]+/)"`).exec(html)?.[1] ?? list;
  };
  return [
    ['home', '/'],
    ['news', await firstLink('/news/', '/news/')],
    ['blog', await firstLink('/blog/', '/blog/')],
    ['product list', '/product/'],
    ['product detail', productKey ? `/product/${encodeURIComponent(productKey)}/` : await firstLink('/product/', '/product/')],
    ['cart', '/cart/'],
    ['shipping-select', '/cart/shipping-select/'],
    ['shipping-detail', '/cart/shipping-detail/'],
    ['payment', '/cart/payment/'],
    ['confirm', '/cart/confirm/'],
    ['complete', '/cart/complete/'],
    ['login', '/login/'],
    ['mypage', '/mypage/'],
  ];
}

if (import.meta.main) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:4321').replace(/\/+$/, '');
  const rows = [['page', 'path', 'files', 'raw', 'gzip', 'islands']];
  for (const [name, path] of await pageTypes(base)) {
    try {
      const r = await measurePage(base, path);
      rows.push([name, path, String(r.files), kb(r.raw), kb(r.gzip), String(r.islands)]);
      if (process.env.MEASURE_VERBOSE) {
        console.log(`${path}:`);
        for (const u of r.urls) console.log(`  ${kb(u.gzip).padStart(9)}  ${u.path}`);
      }
    } catch (error) {
      rows.push([name, path, 'error', error instanceof Error ? error.message : String(error), '', '']);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ')).join('\n'));
}
