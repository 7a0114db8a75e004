/**
 * The edge (deploy/nginx/, scripts/nginx-config.ts): the committed compose.conf is the generator's
 * output; `nginx -t` accepts the cluster, compose and TLS renderings; and a real nginx over small
 * node:http upstreams does what the shop relies on: routing, the shared cache (only s-maxage answers,
 * a MISS then a HIT, channels and encodings never sharing a copy, nothing private, no Set-Cookie, no
 * request with Authorization or a member cookie, no personal path), forwarded headers overwritten, a POST that never
 * reached a process resent to the next, 503 JSON when none answers, /metrics never public.
 * Skipped (with a message) only when nginx is not installed; CI installs it (.ci/run).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPOSE_CONF, clusterConfig, composeConfig, findNginx, renderNginxConfig } from '../../scripts/nginx-config.ts';

const nginx = findNginx();
if (!nginx)
  console.warn(
    '[nginx-config.test] nginx is not installed: the nginx -t and behaviour tests are skipped (apt-get install nginx libnginx-mod-http-brotli-static)',
  );

const work = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
// nginx's workers run as nobody when the master is root: they must reach the files.
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function nginxTest(conf: string, name: string): { ok: boolean; output: string } {
  const dir = join(work, name);
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const r = spawnSync(nginx!, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

describe('the generated configuration', () => {
  it('compose.conf is what `node scripts/nginx-config.ts --preset compose` writes', () => {
    expect(readFileSync(COMPOSE_CONF, 'utf8')).toBe(composeConfig());
  });

  it('routes the API paths to the API upstream, overwrites the forwarded headers and keys the cache by channel and encoding', () => {
    const conf = composeConfig();
    for (const path of ['location = /v1 ', 'location /v1/ ', 'location /admin/v1/ ', 'location = /public.json ']) {
      expect(conf).toContain(`${path}{ proxy_pass http://shop_api; }`);
    }
    expect(conf).toContain('location / { proxy_pass http://shop_web; }');
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(conf).toMatch(/proxy_cache_key "[^"]*\$http_x_channel_id[^"]*\$shop_encoding"/);
    expect(conf).toContain('server api-1:8787 max_fails=2');
    expect(conf).toContain('server web-2:4321 max_fails=2');
    expect(conf).toContain('listen 8080;');
    expect(conf).toContain('root /srv/shop/client;');
    // A request that reached a process is never sent twice.
    expect(conf).toMatch(/^ {2}proxy_next_upstream error timeout;$/m);
    expect(conf).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/);
    // nginx's default refusal of Set-Cookie answers stays.
    expect(conf).not.toMatch(/proxy_ignore_headers[^;]*Set-Cookie/i);
  });

  it.skipIf(!nginx)('passes nginx -t: the cluster, compose (hosts as loopback) and TLS + HTTP/2 renderings', () => {
    const cluster = clusterConfig({
      dir: join(work, 'cluster'),
      listen: '127.0.0.1:5190',
      api: [5191, 5192],
      web: [5193],
      clientDir: join(work, 'client'),
    });
    const c = nginxTest(cluster, 'cluster');
    expect(c.output).toBe('');
    expect(c.ok).toBe(true);
    const compose = composeConfig()
      .replace(/(api|web)-\d:(\d+)/g, '127.0.0.1:$2')
      .replace('/var/cache/nginx/shop', join(work, 'compose', 'cache'))
      .replace('/tmp/nginx.pid', join(work, 'compose', 'nginx.pid'))
      .replace('/dev/stdout', join(work, 'compose', 'access.log'));
    expect(nginxTest(compose, 'compose')).toEqual({ ok: true, output: '' });
    const tlsDir = join(work, 'tls');
    mkdirSync(tlsDir, { recursive: true });
    const cert = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        join(tlsDir, 'key.pem'),
        '-out',
        join(tlsDir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    if (cert.status !== 0) {
      console.warn('[nginx-config.test] openssl missing: TLS rendering not checked');
      return;
    }
    const tls = renderNginxConfig({
      listen: '127.0.0.1:5194',
      api: ['127.0.0.1:5191'],
      web: ['127.0.0.1:5193'],
      clientDir: join(work, 'client'),
      cacheDir: join(tlsDir, 'cache'),
      tempDir: join(tlsDir, 'tmp'),
      pidFile: join(tlsDir, 'nginx.pid'),
      errorLog: 'stderr',
      accessLog: join(tlsDir, 'access.log'),
      tls: { listen: '127.0.0.1:5195', certificate: join(tlsDir, 'cert.pem'), key: join(tlsDir, 'key.pem') },
    });
    expect(tls).toContain('ssl http2;');
    expect(nginxTest(tls, 'tls')).toEqual({ ok: true, output: '' });
  });
});

/** A fake process: answers by path what the test asks for, and tells which one it was. */
interface Upstream {
  server: Server;
  port: number;
  seen: IncomingMessage[];
  name: string;
}
async function upstream(name: string): Promise<Upstream> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(req);
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const channel = String(req.headers['x-channel-id'] ?? 'none');
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': 'from-the-process' };
      const kind = url.searchParams.get('kind') ?? 'public';
      if (kind === 'public')
        Object.assign(headers, {
          'cache-control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=60',
          vary: 'Authorization, X-Channel-Id, Accept-Encoding',
        });
      if (kind === 'private') headers['cache-control'] = 'private, no-store';
      if (kind === 'maxage') headers['cache-control'] = 'public, max-age=30';
      if (kind === 'cookie') Object.assign(headers, { 'cache-control': 'public, s-maxage=30', 'set-cookie': 'cartToken=abc; Path=/' });
      res.writeHead(200, headers);
      res.end(
        JSON.stringify({
          name,
          channel,
          path: url.pathname,
          method: req.method,
          n: seen.length,
          encoding: req.headers['accept-encoding'] ?? '',
          xff: req.headers['x-forwarded-for'],
          proto: req.headers['x-forwarded-proto'],
          host: req.headers['x-forwarded-host'],
          requestId: req.headers['x-request-id'],
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, port: (server.address() as AddressInfo).port, seen, name };
}
const closedPort = async () => {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
};

describe.skipIf(!nginx)('nginx in front of the processes', () => {
  let proc: ChildProcess;
  let base = '';
  const ups: Upstream[] = [];
  const dir = join(work, 'live');

  beforeAll(async () => {
    const [api, web] = await Promise.all([upstream('api'), upstream('web')]);
    ups.push(api, web);
    const dead = await closedPort();
    const port = await closedPort();
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    mkdirSync(join(dir, 'client', '_astro'), { recursive: true });
    writeFileSync(join(dir, 'client', '_astro', 'app.abc123.js'), 'console.log(1)');
    // The dead API process comes first: requests must still reach the live one.
    writeFileSync(
      join(dir, 'nginx.conf'),
      clusterConfig({ dir, listen: `127.0.0.1:${port}`, api: [dead, api.port], web: [web.port], clientDir: join(dir, 'client') }),
    );
    proc = spawn(nginx!, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], { stdio: 'inherit' });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${base}/_astro/app.abc123.js`).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 20_000);
  afterAll(() => {
    proc?.kill('SIGQUIT');
    for (const u of ups) {
      u.server.closeAllConnections();
      u.server.close();
    }
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
    return {
      status: res.status,
      cache: res.headers.get('x-cache-status'),
      headers: res.headers,
      body: (await res.json().catch(() => null)) as Record<string, unknown>,
    };
  };

  it('routes /v1, /admin/v1/ and /public.json to the API, the rest to the storefront, resending past a refused process', async () => {
    // First of all (the dead process is not yet resting): POSTs that found it refusing reach the live one.
    for (let i = 0; i < 4; i++) {
      const post = await fetch(`${base}/v1/carts/init?kind=none&i=${i}`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(post.status).toBe(200);
      expect(await post.json()).toMatchObject({ name: 'api', method: 'POST' });
    }
    expect(ups[0].seen.filter((r) => r.method === 'POST')).toHaveLength(4);
    // …and one of them did try the dead process first.
    expect(readFileSync(join(dir, 'error.log'), 'utf8')).toMatch(
      /Connection refused\) while connecting to upstream.*POST \/v1\/carts\/init/,
    );
    expect((await get('/v1/products?kind=none')).body.name).toBe('api');
    expect((await get('/admin/v1/me?kind=none')).body.name).toBe('api');
    expect((await get('/public.json?kind=none')).body.name).toBe('api');
    expect((await get('/products/?kind=none')).body.name).toBe('web');
    expect((await get('/v1x?kind=none')).body.name).toBe('web');
  });

  it('caches an s-maxage answer: MISS, then HIT; each channel and each encoding its own copy', async () => {
    const a = await get('/v1/products?kind=public&t=1', { 'x-channel-id': 'default' });
    expect(a.cache).toBe('MISS');
    const b = await get('/v1/products?kind=public&t=1', { 'x-channel-id': 'default' });
    expect(b.cache).toBe('HIT');
    expect(b.body.n).toBe(a.body.n);
    // The first request of another channel is that channel's own answer, never the stored one.
    const outlet = await get('/v1/products?kind=public&t=1', { 'x-channel-id': 'outlet' });
    expect(outlet.cache).toBe('MISS');
    expect(outlet.body.channel).toBe('outlet');
    expect((await get('/v1/products?kind=public&t=1', { 'x-channel-id': 'outlet' })).body.channel).toBe('outlet');
    expect((await get('/v1/products?kind=public&t=1', { 'x-channel-id': 'default' })).body.channel).toBe('default');
    // Encodings: the process is told the negotiated one, and copies are kept apart.
    const gz = await fetch(`${base}/v1/products?kind=public&t=1`, {
      headers: { 'x-channel-id': 'default', 'accept-encoding': 'gzip, deflate' },
    });
    expect(gz.headers.get('x-cache-status')).toBe('MISS');
    expect((await gz.json()).encoding).toBe('gzip');
    const br = await fetch(`${base}/v1/products?kind=public&t=1`, {
      headers: { 'x-channel-id': 'default', 'accept-encoding': 'gzip, br;q=0' },
    });
    expect((await br.json()).encoding).toBe('gzip');
    // A cached answer carries this request's id, not the stored one's.
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
  });

  it('never stores private, max-age-only or Set-Cookie answers, nor answers a request with Authorization or a member cookie from the cache', async () => {
    for (const kind of ['private', 'maxage', 'cookie']) {
      await get(`/v1/products?kind=${kind}`);
      expect((await get(`/v1/products?kind=${kind}`)).cache, kind).not.toBe('HIT');
    }
    await get('/v1/products?kind=public&t=2');
    expect((await get('/v1/products?kind=public&t=2')).cache).toBe('HIT');
    expect((await get('/v1/products?kind=public&t=2', { authorization: 'Bearer x' })).cache).toBe('BYPASS');
    expect((await get('/v1/products?kind=public&t=2', { cookie: 'cartToken=1; access_token=abc' })).cache).toBe('BYPASS');
    expect((await get('/v1/products?kind=public&t=2', { cookie: 'admin_session=abc' })).cache).toBe('BYPASS');
    // A member's request does not store its answer either: a guest still gets the guest copy.
    const seen = ups[0].seen.length;
    expect((await get('/v1/products?kind=public&t=2')).cache).toBe('HIT');
    expect(ups[0].seen.length).toBe(seen);
  });

  it('keeps personal paths (me, auth, carts, cart payments, users) away from the cache and its lock', async () => {
    for (const path of ['/v1/users/dummy', '/v1/me/user', '/v1/auth/login', '/v1/carts/abc', '/v1/payments/carts/abc']) {
      const seen = ups[0].seen.length;
      // Even an answer marked shareable: never stored, never served from the cache, no lock to wait on.
      const [a, b] = await Promise.all([get(`${path}?kind=public`), get(`${path}?kind=public`)]);
      expect([a.cache, b.cache], path).toEqual([null, null]);
      expect((await get(`${path}?kind=public`)).cache, path).toBeNull();
      expect(ups[0].seen.length - seen, path).toBe(3);
    }
    // The public payment methods list is still a shared read.
    await get('/v1/payments?kind=public');
    expect((await get('/v1/payments?kind=public')).cache).toBe('HIT');
  });

  it('overwrites X-Forwarded-For/-Proto/-Host and X-Request-Id whatever the client sent', async () => {
    const r = await get('/v1/products?kind=none', {
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      'x-request-id': 'mine',
    });
    expect(r.body.xff).toBe('127.0.0.1');
    expect(r.body.proto).toBe('http');
    expect(r.body.host).not.toBe('evil.example');
    expect(r.body.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(r.headers.get('x-request-id')).toBe(r.body.requestId);
  });

  it('serves hashed build files itself, immutable, and never /metrics', async () => {
    const js = await fetch(`${base}/_astro/app.abc123.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toBe('application/javascript');
    // A file of a newer build (not on this disk) comes from the storefront.
    expect((await get('/_astro/newer.def456.js?kind=none')).body.name).toBe('web');
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(404);
    expect((await metrics.json()).code).toBe('common.not_found');
  });

  it('answers 503 JSON in the API error shape with Retry-After when no process answers', async () => {
    ups[1].server.closeAllConnections();
    await new Promise<void>((r) => ups[1].server.close(() => r()));
    const res = await fetch(`${base}/products/?kind=none`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({ code: 'common.service_unavailable' });
    expect(body.message).toMatch(/ご利用いただけません/);
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
  });
});
