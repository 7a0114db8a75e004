/**
 * A small round-robin HTTP load balancer for `npm run start:cluster` (scripts/cluster.ts), on
 * node:http only. Two pools: `/v1/*`, `/admin/v1/*` and `/public.json` go to the API processes,
 * everything else to the storefront processes.
 *
 * - Keep-alive agents towards every backend (no TCP handshake per request).
 * - Health checks: each backend's `healthPath` every `checkMs`; a backend that refuses a connection
 *   (its process is gone) is taken out of its pool at once, one that fails 3 checks in a row (5 s
 *   timeout, or a 5xx) too; a passing check puts it back. When no backend of a pool is up, requests
 *   still go to each of them in turn (a process that is only slow, or answering 503 itself while the
 *   database is away, says so better than the balancer could); only when every one refuses the
 *   connection does the balancer answer 503 itself.
 * - A request that could not reach a backend at all (connection refused or reset before any answer
 *   header) is sent to the next healthy backend: nothing was received there, so even a POST is safe
 *   to resend. Request bodies are buffered (at most `maxBodyBytes`) for that.
 * - No healthy backend: 503 JSON (the API's error shape) with Retry-After, never a hang.
 * - Sets X-Forwarded-For / X-Forwarded-Proto / X-Forwarded-Host, so the processes (TRUST_PROXY=1)
 *   see the client's address, not the balancer's.
 * - A shared cache (scripts/lb-cache.ts), as a CDN in front would keep: GET answers the processes
 *   declare shareable (`s-maxage`: the guest catalogue reads, the on-demand public pages) are served
 *   from memory for that long, refreshed in the background within stale-while-revalidate; concurrent
 *   misses for one URL wait for the first. `cache: false` (LB_CACHE=0 in the cluster) turns it off.
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSharedCache, MAX_CACHED_BODY, storable as storableAnswer, type SharedCache, type StoredAnswer } from './lb-cache.ts';

export interface Backend {
  name: string;
  port: number;
  host?: string;
  /** Set by the balancer: passes its health checks. */
  healthy?: boolean;
  /** Set by the balancer: health checks failed in a row. */
  failures?: number;
}

export interface BalancerOptions {
  port: number;
  host?: string;
  api: Backend[];
  web: Backend[];
  /** GET paths that answer 200 when a backend is ready. */
  apiHealthPath?: string;
  webHealthPath?: string;
  checkMs?: number;
  /** Larger request bodies answer 413 (the API's own limit for uploads is 10 MiB). */
  maxBodyBytes?: number;
  /** Upstream answer headers must arrive within this time, else 504. */
  upstreamTimeoutMs?: number;
  log?: (line: string) => void;
  /** The shared cache (default: one of 64 MiB); false for none. */
  cache?: SharedCache | false;
}

export interface Balancer {
  server: Server;
  port: number;
  /** Marks a backend down at once (the cluster calls it when a process exits). */
  markDown(name: string): void;
  /** Runs one round of health checks now. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** True for the paths the Shop API owns (as scripts/start.ts's isApiPath). */
export function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?') || url === '/public.json' || url.startsWith('/public.json?')
    || url.startsWith('/admin/v1/');
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-authenticate']);

function json(res: ServerResponse, status: number, message: string, code: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) { res.destroy(); return; }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra });
  res.end(JSON.stringify({ message, code }));
}

