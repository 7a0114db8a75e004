/**
 * The maintenance switch (spec 4 and 8: a 503 sends the shopper to /maintenance/, which carries a
 * title and message). Off by default; an editor turns it on through PUT /admin/v1/maintenance and
 * every /v1 call answers 503 with the title and message, Retry-After and no-store, except GET
 * /v1/maintenance, allow-listed staff addresses and the shop's own calls with the internal secret;
 * the editor API keeps working so it can be switched off; another API process over the same
 * database follows within about a second; MAINTENANCE=1 turns it on from the environment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorLoginResponseSchema, INTERNAL_SECRET_ENV, INTERNAL_SECRET_HEADER } from '#contracts/admin.ts';
import {
  adminMaintenanceSchema,
  MAINTENANCE_CODE,
  MAINTENANCE_DEFAULTS,
  maintenanceErrorSchema,
  maintenanceStateSchema,
} from '#contracts/maintenance.ts';
import { createApp } from '../../api/src/app.ts';
import { DEV_EDITOR } from '../../api/src/db/seed/index.ts';
import { MAINTENANCE_CACHE_MS } from '../../api/src/services/maintenance/switch.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
let editor: string;

const TITLE = 'システム更新のお知らせ';
const MESSAGE = '11月28日 2:00〜4:00 はシステム更新のためご利用いただけません。';

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_EDITOR.login, password: DEV_EDITOR.password } });
  expect(res.status).toBe(200);
  editor = editorLoginResponseSchema.parse(await res.json()).access_token;
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const put = (body: unknown, token: string | null = editor) => shop.request('PUT', '/admin/v1/maintenance', { body, token });

/** Sends a request to another app (another API process) over the same shop. */
function requestTo(app: ReturnType<typeof createApp>, method: string, path: string, headers: Record<string, string> = {}) {
  return Promise.resolve(
    app.request(
      path,
      { method, headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Channel-Id': 'default', ...headers } },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    ),
  );
}

async function expectMaintenance(res: Response, title = TITLE, message = MESSAGE) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('300');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(maintenanceErrorSchema.parse(await res.json())).toEqual({ message, code: MAINTENANCE_CODE, title });
}

/** Turns the setting off again, whatever a test left. */
async function switchOff() {
  expect((await put({ enabled: false })).status).toBe(200);
}

describe('maintenance switch', () => {
  it('is off by default: GET /v1/maintenance says so with the default wording, and the shop answers', async () => {
    const res = await shop.request('GET', '/v1/maintenance');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(maintenanceStateSchema.parse(await res.json())).toEqual({ enabled: false, ...MAINTENANCE_DEFAULTS });
    expect((await shop.request('GET', '/v1/products')).status).toBe(200);
    const admin = adminMaintenanceSchema.parse(await (await shop.request('GET', '/admin/v1/maintenance', { token: editor })).json());
    expect(admin).toMatchObject({
      enabled: false,
      setting_enabled: false,
      env_enabled: false,
      custom_title: null,
      custom_message: null,
      updated_at: null,
      updated_by: null,
    });
  });

  it('an editor switches it on: every /v1 call answers 503 with the title and message, Retry-After and no-store', async () => {
    const res = await put({ enabled: true, title: TITLE, message: MESSAGE });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(adminMaintenanceSchema.parse(await res.json())).toMatchObject({
      enabled: true,
      title: TITLE,
      message: MESSAGE,
      setting_enabled: true,
      env_enabled: false,
      custom_title: TITLE,
      custom_message: MESSAGE,
      updated_by: DEV_EDITOR.displayName,
    });
    // The GET names who switched it and when, for the editor screen.
    const seen = adminMaintenanceSchema.parse(await (await shop.request('GET', '/admin/v1/maintenance', { token: editor })).json());
    expect(seen.updated_by).toBe(DEV_EDITOR.displayName);
    expect(Date.now() - Date.parse(seen.updated_at!)).toBeLessThan(60_000);
    await expectMaintenance(await shop.request('GET', '/v1/products'));
    await expectMaintenance(await shop.request('GET', '/v1/settings/front'));
    await expectMaintenance(await shop.request('POST', '/v1/auth/login', { body: { username: 'demo', password: 'demo-pass-2026' } }));
    await expectMaintenance(await shop.request('POST', '/v1/carts', { body: {} }));
    await expectMaintenance(await shop.request('GET', '/v1/no-such-call'));
  });

  it('GET /v1/maintenance still answers, with the state the page shows', async () => {
    const res = await shop.request('GET', '/v1/maintenance');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(maintenanceStateSchema.parse(await res.json())).toEqual({ enabled: true, title: TITLE, message: MESSAGE });
  });

  it('lets allow-listed addresses through, as the rate limits find them (X-Forwarded-For only behind a trusted proxy)', async () => {
    const trusting = createApp({
      db: shop.database.db,
      env: shop.envWith({ MAINTENANCE_ALLOW: '203.0.113.0/24, 2001:db8::7', TRUSTED_PROXIES: '127.0.0.1' }),
    });
    expect((await requestTo(trusting, 'GET', '/v1/products', { 'X-Forwarded-For': '203.0.113.45' })).status).toBe(200);
    expect((await requestTo(trusting, 'GET', '/v1/products', { 'X-Forwarded-For': '10.0.0.1, 2001:db8::7' })).status).toBe(200);
    await expectMaintenance(await requestTo(trusting, 'GET', '/v1/products', { 'X-Forwarded-For': '198.51.100.9' }));
    // The proxy's own hop counts: a client cannot name an allowed address to the left of its own.
    await expectMaintenance(await requestTo(trusting, 'GET', '/v1/products', { 'X-Forwarded-For': '203.0.113.45, 198.51.100.9' }));
    const direct = createApp({ db: shop.database.db, env: shop.envWith({ MAINTENANCE_ALLOW: '203.0.113.0/24' }) });
    await expectMaintenance(await requestTo(direct, 'GET', '/v1/products', { 'X-Forwarded-For': '203.0.113.45' }));
  });

  it("lets the shop's own server-side calls through with the internal secret, and only with the right one", async () => {
    const before = process.env[INTERNAL_SECRET_ENV];
    process.env[INTERNAL_SECRET_ENV] = 'secret-of-this-maintenance-test';
    try {
      expect(
        (await shop.request('GET', '/v1/content-state', { headers: { [INTERNAL_SECRET_HEADER]: 'secret-of-this-maintenance-test' } }))
          .status,
      ).toBe(200);
      await expectMaintenance(
        await shop.request('GET', '/v1/content-state', { headers: { [INTERNAL_SECRET_HEADER]: 'secret-of-this-maintenance-tesT' } }),
      );
      await expectMaintenance(await shop.request('GET', '/v1/content-state', { headers: { [INTERNAL_SECRET_HEADER]: '' } }));
    } finally {
      if (before === undefined) delete process.env[INTERNAL_SECRET_ENV];
      else process.env[INTERNAL_SECRET_ENV] = before;
    }
  });

  it('keeps the editor API and /public.json working', async () => {
    expect((await shop.request('GET', '/admin/v1/me', { token: editor })).status).toBe(200);
    expect((await shop.request('GET', '/admin/v1/blogs', { token: editor })).status).toBe(200);
    expect((await shop.request('GET', '/public.json')).status).toBe(200);
    // A fresh editor login works too (staff arriving during maintenance).
    const login = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_EDITOR.login, password: DEV_EDITOR.password } });
    expect(login.status).toBe(200);
  });

  it('reaches another API process over the same database within about a second', async () => {
    const other = createApp({ db: shop.database.db, env: shop.envWith({}) });
    await expectMaintenance(await requestTo(other, 'GET', '/v1/products'));
    const started = Date.now();
    await switchOff();
    let status = 0;
    while (Date.now() - started < MAINTENANCE_CACHE_MS + 2000) {
      status = (await requestTo(other, 'GET', '/v1/products')).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(MAINTENANCE_CACHE_MS + 1000);
  });

  it('switched off, the shop answers normally and the wording is kept for next time', async () => {
    expect((await shop.request('GET', '/v1/products')).status).toBe(200);
    expect((await shop.request('GET', '/v1/settings/front')).status).toBe(200);
    const state = maintenanceStateSchema.parse(await (await shop.request('GET', '/v1/maintenance')).json());
    expect(state).toEqual({ enabled: false, title: TITLE, message: MESSAGE });
    // null or blank puts the default wording back.
    const reset = adminMaintenanceSchema.parse(await (await put({ enabled: false, title: null, message: '  ' })).json());
    expect(reset).toMatchObject({ enabled: false, ...MAINTENANCE_DEFAULTS, custom_title: null, custom_message: null });
  });

  it('MAINTENANCE=1 in the environment turns it on whatever the setting says; editors still see why', async () => {
    const app = createApp({ db: shop.database.db, env: shop.envWith({ MAINTENANCE: '1' }) });
    await expectMaintenance(await requestTo(app, 'GET', '/v1/products'), MAINTENANCE_DEFAULTS.title, MAINTENANCE_DEFAULTS.message);
    const state = maintenanceStateSchema.parse(await (await requestTo(app, 'GET', '/v1/maintenance')).json());
    expect(state).toEqual({ enabled: true, ...MAINTENANCE_DEFAULTS });
    const admin = await requestTo(app, 'GET', '/admin/v1/maintenance', { Authorization: `Bearer ${editor}` });
    expect(adminMaintenanceSchema.parse(await admin.json())).toMatchObject({ enabled: true, setting_enabled: false, env_enabled: true });
    // The shop without the variable is unaffected.
    expect((await shop.request('GET', '/v1/products')).status).toBe(200);
  });

  it('refuses a bad body with Japanese messages by field, and a caller without an editor session', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { enabled: ['メンテナンスは必須項目です'] }],
      [{ enabled: 'yes' }, { enabled: ['メンテナンスにはtrueかfalseを指定してください'] }],
      [{ enabled: true, title: 'あ'.repeat(101) }, { title: ['タイトルは100文字以内にしてください'] }],
      [{ enabled: true, message: 'あ'.repeat(1001) }, { message: ['メッセージは1000文字以内にしてください'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await put(body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'common.validation', errors });
    }
    const extra = await put({ enabled: true, note: 'x' });
    expect(extra.status).toBe(422);
    expect(await extra.json()).toMatchObject({ errors: { _: ['指定できない項目が含まれています：note'] } });
    // A member's token is no editor's: 401, and nothing changed.
    expect((await put({ enabled: true }, null)).status).toBe(401);
    const login = await shop.request('POST', '/v1/auth/login', { body: { username: 'demo', password: 'demo-pass-2026' } });
    const member = ((await login.json()) as { access_token: string }).access_token;
    expect((await put({ enabled: true }, member)).status).toBe(401);
    expect(maintenanceStateSchema.parse(await (await shop.request('GET', '/v1/maintenance')).json()).enabled).toBe(false);
  });
});
