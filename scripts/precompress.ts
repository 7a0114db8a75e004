/**
 * Pre-compressed static assets: after a build, every script, stylesheet and other text asset of
 * dist/client over 1 KB gets a `.gz` (zopfli: a gzip stream every browser and proxy reads, about 4 %
 * smaller than zlib's best) and a `.br` (brotli, quality 11) beside it, and `npm start` serves those
 * as they are (see static-assets.ts) instead of compressing the same bytes on every request at a
 * lower level. HTML is left to on-the-fly compression: pages are many, change with every content
 * rebuild and get headers per page.
 *
 * Files whose `.gz`/`.br` is newer than themselves are skipped, so a rebuild only compresses what
 * changed (hashed /_astro/ names never change content).
 */
import { readdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
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

/** Writes `.gz` and `.br` beside every compressible asset of `clientDir` that needs them. */
export async function precompressAssets(clientDir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, written: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const path of compressibleFiles(clientDir)) {
    const body = await readFile(path);
    if (body.length < MIN_PRECOMPRESS_BYTES) continue;
    result.files += 1;
    result.rawBytes += body.length;
    if (!(await isFresh(path, `${path}.gz`))) {
      await writeFile(`${path}.gz`, await gzipAsync(body, { numiterations: ZOPFLI_ITERATIONS }));
      result.written += 1;
    }
    if (!(await isFresh(path, `${path}.br`))) {
      await writeFile(`${path}.br`, brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }));
      result.written += 1;
    }
    result.gzipBytes += (await stat(`${path}.gz`)).size;
    result.brotliBytes += (await stat(`${path}.br`)).size;
  }
  return result;
}
