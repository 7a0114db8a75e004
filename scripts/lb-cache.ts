/**
 * The balancer's shared cache (scripts/lb.ts): what a CDN in front of the shop does, by the rules of
 * HTTP caching (RFC 9111) and only with what the processes themselves declare cacheable:
 * - only GET, and only 200 answers whose Cache-Control has `s-maxage` (or `public` with `max-age`)
 *   and none of `private`, `no-store`, `no-cache`; never one that sets a cookie or says `Vary: *`;
 * - a request with Authorization uses a stored answer only when the answer varies by Authorization
 *   (the API's guest catalogue reads do: a signed-in read is `private, no-store` and never stored);
 * - the key is the URL plus the request's values of every header the answer names in Vary, and the
 *   negotiated encoding (br, gzip or none) whatever Vary says;
 * - fresh for s-maxage (else max-age) seconds counted with the upstream's Age; then, within
 *   stale-while-revalidate, the stored answer is served while one request refreshes it; after that
 *   it is fetched again;
 * - concurrent misses for one key wait for the first (request collapsing) when its answer is
 *   cacheable, and go upstream themselves when it is not;
 * - a request with `Cache-Control: no-cache` or `Pragma: no-cache` goes upstream (and refreshes), and
 *   one with `max-age=N` only takes a copy younger than N seconds;
 * - a refresh that comes back unstorable (a 503 while the shop is in maintenance or the database is
 *   away, a 404, an answer now private) drops the stored answer: nothing outlives its s-maxage then;
 * - bounded: bodies up to 1 MiB, at most `maxBytes` in all, least recently used dropped first.
 * Answers carry `Age` and `X-Cache: HIT | STALE | MISS`.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

export interface StoredAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** Date.now() when it was stored, less the upstream's Age. */
  storedAt: number;
  freshMs: number;
  staleMs: number;
}

interface Variants {
  /** Lower-case request header names from the answer's Vary. */
  vary: string[];
  answers: Map<string, StoredAnswer>;
}

export const MAX_CACHED_BODY = 1024 * 1024;

