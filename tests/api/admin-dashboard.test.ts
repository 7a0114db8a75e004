import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
let staff: string;
beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_STAFF.login, password: DEV_STAFF.password } });
  staff = (await res.json()).access_token;
}, 180_000);
afterAll(async () => { await shop?.close(); });

describe('smoke', () => {
  it('answers', async () => {
    const res = await shop.request('GET', '/admin/v1/dashboard', { token: staff });
    const body = await res.json();
    console.log(JSON.stringify(body, null, 1).slice(0, 3000));
    expect(res.status).toBe(200);
  });
});
