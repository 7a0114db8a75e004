/**
 * `npx node scripts/bench/measure-js.ts [base]`: the JavaScript each storefront page type ships, measured
 * against an already running shop (default http://127.0.0.1:4321), the same way `npm run bench`
 * does: every <script src>, modulepreload and island (component and renderer URLs) with their static
 * imports followed recursively, plus inline scripts. Each file is counted twice, as a browser receives it:
 * brotli (the body of its `Accept-Encoding: br` answer, the pre-compressed brotli-11 copy for built assets,
 * see scripts/host/precompress.ts) and gzip (likewise); for a file sent uncompressed and for inline scripts,
 * brotli 11 and zlib level 6 of its text. Summed. Dynamic import() targets are not counted: they are not part
 * of the first load. Unlike bench it needs no fresh database or build, so it is quick to run while tuning
 * bundles. MEASURE_VERBOSE=1 lists the files of each page.
 * `npm run bench` uses the same `measurePage` and `pageTypes` for its JavaScript table.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { mypagePaths } from '../../src/lib/mypage-routes.ts';

type Encoding = 'br' | 'gzip';
/** Brotli at quality 11 (what scripts/host/precompress.ts writes for built assets). */
export const brotli = (text: string | Buffer): number =>
  brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** GETs `url` asking for one encoding: the text and its size in it (as sent, or compressed here when sent plain). */
function fetchEncoded(url: string, encoding: Encoding): Promise<{ status: number; text: string; size: number }> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolvePromise, reject) => {
    const req = send(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const sent = res.headers['content-encoding'];
        const raw = sent === 'br' ? brotliDecompressSync(body) : sent === 'gzip' ? gunzipSync(body) : body;
        const size = sent === encoding ? body.length : encoding === 'br' ? brotli(raw) : gzipSync(raw).length;
        resolvePromise({ status: res.statusCode ?? 0, text: raw.toString('utf8'), size });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export interface JsReport {
  files: number;
  raw: number;
  /** Summed gzip sizes (as served, zlib level 6 for what is sent plain and inline scripts). */
  gzip: number;
  /** Summed brotli sizes, as a browser receives them (brotli 11 for what is sent plain and inline scripts). */
  brotli: number;
  inlineCount: number;
  inlineGzip: number;
  inlineBrotli: number;
  islands: number;
  htmlGzip: number;
  urls: Array<{ path: string; gzip: number; brotli: number }>;
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
    brotli: 0,
    inlineBrotli: 0,
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
      report.inlineBrotli += brotli(body);
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
    const [br, gz] = await Promise.all([fetchEncoded(url, 'br'), fetchEncoded(url, 'gzip')]);
    if (br.status !== 200) throw new Error(`script ${url} → ${br.status}`);
    report.files += 1;
    report.raw += Buffer.byteLength(br.text);
    report.gzip += gz.size;
    report.brotli += br.size;
    report.urls.push({ path: new URL(url).pathname, gzip: gz.size, brotli: br.size });
    queue.push(...importsOf(br.text, url));
  }
  report.gzip += report.inlineGzip;
  report.brotli += report.inlineBrotli;
  return report;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Every cart and checkout step, the login and registration screens and every my-page screen
 * (src/lib/mypage-routes.ts's table): issue 25's 70 KB brotli budget covers all of them. The pages with
 * an id in their path are shells the islands fill after the member gate, so any id of the right form
 * gives the same page; none of them needs a session or a cart to answer 200.
 */
export function checkoutAndAccountPages(): Array<[string, string]> {
  const steps: Array<[string, string]> = [
    ['cart', '/cart/'],
    ['shipping-select', '/cart/shipping-select/'],
    ['shipping-add', '/cart/shipping-add/'],
    ['shipping-detail', '/cart/shipping-detail/'],
    ['payment', '/cart/payment/'],
    ['payment return', '/cart/payment/return/'],
    ['confirm', '/cart/confirm/'],
    ['complete', '/cart/complete/'],
    ['login', '/login/'],
    ['register', '/register/'],
    ['register complete', '/register/complete/'],
  ];
  const mypage = Object.entries(mypagePaths).map(([name, route]): [string, string] => {
    // A list key is a token, every other id a number; the order history's page 1 is its plain path.
    const path = typeof route === 'string' ? route : (route as (key: string | number) => string)(name === 'listDetail' ? 'abc' : 1);
    return [name === 'top' ? 'mypage' : `mypage ${name}`, path];
  });
  return [...steps, ...mypage];
}

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
    ...checkoutAndAccountPages(),
  ];
}

if (import.meta.main) {
  const base = (process.argv[2] ?? 'http://127.0.0.1:4321').replace(/\/+$/, '');
  const rows = [['page', 'path', 'files', 'raw', 'gzip', 'brotli', 'islands']];
  for (const [name, path] of await pageTypes(base)) {
    try {
      const r = await measurePage(base, path);
      rows.push([name, path, String(r.files), kb(r.raw), kb(r.gzip), kb(r.brotli), String(r.islands)]);
      if (process.env.MEASURE_VERBOSE) {
        console.log(`${path}:`);
        for (const u of r.urls) console.log(`  ${kb(u.brotli).padStart(9)} br ${kb(u.gzip).padStart(9)} gz  ${u.path}`);
      }
    } catch (error) {
      rows.push([name, path, 'error', error instanceof Error ? error.message : String(error), '', '', '']);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log(rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ')).join('\n'));
}