/** Errors that mean the backend never got the request: safe to resend elsewhere. */
const NOT_DELIVERED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTCONN', 'EHOSTUNREACH']);

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const log = options.log ?? ((line: string) => console.log(`[lb] ${line}`));
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 1000 });
  const pools = { api: options.api, web: options.web };
  for (const b of [...pools.api, ...pools.web]) b.healthy ??= false;
  const cursor = { api: 0, web: 0 };
  const cache = options.cache === false ? null : options.cache ?? createSharedCache();
  /** Misses in flight by cache key: later requests for the key wait for the first one's answer. */
  const inFlight = new Map<string, Promise<void>>();

  const setHealth = (b: Backend, healthy: boolean, why: string) => {
    if (b.healthy === healthy) return;
    b.healthy = healthy;
    log(`${b.name} (:${b.port}) ${healthy ? 'is up' : `is down (${why})`}`);
  };

  /** The next healthy backend of the pool after the round-robin cursor, skipping `tried`. */
  const pick = (pool: 'api' | 'web', tried: Set<Backend>): Backend | undefined => {
    const list = pools[pool];
    // Healthy ones first; with none healthy (panic mode), any not tried for this request yet.
    for (const wanted of [true, false]) {
      if (!wanted && list.some((b) => b.healthy)) break;
      for (let i = 0; i < list.length; i++) {
        const b = list[(cursor[pool] + i) % list.length];
        if ((b.healthy || !wanted) && !tried.has(b)) {
          cursor[pool] = (cursor[pool] + i + 1) % list.length;
          return b;
        }
      }
    }
    return undefined;
  };

  /**
   * Sends the request to a backend of the pool and the answer to `res` (null: a background refresh,
   * nobody waits). `settled`, given for the requests the cache may keep, is called once the answer
   * has been stored (or was not to be).
   */
  const forward = (req: IncomingMessage, res: ServerResponse | null, body: Buffer, pool: 'api' | 'web', tried: Set<Backend>,
    settled?: () => void) => {
    const backend = pick(pool, tried);
    if (!backend) {
      settled?.();
      if (res) json(res, 503, 'ただいまサービスをご利用いただけません。しばらくしてから再度お試しください。', 'common.service_unavailable', { 'retry-after': '2' });
      return;
    }
    tried.add(backend);
    const headers: OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
    headers['x-forwarded-proto'] ??= 'http';
    headers['x-forwarded-host'] ??= req.headers.host ?? '';
    headers['content-length'] = String(body.length);
    if (!body.length && (req.method === 'GET' || req.method === 'HEAD')) delete headers['content-length'];
    // A background refresh wants the whole answer for the cache, not a 304 for the client's copy.
    if (!res) { delete headers['if-none-match']; delete headers['if-modified-since']; }
    let answered = false;
    const upstream = httpRequest({ host: backend.host ?? '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers, agent }, (up) => {
      answered = true;
      const out: OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
      const status = up.statusCode ?? 502;
      // Kept for the cache while it streams to the client, when it may be stored at all.
      const chunks: Buffer[] | null = settled && cache && storableAnswer(status, up.headers) ? [] : null;
      let size = 0;
      if (res) {
        if (chunks) out['x-cache'] = 'MISS';
        res.writeHead(status, out);
        up.pipe(res);
      }
      up.on('data', (c: Buffer) => {
        if (!chunks) return;
        size += c.length;
        if (size <= MAX_CACHED_BODY) chunks.push(c);
      });
      up.on('end', () => {
        const url = req.url ?? '/';
        const stored = chunks && size <= MAX_CACHED_BODY && cache!.store(url, req.headers, status, out, Buffer.concat(chunks));
        // A refresh (or a no-cache request) answered with something not to keep: the old answer goes too.
        if (settled && !stored && status !== 304) cache?.forget(url, req.headers);
        settled?.();
      });
      if (!res) up.resume();
      up.on('error', () => { settled?.(); res?.destroy(); });
    });
    upstream.setTimeout(timeoutMs, () => upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) { res?.destroy(); return; }
      if (error.code === 'ECONNREFUSED') setHealth(backend, false, 'connection refused');
      // A reused keep-alive socket the backend closed (or a process that just died): resend elsewhere.
      if (NOT_DELIVERED.has(error.code ?? '') && !res?.headersSent) {
        forward(req, res, body, pool, tried, settled);
        return;
      }
      settled?.();
      if (!res) return;
      if (error.code === 'ETIMEDOUT') json(res, 504, 'サーバーの応答がありませんでした。しばらく時間をおいてから再度お試しください。', 'common.gateway_timeout');
      else json(res, 502, 'サーバーに接続できませんでした。しばらく時間をおいてから再度お試しください。', 'common.bad_gateway', { 'retry-after': '2' });
    });
    upstream.end(body);
  };

  /** Sends a stored answer (304 when the client already holds it). */
  const replay = (req: IncomingMessage, res: ServerResponse, answer: StoredAnswer, how: 'HIT' | 'STALE') => {
    const headers: OutgoingHttpHeaders = { ...answer.headers, age: String(Math.max(0, Math.floor((Date.now() - answer.storedAt) / 1000))), 'x-cache': how };
    const etag = answer.headers.etag;
    if (etag && req.headers['if-none-match']?.split(',').some((t) => t.trim() === etag)) {
      delete headers['content-length'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  };

  /** A GET that may be answered from the cache: fresh → stored; stale → stored, refreshed behind; else upstream, collapsed. */
  const cached = (req: IncomingMessage, res: ServerResponse, pool: 'api' | 'web') => {
    const url = req.url ?? '/';
    // Cache-Control: no-cache in the request: straight upstream, and the answer replaces the stored one.
    if (!cache!.usable(req.method, req.headers)) { forward(req, res, Buffer.alloc(0), pool, new Set(), () => {}); return; }
    const hit = cache!.lookup(url, req.headers);
    const key = cache!.keyOf(url, req.headers);
    if (hit) {
      replay(req, res, hit.answer, hit.state === 'fresh' ? 'HIT' : 'STALE');
      if (hit.state === 'stale' && !inFlight.has(key)) {
        inFlight.set(key, new Promise<void>((done) => forward(req, null, Buffer.alloc(0), pool, new Set(), done)).finally(() => inFlight.delete(key)));
      }
      return;
    }
    const pending = inFlight.get(key);
    if (pending) {
      // Keyed before the answer's Vary was known: the stored answer may be another variant (channel,
      // sign-in), so the cache's own lookup decides, by the Vary the first answer brought.
      void pending.then(() => {
        const stored = cache!.lookup(url, req.headers);
        if (stored) replay(req, res, stored.answer, 'HIT');
        else forward(req, res, Buffer.alloc(0), pool, new Set());
      });
      return;
    }
    inFlight.set(key, new Promise<void>((done) => forward(req, res, Buffer.alloc(0), pool, new Set(), done)).finally(() => inFlight.delete(key)));
  };

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const pool = isApiPath(url) ? 'api' : 'web';
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBody) {
        if (!tooLarge) json(res, 413, 'リクエストが大きすぎます。', 'common.payload_too_large');
        tooLarge = true;
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (tooLarge) return;
      if (cache && req.method === 'GET') cached(req, res, pool);
      else forward(req, res, Buffer.concat(chunks), pool, new Set());
    });
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  /** A failed check: refused means the process is gone (down now); else down after 3 in a row. */
  const failed = (b: Backend, why: string, refused: boolean) => {
    b.failures = (b.failures ?? 0) + 1;
    if (refused || b.failures >= 3) setHealth(b, false, why);
  };
  const probe = (b: Backend, path: string) => new Promise<void>((resolvePromise) => {
    const r = httpRequest({ host: b.host ?? '127.0.0.1', port: b.port, path, method: 'GET', agent, headers: { 'x-channel-id': 'default', accept: '*/*' } }, (up) => {
      up.resume();
      up.on('end', () => {
        if ((up.statusCode ?? 500) < 500) { b.failures = 0; setHealth(b, true, ''); } else failed(b, `health check ${up.statusCode}`, false);
        resolvePromise();
      });
    });
    r.setTimeout(5000, () => r.destroy(new Error('health check timed out')));
    r.on('error', (e: NodeJS.ErrnoException) => { failed(b, e.message, e.code === 'ECONNREFUSED'); resolvePromise(); });
    r.end();
  });
  let checking: Promise<void> | null = null;
  const check = () => (checking ??= Promise.all([
      ...pools.api.map((b) => probe(b, options.apiHealthPath ?? '/public.json')),
      ...pools.web.map((b) => probe(b, options.webHealthPath ?? '/robots.txt')),
    ]).then(() => { checking = null; }));
  const timer = setInterval(() => { void check(); }, options.checkMs ?? 1000);
  timer.unref();

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolvePromise());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server, port, check,
    markDown(name) {
      const b = [...pools.api, ...pools.web].find((x) => x.name === name);
      if (b) setHealth(b, false, 'process exited');
    },
    close: () => new Promise<void>((resolvePromise) => {
      clearInterval(timer);
      server.close(() => resolvePromise());
      server.closeAllConnections();
      agent.destroy();
    }),
  };
}
