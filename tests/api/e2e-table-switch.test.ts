/**
 * The browser tests' table switch (scripts/host/rebuild-test-hooks.ts, on only with SHOP_E2E_HOOKS=1): while
 * review_stats is broken the product reads fail in the database and the API answers its 500; mended,
 * they answer 200 again. Breaking or mending twice changes nothing, and only the listed table can be named.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleTestHook } from '../../scripts/host/rebuild-test-hooks.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
let server: Server;
let hookUrl: string;

beforeAll(async () => {
  shop = await createTestShop();
  server = createServer((req, res) => void handleTestHook(req, res, null, shop.database.db));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__e2e/content`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await shop.close();
});

const post = (data: unknown) => fetch(hookUrl, { method: 'POST', body: JSON.stringify(data) });

describe('the e2e table switch', () => {
  it("breaks the product reads with a real database error (the API's 500) and mends them", async () => {
    const [product] = (await (await shop.request('GET', '/v1/products?page=1')).json()) as Array<{ key: string }>;
    const read = () => shop.request('GET', `/v1/products/${encodeURIComponent(product.key)}`);
    expect((await read()).status).toBe(200);

    for (let i = 0; i < 2; i++) expect((await post({ action: 'break-table', table: 'review_stats' })).status).toBe(200);
    const failed = await read();
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      message: 'サーバーエラーが発生しました。',
      code: 'common.server_error',
      request_id: failed.headers.get('x-request-id'),
    });

    for (let i = 0; i < 2; i++) expect((await post({ action: 'mend-table', table: 'review_stats' })).status).toBe(200);
    expect((await read()).status).toBe(200);
  });

  it('names no other table and runs no text from the request', async () => {
    for (const table of ['products', 'review_stats; drop table products', '']) {
      expect((await post({ action: 'break-table', table })).status, table).toBe(422);
    }
    expect((await shop.request('GET', '/v1/products?page=1')).status).toBe(200);
  });

  it('still takes the build breaker (here without a live rebuilder: not ready)', async () => {
    const res = await post({ action: 'break-next-build' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'not ready' });
  });
});
