/**
 * Pre-compressed static assets: after a build, every script, stylesheet and other text asset of
 * dist/client over 1 KB gets a `.gz` (zopfli: a gzip stream every browser and proxy reads, about 4 %
 * smaller than zlib's best) and a `.br` (brotli, quality 11) beside it, and `npm start` serves those
 * as they are (see static-assets.ts) instead of compressing the same bytes on every request at a
 * lower level. HTML is left to on-the-fly compression: pages are many, change with every content
 * rebuild and get headers per page.
 *
 * Files whose `.gz`/`.br` is newer than themselves are skipped, so a rebuild only compresses what
 * changed (hashed /_astro/ names never change content). Across builds (every channel's, the e2e
 * shops', a restart's) the compressed bytes are also kept by content hash in `.data/precompress-cache/`
 * (PRECOMPRESS_CACHE_DIR; entries unused for 14 days are dropped), so the same asset goes through
 * zopfli once per machine, not once per build.
 *
 * `npm start` does brotli alone before it says 「Shop ready」 (under a second for the whole build;
 * every browser takes brotli) and the zopfli gzip copies after, in the background
 * (`encodings: ['br']`, then `['gz']`): zopfli is most of the work (about 11 s of 12 for a fresh
 * build on this machine), and a client without brotli gets on-the-fly gzip until its copy exists.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/** Extensions that are compressed ahead of time (text formats; images and fonts are compressed already). */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Below this size compression gains little (the same threshold as on-the-fly compression). */
export const MIN_PRECOMPRESS_BYTES = 1024;
/** Zopfli passes: 15 is its recommended value for files of this size (about 1 s for 250 KB). */
const ZOPFLI_ITERATIONS = 15;

/** Where compressed bytes are kept by content hash (shared by every build on this machine). */
const cacheDir = (): string =>
  process.env.PRECOMPRESS_CACHE_DIR || join(dirname(fileURLToPath(import.meta.url)), '../../.data/precompress-cache');
/** Cache entries not used for this long are removed at the end of a run. */
const CACHE_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

export type Encoding = 'gz' | 'br';

const brotliAsync = promisify(brotliCompress);

/** Brotli runs on libuv's threadpool, so several files compress at once (see precompressAssets). */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'gz'
    ? gzipAsync(body, { numiterations: ZOPFLI_ITERATIONS }).then((bytes) => Buffer.from(bytes))
    : brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
}

/**
 * `body` compressed as `encoding`, from the cache when this machine compressed the same bytes with the
 * same settings before. The cache is best effort: an unreadable or unwritable cache only costs time.
 */
async function cachedCompress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const settings = encoding === 'gz' ? `zopfli-${ZOPFLI_ITERATIONS}` : 'brotli-11';
  const file = join(cacheDir(), `${createHash('sha256').update(settings).update(body).digest('hex')}.${encoding}`);
  try {
    const hit = await readFile(file);
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
    return hit;
  } catch {
    // Not cached yet.
  }
  const bytes = await compress(body, encoding);
  try {
    await mkdir(dirname(file), { recursive: true });
    // Written aside and renamed: builds running at once never read half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch {
    // A read-only or full disk: compressed all the same.
  }
  return bytes;
}

/** Removes cache entries unused for CACHE_MAX_AGE_MS (and temporary files left by a killed build). */
async function pruneCache(): Promise<void> {
  const dir = cacheDir();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const oldest = Date.now() - CACHE_MAX_AGE_MS;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && (info.mtimeMs < oldest || (name.endsWith('.tmp') && info.mtimeMs < Date.now() - 3600_000))) await rm(path, { force: true });
  }
}

export interface PrecompressResult {
  files: number;
  written: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** Every file under `dir` of a type that is compressed ahead of time (static-assets.ts reads the same list). */
export function compressibleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && extname(e.name) in PRECOMPRESSED_TYPES)
    .map((e) => join(e.parentPath, e.name));
}

async function isFresh(source: string, target: string): Promise<boolean> {
  try {
    const [s, t] = await Promise.all([stat(source), stat(target)]);
    return t.mtimeMs >= s.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * Writes the `.gz` and `.br` copies (or only those of `encodings`) beside every compressible asset
 * of `clientDir` that needs them. Each copy is written aside and renamed, so a server reading the
 * folder (a table reload, a rebuild reusing copies) never sees half a file. Sizes count the copies
 * that exist afterwards. Brotli alone (npm start's pass before 「Shop ready」) takes one file per core
 * at a time; with zopfli (the background pass) one file at a time, leaving the other core to requests.
 */
export async function precompressAssets(clientDir: string, encodings: readonly Encoding[] = ['gz', 'br']): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, written: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  const queue = compressibleFiles(clientDir);
  const lanes = encodings.includes('gz') ? 1 : Math.max(1, availableParallelism());
  const lane = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await precompressFile(path, encodings, result);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  await pruneCache();
  return result;
}

/** One asset's copies of `encodings` (when missing or older than it), added to `result`. */
async function precompressFile(path: string, encodings: readonly Encoding[], result: PrecompressResult): Promise<void> {
  const body = await readFile(path);
  if (body.length < MIN_PRECOMPRESS_BYTES) return;
  result.files += 1;
  result.rawBytes += body.length;
  for (const encoding of encodings) {
    const target = `${path}.${encoding}`;
    if (await isFresh(path, target)) continue;
    const temp = `${target}.${process.pid}.tmp`;
    await writeFile(temp, await cachedCompress(body, encoding));
    await rename(temp, target);
    result.written += 1;
  }
  result.gzipBytes += await sizeOf(`${path}.gz`);
  result.brotliBytes += await sizeOf(`${path}.br`);
}

async function sizeOf(path: string): Promise<number> {
  return (await stat(path).catch(() => null))?.size ?? 0;
}
