/**
 * Serves the pre-compressed copies written by precompress.ts: for a GET or HEAD of a script or
 * stylesheet of dist/client, the `.br` or `.gz` beside it, chosen from Accept-Encoding (brotli first,
 * `q=0` honoured), with Content-Encoding, Vary, a validator per encoding and the cache lifetime the
 * Node adapter gives the same file (a year and immutable for hashed /_astro/ names). Requests it
 * cannot answer this way (no copy, identity only, a Range) fall through to the Astro handler.
 *
 * The table of files is read once per build (`loadAssets`), never per request, so a URL can only
 * ever name a file that the build wrote.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, relative, sep } from 'node:path';
import { compressibleFiles, PRECOMPRESSED_TYPES } from './precompress.ts';

type Encoding = 'br' | 'gzip';
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface Variant {
  path: string;
  size: number;
  etag: string;
}
interface Asset {
  type: string;
  immutable: boolean;
  lastModified: string;
  variants: Partial<Record<Encoding, Variant>>;
}

/** URL path → the pre-compressed variants of that file. */
export type AssetTable = Map<string, Asset>;

/** Reads which files of `clientDir` have pre-compressed copies (fresh ones only). */
export function loadAssets(clientDir: string): AssetTable {
  const table: AssetTable = new Map();
  if (!existsSync(clientDir)) return table;
  for (const path of compressibleFiles(clientDir)) {
    const source = statSync(path);
    const variants: Asset['variants'] = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const file = path + EXTENSION[encoding];
      if (!existsSync(file)) continue;
      const copy = statSync(file);
      if (copy.mtimeMs < source.mtimeMs) continue;
      variants[encoding] = {
        path: file,
        size: copy.size,
        etag: `W/"${copy.size.toString(16)}-${Math.floor(copy.mtimeMs).toString(16)}-${encoding}"`,
      };
    }
    if (!variants.br && !variants.gzip) continue;
    const url = `/${relative(clientDir, path).split(sep).join('/')}`;
    table.set(url, {
      type: PRECOMPRESSED_TYPES[extname(path)],
      immutable: url.startsWith('/_astro/'),
      lastModified: source.mtime.toUTCString(),
      variants,
    });
  }
  return table;
}

/**
 * The encoding to send for an Accept-Encoding header among those available: the highest q-value,
 * brotli before gzip on a tie; `*` covers encodings not named; q=0 (or a q that is not a number)
 * refuses. Null when none is acceptable (the identity file is then served as usual).
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const value = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

/** Answers the request from the table and returns true, or returns false to let the caller go on. */
export function servePrecompressed(table: AssetTable, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const asset = table.get(queryAt === -1 ? url : url.slice(0, queryAt));
  if (!asset) return false;
  const available = (['br', 'gzip'] as const).filter((e) => asset.variants[e]);
  const encoding = chooseEncoding(req.headers['accept-encoding'], available);
  if (!encoding) return false;
  const variant = asset.variants[encoding]!;
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
  res.setHeader('ETag', variant.etag);
  res.setHeader('Last-Modified', asset.lastModified);
  const match = req.headers['if-none-match'];
  if (match?.split(',').some((tag) => tag.trim() === variant.etag || tag.trim() === '*')) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader('Content-Length', variant.size);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const stream = createReadStream(variant.path);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
  return true;
}
