/**
 * Request ids (which X-Request-Id is believed), the labels metrics use (rate-limit names, storefront
 * routes), the metrics token check, and what the logger writes for a failed request: req_id, the
 * error, never an Authorization header.
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { handleError } from '../../api/src/lib/errors.ts';
import { lineLogger, readableLine, setLogDestination } from '../../api/src/lib/log.ts';
import { metricsAllowed, observeRebuild, registry } from '../../api/src/lib/metrics.ts';
import { API_SETTINGS, productionProblems, STOREFRONT_SETTINGS } from '../../api/src/lib/production-secrets.ts';
import { fromTrustedPeer, requestIdFor } from '../../api/src/lib/request-context.ts';
import { requestIdMiddleware } from '../../api/src/middleware/request-id.ts';
import { limitName } from '../../api/src/services/rate-limit/index.ts';
import { storefrontRoute } from '../../scripts/host/observe.ts';

const HEX32 = /^[0-9a-f]{32}$/;
const trusting = { TRUSTED_PROXIES: '127.0.0.1, ::1, 10.0.0.0/8' };

describe('request ids', () => {
  it('takes a sane X-Request-Id from a trusted peer only', () => {
    expect(requestIdFor('nginx-id-0123456789abcdef', '127.0.0.1', trusting)).toBe('nginx-id-0123456789abcdef');
    expect(requestIdFor('nginx-id-0123456789abcdef', '::ffff:10.1.2.3', trusting)).toBe('nginx-id-0123456789abcdef');
    expect(requestIdFor('nginx-id-0123456789abcdef', '::1', trusting)).toBe('nginx-id-0123456789abcdef');
    expect(requestIdFor('client-chosen-id-123', '203.0.113.7', trusting)).toMatch(HEX32);
    expect(requestIdFor('client-chosen-id-123', '127.0.0.1', {})).toMatch(HEX32);
    expect(requestIdFor('client-chosen-id-123', undefined, trusting)).toMatch(HEX32);
  });

  it('replaces a bad token even from a trusted peer, and makes a new id each time', () => {
    for (const bad of ['short', 'has space in it', 'x'.repeat(129), 'semi;colon-0000', '']) {
      expect(requestIdFor(bad, '127.0.0.1', trusting), bad).toMatch(HEX32);
    }
    expect(requestIdFor(undefined, '127.0.0.1', trusting)).not.toBe(requestIdFor(undefined, '127.0.0.1', trusting));
  });

  it('fromTrustedPeer: empty list trusts nobody, a bad entry is refused', () => {
    expect(fromTrustedPeer('127.0.0.1', {})).toBe(false);
    expect(fromTrustedPeer('10.9.9.9', trusting)).toBe(true);
    expect(() => fromTrustedPeer('127.0.0.1', { TRUSTED_PROXIES: 'not-an-address' })).toThrow();
  });
});

describe('metric labels stay bounded', () => {
  it('a rate-limit key keeps its rule words, never the address, account or id', () => {
    expect(limitName('login:ip:203.0.113.7')).toBe('login:ip');
    expect(limitName('login:id:default:taro@example.jp')).toBe('login:id');
    expect(limitName('login-code:12')).toBe('login-code');
    expect(limitName('reminder:email:default:a@b.jp')).toBe('reminder:email');
    expect(limitName('public-write:POST /carts/init:ip:2001:db8::1')).toBe('public-write:POST /carts/init');
    expect(limitName('123:456')).toBe('other');
  });

  it('storefront routes are a fixed set', () => {
    expect(storefrontRoute('/_astro/app.3f2a.js', 200, false)).toBe('static');
    expect(storefrontRoute('/favicon.svg', 200, false)).toBe('static');
    expect(storefrontRoute('/products/123/?x=1', 200, false)).toBe('page');
    expect(storefrontRoute('/news/index.html', 200, false)).toBe('page');
    expect(storefrontRoute('/no-such-page/', 404, false)).toBe('unmatched');
    expect(storefrontRoute('/v1/products', 200, true)).toBe('api-proxy');
    expect(storefrontRoute('/healthz', 200, false)).toBe('health');
  });
});

describe('rebuild metrics', () => {
  it('count each result; only built or failed builds are timed; a success sets the timestamp', async () => {
    const at = '2026-12-01T10:00:00.000Z';
    observeRebuild({ ok: true, skipped: false, duration_ms: 1500, finished_at: at });
    observeRebuild({ ok: true, skipped: true, duration_ms: 20, finished_at: '2026-12-01T11:00:00.000Z' });
    observeRebuild({ ok: false, skipped: false, duration_ms: 800, finished_at: '2026-12-01T12:00:00.000Z' });
    const text = await registry.metrics();
    for (const result of ['ok', 'skipped', 'failed']) expect(text).toContain(`shop_rebuilds_total{result="${result}"} 1`);
    expect(text).toContain('shop_rebuild_duration_seconds_count 2');
    expect(text).toContain('shop_rebuild_duration_seconds_sum 2.3');
    expect(text).toContain(`shop_rebuild_last_success_timestamp_seconds ${Date.parse(at) / 1000}`);
  });
});

describe('the metrics token', () => {
  const token = 'm'.repeat(40);
  it('needs the exact bearer token; none set: never', () => {
    expect(metricsAllowed(`Bearer ${token}`, token)).toBe(true);
    expect(metricsAllowed(`bearer   ${token}`, token)).toBe(true);
    expect(metricsAllowed(`Bearer ${token}x`, token)).toBe(false);
    expect(metricsAllowed(token, token)).toBe(false);
    expect(metricsAllowed(undefined, token)).toBe(false);
    expect(metricsAllowed(`Bearer ${token}`, undefined)).toBe(false);
    expect(metricsAllowed('Bearer ', '')).toBe(false);
  });

  it('in production: optional, but when set at least 32 characters', () => {
    const prod = { NODE_ENV: 'production' };
    const metricsProblems = (env: Record<string, string>) =>
      productionProblems(API_SETTINGS, env).filter((l) => l.startsWith('METRICS_TOKEN'));
    expect(metricsProblems(prod)).toEqual([]);
    expect(metricsProblems({ ...prod, METRICS_TOKEN: 'x7Kq'.repeat(6) })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: shorter than 32 characters/),
    ]);
    expect(metricsProblems({ ...prod, METRICS_TOKEN: 'x7Kq9'.repeat(8) })).toEqual([]);
    expect(STOREFRONT_SETTINGS).toContain('METRICS_TOKEN');
  });
});

describe('log lines of a request', () => {
  const lines: Record<string, unknown>[] = [];
  afterEach(() => {
    setLogDestination(null);
    lines.length = 0;
  });
  const capture = () => setLogDestination({ write: (line: string) => lines.push(JSON.parse(line)) });

  it('an unhandled error: one line with req_id and the error, the answer with the same id, no secret logged', async () => {
    capture();
    const app = new Hono();
    app.use('*', requestIdMiddleware);
    app.post('/boom', () => {
      throw new Error('kaboom');
    });
    app.onError(handleError);
    const res = await app.request('/boom', {
      method: 'POST',
      headers: { authorization: 'Bearer secret-token-1234', 'content-type': 'application/json' },
      body: '{"password":"hunter2"}',
    });
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(HEX32);
    expect(await res.json()).toEqual({ message: 'サーバーエラーが発生しました。', code: 'common.server_error', request_id: id });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', component: 'api', req_id: id, err: { message: 'kaboom' } });
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|hunter2/);
  });

  it("a middleware's own JSON error gets request_id too; a 200 keeps its body", async () => {
    const app = new Hono();
    app.use('*', requestIdMiddleware);
    app.get('/limited', (c) => c.json({ message: '多すぎます', code: 'x.limited' }, 429));
    app.get('/ok', (c) => c.json({ fine: true }));
    const limited = await app.request('/limited');
    expect(await limited.json()).toEqual({ message: '多すぎます', code: 'x.limited', request_id: limited.headers.get('x-request-id') });
    const ok = await app.request('/ok');
    expect(await ok.json()).toEqual({ fine: true });
    expect(ok.headers.get('x-request-id')).toMatch(HEX32);
  });

  it('lineLogger turns a `[name]` prefix into the component; readableLine prints it back', () => {
    capture();
    lineLogger('api')('[maintenance] purged 3 uploads');
    lineLogger('api', 'warn')('plain words');
    expect(lines.map((l) => [l.component, l.level, l.msg])).toEqual([
      ['maintenance', 'info', 'purged 3 uploads'],
      ['api', 'warn', 'plain words'],
    ]);
    expect(readableLine(JSON.stringify(lines[1]))).toBe('[api] WARN plain words\n');
  });
});