const directive = (cc: string, name: string): number | null => {
  const m = new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*"?(\\d+)`, 'i').exec(cc);
  return m ? Number(m[1]) : null;
};
const has = (cc: string, name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:,|=|$)`, 'i').test(cc);
const header = (headers: IncomingHttpHeaders | OutgoingHttpHeaders, name: string): string => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
};

/** The encoding the processes would choose for this request (they prefer br, then gzip). */
export function negotiatedEncoding(acceptEncoding: string): string {
  const accepts = (name: string) => acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === name || coding === '*') && !(q && Number(q.slice(2)) === 0);
  });
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : '';
}

/** Freshness of an answer a shared cache may store, or null when it may not store it. */
export function storable(status: number, headers: IncomingHttpHeaders | OutgoingHttpHeaders): { freshMs: number; staleMs: number } | null {
  if (status !== 200 || headers['set-cookie']) return null;
  const cc = header(headers, 'cache-control');
  if (!cc || has(cc, 'private') || has(cc, 'no-store') || has(cc, 'no-cache')) return null;
  if (header(headers, 'vary').split(',').some((v) => v.trim() === '*')) return null;
  const sMaxAge = directive(cc, 's-maxage');
  const maxAge = has(cc, 'public') ? directive(cc, 'max-age') : null;
  const fresh = sMaxAge ?? maxAge;
  if (!fresh) return null;
  return { freshMs: fresh * 1000, staleMs: (directive(cc, 'stale-while-revalidate') ?? 0) * 1000 };
}

export interface SharedCache {
  /** The stored answer for this request and whether it is fresh, stale (serve and refresh) or absent. */
  lookup(url: string, req: IncomingHttpHeaders, now?: number): { answer: StoredAnswer; state: 'fresh' | 'stale' } | null;
  /** Stores an answer received for this request (when it may be stored); returns whether it was. */
  store(url: string, req: IncomingHttpHeaders, status: number, headers: IncomingHttpHeaders | OutgoingHttpHeaders, body: Buffer, now?: number): boolean;
  /** Whether the request may be answered from the cache at all. */
  usable(method: string | undefined, req: IncomingHttpHeaders): boolean;
  /** The key a request maps to once the answer's Vary is known (for request collapsing, the URL's last one). */
  keyOf(url: string, req: IncomingHttpHeaders): string;
  /** Drops the answer stored for this request (its refresh came back unstorable: an error, private, gone). */
  forget(url: string, req: IncomingHttpHeaders): void;
  clear(): void;
  readonly bytes: number;
}

export function createSharedCache({ maxBytes = 64 * 1024 * 1024 }: { maxBytes?: number } = {}): SharedCache {
  const byUrl = new Map<string, Variants>();
  /** url + variant key, in least-recently-used order (Map keeps insertion order). */
  const lru = new Map<string, { url: string; variant: string; size: number }>();
  let bytes = 0;

  const variantKey = (vary: string[], req: IncomingHttpHeaders) =>
    [negotiatedEncoding(header(req, 'accept-encoding')), ...vary.filter((n) => n !== 'accept-encoding').map((n) => `${n}=${header(req, n)}`)].join('\n');
  const touch = (url: string, variant: string, size: number) => {
    const id = `${url}\n\n${variant}`;
    lru.delete(id);
    lru.set(id, { url, variant, size });
  };
  const drop = (id: string) => {
    const entry = lru.get(id);
    if (!entry) return;
    lru.delete(id);
    const variants = byUrl.get(entry.url);
    if (variants?.answers.delete(entry.variant)) bytes -= entry.size;
    if (variants && !variants.answers.size) byUrl.delete(entry.url);
  };

  return {
    get bytes() { return bytes; },
    usable(method, req) {
      if (method !== 'GET') return false;
      const cc = header(req, 'cache-control');
      return !has(cc, 'no-cache') && !has(cc, 'no-store') && !/no-cache/i.test(header(req, 'pragma'));
    },
    keyOf(url, req) {
      return `${url}\n\n${variantKey(byUrl.get(url)?.vary ?? [], req)}`;
    },
    lookup(url, req, now = Date.now()) {
      const variants = byUrl.get(url);
      if (!variants) return null;
      if (req.authorization && !variants.vary.includes('authorization')) return null;
      const variant = variantKey(variants.vary, req);
      const answer = variants.answers.get(variant);
      if (!answer) return null;
      const age = now - answer.storedAt;
      // The request's own max-age (a browser's fetch with cache 'no-cache' sends max-age=0): no older copy.
      const wanted = directive(header(req, 'cache-control'), 'max-age');
      if (wanted !== null && age >= wanted * 1000) return null;
      if (age < answer.freshMs) { touch(url, variant, answer.body.length); return { answer, state: 'fresh' }; }
      if (age < answer.freshMs + answer.staleMs) { touch(url, variant, answer.body.length); return { answer, state: 'stale' }; }
      return null;
    },
    store(url, req, status, headers, body, now = Date.now()) {
      const life = storable(status, headers);
      if (!life || body.length > MAX_CACHED_BODY) return false;
      const vary = header(headers, 'vary').split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);
      if (req.authorization && !vary.includes('authorization')) return false;
      let variants = byUrl.get(url);
      if (!variants || variants.vary.join() !== vary.join()) {
        for (const v of variants?.answers.keys() ?? []) drop(`${url}\n\n${v}`);
        variants = { vary, answers: new Map() };
        byUrl.set(url, variants);
      }
      const variant = variantKey(vary, req);
      drop(`${url}\n\n${variant}`);
      const upstreamAge = Number(header(headers, 'age')) || 0;
      const kept: OutgoingHttpHeaders = { ...headers };
      delete kept.age;
      variants.answers.set(variant, { status, headers: kept, body, storedAt: now - upstreamAge * 1000, ...life });
      byUrl.set(url, variants);
      bytes += body.length;
      touch(url, variant, body.length);
      for (const id of lru.keys()) {
        if (bytes <= maxBytes) break;
        drop(id);
      }
      return true;
    },
    forget(url, req) {
      const variants = byUrl.get(url);
      if (variants) drop(`${url}\n\n${variantKey(variants.vary, req)}`);
    },
    clear() { byUrl.clear(); lru.clear(); bytes = 0; },
  };
}
