/**
 * Every API error body is Japanese JSON in the spec's shape (message, code, errors by field), for
 * the errors hono itself raises too: 401, 415, malformed JSON, unknown paths, wrong methods, 413.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
let member: string;
beforeAll(async () => {
  shop = await createTestShop();
  member = await loginDemo(shop);
});
afterAll(async () => {
  await shop?.close();
});

/** Every error body names its request (the X-Request-Id of the answer). */
const requestId = expect.stringMatching(/^[0-9a-f]{32}$/);

const raw = (path: string, init: RequestInit & { duplex?: 'half' } = {}) =>
  Promise.resolve(shop.app.request(path, { ...init, headers: { 'X-Channel-Id': 'default', ...(init.headers as Record<string, string>) } }));

describe('validation errors name each field in Japanese (spec 5)', () => {
  it('PUT /v1/me/user with {} lists every required field', async () => {
    const res = await shop.request('PUT', '/v1/me/user', { token: member, body: {} });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: '入力内容に誤りがあります。',
      code: 'common.validation',
      request_id: requestId,
      errors: {
        email: ['メールアドレスは必須項目です'],
        last_name: ['姓は必須項目です'],
        first_name: ['名は必須項目です'],
        last_name_kana: ['セイは必須項目です'],
        first_name_kana: ['メイは必須項目です'],
      },
    });
  });

  it('an address with a bad postal code and kana says which rule failed', async () => {
    const body = {
      last_name: '山田',
      first_name: '花子',
      last_name_kana: 'やまだ',
      postal_code: '1234',
      prefecture: '東京都',
      city: '渋谷区',
      address1: '1-1',
    };
    const res = await shop.request('POST', '/v1/me/user-addresses', { token: member, body });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      last_name_kana: ['セイは全角カタカナで入力してください'],
      postal_code: ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'],
    });
  });
});

describe("hono's own errors answer Japanese JSON", () => {
  it('401: ログインしてください。', async () => {
    const res = await shop.request('GET', '/v1/me/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'ログインしてください。', code: 'auth.unauthenticated', request_id: requestId });
  });

  it('415 when the body is not JSON', async () => {
    const res = await raw('/v1/auth/login', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'demo' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      message: 'Content-Type に application/json を指定してください。',
      code: 'common.unsupported_media_type',
      request_id: requestId,
    });
  });

  it('400 for malformed JSON', async () => {
    const res = await shop.request('POST', '/v1/auth/login', { body: '{"username":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'リクエストの形式が正しくありません。',
      code: 'common.bad_request',
      request_id: requestId,
    });
  });

  it('unknown /v1 paths, and /v1 itself, answer JSON 404', async () => {
    for (const path of ['/v1/nothing-here', '/v1', '/v1/', '/v1/me/nothing']) {
      const res = await shop.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect(await res.json(), path).toEqual({
        message: 'お探しのページが見つかりませんでした。',
        code: 'common.not_found',
        request_id: requestId,
      });
    }
  });

  it('a wrong method on a known path answers 405 with Allow', async () => {
    const res = await shop.request('DELETE', '/v1/products');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(await res.json()).toEqual({
      message: 'このメソッドは使用できません。',
      code: 'common.method_not_allowed',
      request_id: requestId,
    });
  });

  it('keeps the channel-not-found message the storefront matches literally (spec 8)', async () => {
    const res = await shop.request('GET', '/v1/products', { channel: 'no-such-channel' });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('The channel does not exist.');
  });
});

describe('request bodies over the limit are refused with 413 before being read whole', () => {
  const twoMegabytes = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x' });
  const expected = { message: '送信されたデータが大きすぎます。', code: 'common.payload_too_large', request_id: requestId };

  it('with Content-Length', async () => {
    const res = await raw('/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(twoMegabytes.length) },
      body: twoMegabytes,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(expected);
  });

  it('chunked, without Content-Length: stops reading at the limit', async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await raw('/v1/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(expected);
    expect(sent).toBeLessThan(2 * 1024 * 1024); // 1 MB limit: the rest of the 8 MB was never pulled
  });

  it('a body under the limit still works', async () => {
    // Login's own cap is 8 KB (services/rate-limit/public-writes.ts); under it the call works.
    const res = await shop.request('POST', '/v1/auth/login', {
      body: { username: 'demo', password: 'demo-pass-2026', pad: 'x'.repeat(6 * 1024) },
    });
    expect(res.status).toBe(200);
  });
});

describe("over a real Node HTTP server (the adapter's own request objects, as npm start serves them)", () => {
  let server: ReturnType<typeof serve>;
  let port = 0;
  beforeAll(async () => {
    server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function send(method: string, path: string, headers: Record<string, string>, chunks: string[] = []) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method, path, headers: { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest', ...headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  }

  it('a DELETE without a body (no Content-Length) is handled, not a 500', async () => {
    const res = await send('DELETE', '/v1/me/user-addresses/999999', { Authorization: `Bearer ${member}` });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body).code).toBeTruthy();
  });

  it('a chunked JSON body under the limit reaches the handler; over the limit it is 413', async () => {
    const body = JSON.stringify({ username: 'demo', password: 'demo-pass-2026' });
    const ok = await send('POST', '/v1/auth/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, [
      body.slice(0, 10),
      body.slice(10),
    ]);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).access_token).toBeTruthy();
    const big = await send(
      'POST',
      '/v1/auth/login',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      Array.from({ length: 20 }, () => 'x'.repeat(64 * 1024)),
    );
    expect(big.status).toBe(413);
  });
});
