/**
 * Pre-compressed static assets (scripts/host/precompress.ts, scripts/host/static-assets.ts): the copies decode
 * to the original, stale or tiny files are handled, and a real HTTP server negotiates the encoding.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../../scripts/host/precompress.ts';
import { type AssetTable, chooseEncoding, loadAssets, servePrecompressed } from '../../../scripts/host/static-assets.ts';

const script = `export function hello(){${'console.log("こんにちは、世界");'.repeat(200)}}\n`;

describe('chooseEncoding', () => {
  it('prefers brotli, honours q-values and refusals, and falls back to none', () => {
    expect(chooseEncoding('gzip, deflate, br', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(chooseEncoding('*;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('x-gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('identity', ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('gzip;q=abc', ['gzip'])).toBeNull();
    expect(chooseEncoding(undefined, ['br', 'gzip'])).toBeNull();
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});

describe('precompressAssets', () => {
  let dir: string;
  let cache: string;
  beforeAll(() => {
    cache = mkdtempSync(join(tmpdir(), 'precompress-cache-'));
    process.env.PRECOMPRESS_CACHE_DIR = cache;
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, '_astro', 'island.abc123.js'), script);
    writeFileSync(join(dir, '_astro', 'tiny.js'), 'export{}');
    writeFileSync(join(dir, 'index.html'), `<p>${'x'.repeat(5000)}</p>`);
  });
  afterAll(() => {
    delete process.env.PRECOMPRESS_CACHE_DIR;
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('writes gzip (smaller than zlib level 9) and brotli copies that decode to the file; skips small files and HTML', async () => {
    const r = await precompressAssets(dir);
    expect(r).toMatchObject({ files: 1, written: 2 });
    const file = join(dir, '_astro', 'island.abc123.js');
    const gz = readFileSync(`${file}.gz`);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(gz.length).toBeLessThanOrEqual(gzipSync(script, { level: 9 }).length);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(existsSync(join(dir, '_astro', 'tiny.js.gz'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(false);
  });

  it('skips fresh copies and redoes stale ones', async () => {
    expect((await precompressAssets(dir)).written).toBe(0);
    const file = join(dir, '_astro', 'island.abc123.js');
    const later = new Date(statSync(`${file}.gz`).mtimeMs + 10_000);
    writeFileSync(file, `${script}// changed\n`);
    utimesSync(file, later, later);
    expect((await precompressAssets(dir)).written).toBe(2);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toContain('// changed');
  });

  it('another build with the same bytes takes them from the cache; entries unused for 14 days are dropped', async () => {
    const entries = () =>
      readdirSync(cache)
        .filter((n) => !n.endsWith('.tmp'))
        .sort();
    // Two builds so far (the script, then the changed script): a gzip and a brotli entry each.
    expect(entries()).toHaveLength(4);
    // Mark the cached gzip of the changed script, so a cache hit is visible in the next build's copy.
    const other = mkdtempSync(join(tmpdir(), 'precompress-other-'));
    try {
      writeFileSync(join(other, 'same.js'), `${script}// changed\n`);
      const marker = gzipSync(`${script}// changed\n`, { level: 1 });
      const gzEntries = entries().filter((n) => n.endsWith('.gz'));
      const changedEntry = gzEntries.find((n) =>
        gunzipSync(readFileSync(join(cache, n)))
          .toString()
          .endsWith('// changed\n'),
      )!;
      writeFileSync(join(cache, changedEntry), marker);
      expect((await precompressAssets(other)).written).toBe(2);
      expect(readFileSync(join(other, 'same.js.gz')).equals(marker)).toBe(true);
      expect(entries()).toHaveLength(4);
      // An entry last used 15 days ago goes at the end of a run.
      const stale = entries().find((n) => n !== changedEntry && n.endsWith('.gz'))!;
      const old = new Date(Date.now() - 15 * 24 * 3600 * 1000);
      utimesSync(join(cache, stale), old, old);
      await precompressAssets(other);
      expect(entries()).not.toContain(stale);
      expect(entries()).toHaveLength(3);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('brotli before ready, gzip after (npm start)', () => {
  it('writes only the encodings asked for; the table offers what exists and a reload adds the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-staged-'));
    const cache = mkdtempSync(join(tmpdir(), 'precompress-staged-cache-'));
    process.env.PRECOMPRESS_CACHE_DIR = cache;
    try {
      const file = join(dir, 'island.js');
      writeFileSync(file, script);
      expect(await precompressAssets(dir, ['br'])).toMatchObject({ files: 1, written: 1, gzipBytes: 0 });
      expect(existsSync(`${file}.br`)).toBe(true);
      expect(existsSync(`${file}.gz`)).toBe(false);
      expect(Object.keys(loadAssets(dir).get('/island.js')!.variants)).toEqual(['br']);
      const later = await precompressAssets(dir, ['gz']);
      expect(later.written).toBe(1);
      expect(later.brotliBytes).toBeGreaterThan(0);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
      expect(Object.keys(loadAssets(dir).get('/island.js')!.variants).sort()).toEqual(['br', 'gzip']);
      // Written aside and renamed: no temporary file is left in the served folder.
      expect(readdirSync(dir).sort()).toEqual(['island.js', 'island.js.br', 'island.js.gz']);
    } finally {
      delete process.env.PRECOMPRESS_CACHE_DIR;
      rmSync(dir, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe('servePrecompressed over HTTP', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let table: AssetTable;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-assets-'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, '_astro', 'island.abc123.js'), script);
    writeFileSync(join(dir, 'header.js'), script);
    writeFileSync(join(dir, 'stale.css'), `body{${'color:red;'.repeat(300)}}`);
    await precompressAssets(dir);
    // A copy older than its file is not served.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'stale.css'), later, later);
    table = loadAssets(dir);
    server = createServer((req, res) => {
      if (servePrecompressed(table, req, res)) return;
      res.setHeader('X-Fallthrough', '1');
      res.end('fallthrough');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends brotli or gzip by Accept-Encoding with type, Vary, validators and the immutable lifetime for /_astro/', async () => {
    const br = await get('/_astro/island.abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get('/_astro/island.abc123.js?v=1', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const header = await get('/header.js', { 'accept-encoding': 'gzip' });
    expect(header.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    const first = await get('/_astro/island.abc123.js', { 'accept-encoding': 'gzip' });
    const again = await get('/_astro/island.abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/_astro/island.abc123.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(first.body.length);
  });

  it('leaves identity requests, ranges, other methods, stale copies and unknown paths to the next handler', async () => {
    for (const [path, headers, method] of [
      ['/_astro/island.abc123.js', { 'accept-encoding': 'identity' }, 'GET'],
      ['/_astro/island.abc123.js', {}, 'GET'],
      ['/_astro/island.abc123.js', { 'accept-encoding': 'gzip', range: 'bytes=0-10' }, 'GET'],
      ['/_astro/island.abc123.js', { 'accept-encoding': 'gzip' }, 'POST'],
      ['/stale.css', { 'accept-encoding': 'gzip' }, 'GET'],
      ['/nope.js', { 'accept-encoding': 'gzip' }, 'GET'],
    ] as const) {
      const r = await get(path, headers, method);
      expect(r.headers['x-fallthrough'], `${method} ${path}`).toBe('1');
    }
  });
});

describe('public scripts without comment lines', () => {
  it('drops whole-line // comments only, and the header script still runs the same', async () => {
    const { withoutCommentLines, stripPublicScriptComments } = await import('../../../scripts/host/public-scripts.ts');
    expect(withoutCommentLines("// a\n  // b\nvar u='http://x';// c\nf();")).toBe("var u='http://x';// c\nf();");
    const dir = mkdtempSync(join(tmpdir(), 'public-scripts-'));
    try {
      const header = readFileSync(join(import.meta.dirname, '../../../public/header.js'), 'utf8');
      writeFileSync(join(dir, 'header.js'), header);
      mkdirSync(join(dir, '_astro'));
      writeFileSync(join(dir, '_astro', 'x.js'), '// kept\n');
      expect(await stripPublicScriptComments(dir)).toBe(1);
      const stripped = readFileSync(join(dir, 'header.js'), 'utf8');
      expect(stripped).not.toMatch(/^\s*\/\//m);
      expect(stripped.length).toBeLessThan(header.length);
      // Same code: parses, and every non-comment line is still there in order.
      expect(() => new Function(stripped)).not.toThrow();
      expect(stripped.split('\n')).toEqual(header.split('\n').filter((l) => !/^\s*\/\//.test(l)));
      expect(readFileSync(join(dir, '_astro', 'x.js'), 'utf8')).toBe('// kept\n');
      expect(await stripPublicScriptComments(dir)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
