/**
 * The editable shop settings (GET / PATCH /admin/v1/settings): an admin reads every editable key with
 * its value, changes some and the public GET /v1/settings/front shows them at once, the content
 * version moves (the live shop rebuilds), the other channel keeps its own; unknown keys, wrong types,
 * a phone breakpoint not below the tablet one and an empty patch are 422 with Japanese messages by
 * field and change nothing; without a session, or with a member's token, 401; an editor or a staff
 * member, 403 (settings are the admin's), with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITABLE_SETTING_KEYS } from '#contracts/admin-settings.ts';
import { contentStateSchema } from '#contracts/content.ts';
import { DEV_ADMIN, DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { createTestShop, productPicker, type RequestOptions, type TestShop } from './helpers.ts';

let shop: TestShop;
let token: string;
let nextProduct: ReturnType<typeof productPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  nextProduct = productPicker(shop);
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_ADMIN.login, password: DEV_ADMIN.password } });
  token = (await res.json()).access_token;
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const admin = (method: string, path: string, opts: RequestOptions = {}) => shop.request(method, `/admin/v1${path}`, { token, ...opts });
const front = async (channel = 'default') =>
  (await shop.request('GET', '/v1/settings/front', { channel })).json() as Promise<Record<string, unknown>>;
async function addToNewCart() {
  const init = await shop.request('POST', '/v1/carts/init', { body: { token: null } });
  const { token: cart } = (await init.json()) as { token: string };
  return shop.request('PATCH', '/v1/carts/products/add', { body: { token: cart, product_id: await nextProduct(), quantity: 1 } });
}
const version = async () => contentStateSchema.parse(await (await shop.request('GET', '/v1/content-state')).json()).version;

describe('GET /admin/v1/settings', () => {
  it('answers every editable key with the value the storefront reads, and no deployment keys', async () => {
    const res = await admin('GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...EDITABLE_SETTING_KEYS].sort());
    const publicSettings = await front();
    for (const key of EDITABLE_SETTING_KEYS) expect(body[key], key).toEqual(publicSettings[key]);
    expect(body).not.toHaveProperty('THEME');
    expect(body).not.toHaveProperty('SITE.STORAGE_URL');
  });

  it("is the admin's: an editor's or a staff member's session is 403 auth.forbidden and changes nothing", async () => {
    for (const who of [DEV_EDITOR, DEV_STAFF]) {
      const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
      const other = (await res.json()).access_token as string;
      const read = await admin('GET', '/settings', { token: other });
      expect(read.status, who.login).toBe(403);
      expect(await read.json()).toMatchObject({ code: 'auth.forbidden', message: 'この操作を行う権限がありません。' });
      const before = await front();
      expect(
        (await admin('PATCH', '/settings', { token: other, body: { 'SITE.NO_MEMBER_USE': !before['SITE.NO_MEMBER_USE'] } })).status,
      ).toBe(403);
      expect((await front())['SITE.NO_MEMBER_USE']).toBe(before['SITE.NO_MEMBER_USE']);
    }
  });

  it("needs a session: none, a wrong one or a member's token is 401", async () => {
    expect((await admin('GET', '/settings', { token: null })).status).toBe(401);
    expect((await admin('GET', '/settings', { token: 'not-a-session' })).status).toBe(401);
    const login = await shop.request('POST', '/v1/auth/login', { body: { username: 'demo', password: 'demo-pass-2026' } });
    expect(login.status).toBe(200);
    const member = (await login.json()).access_token as string;
    expect((await admin('GET', '/settings', { token: member })).status).toBe(401);
    expect((await admin('PATCH', '/settings', { token: null, body: { 'SITE.NO_MEMBER_USE': true } })).status).toBe(401);
  });
});

describe('PATCH /admin/v1/settings', () => {
  it('changes the named keys only, shows them on /v1/settings/front at once and moves the content version; the other channel keeps its own', async () => {
    const before = await front();
    const schoolBefore = await front('school');
    const v0 = await version();
    const res = await admin('PATCH', '/settings', {
      body: {
        'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true,
        'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false,
        'SITE.NO_MEMBER_USE': true,
        'CART.POPUP_COMPONENT': 'dialog',
        'ORDER.DELIVERY_LEAD_TIME': '３営業日以内に発送します。',
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true,
      'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false,
      'SITE.NO_MEMBER_USE': true,
      'CART.POPUP_COMPONENT': 'dialog',
    });
    const after = await front();
    expect(after).toMatchObject({
      'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': true,
      'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': false,
      'SITE.NO_MEMBER_USE': true,
      'CART.POPUP_COMPONENT': 'dialog',
      'ORDER.DELIVERY_LEAD_TIME': '３営業日以内に発送します。',
    });
    // Everything not named is as it was.
    for (const key of Object.keys(before)) {
      if (
        !(key in body) ||
        [
          'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE',
          'PLUGIN.TEMPORARY_STOP_SELLING.SELLING',
          'SITE.NO_MEMBER_USE',
          'CART.POPUP_COMPONENT',
          'ORDER.DELIVERY_LEAD_TIME',
        ].includes(key)
      )
        continue;
      expect(after[key], key).toEqual(before[key]);
    }
    expect(await version()).toBeGreaterThan(v0);
    expect(await front('school')).toEqual(schoolBefore);
    // The selling stop is in force for the public API at once.
    const add = await addToNewCart();
    expect(add.status).toBe(422);
    expect((await add.json()).code).toBe('cart.selling_stopped');
    // Back as it was.
    const restore = await admin('PATCH', '/settings', {
      body: {
        'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE': before['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE'],
        'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': before['PLUGIN.TEMPORARY_STOP_SELLING.SELLING'],
        'SITE.NO_MEMBER_USE': before['SITE.NO_MEMBER_USE'],
        'CART.POPUP_COMPONENT': before['CART.POPUP_COMPONENT'],
        'ORDER.DELIVERY_LEAD_TIME': before['ORDER.DELIVERY_LEAD_TIME'],
      },
    });
    expect(restore.status).toBe(200);
    expect(await front()).toEqual(before);
    expect((await addToNewCart()).status).toBe(200);
  });

  it('refuses unknown keys, wrong types, bad choices, over-long terms and an empty patch by field, in Japanese, changing nothing', async () => {
    const before = await front();
    const v0 = await version();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ THEME: 'outlet' }, '', /指定できない項目が含まれています：THEME/],
      [{ 'SITE.NO_MEMBER_USE': 'yes' }, 'SITE.NO_MEMBER_USE', /会員機能を使わないにはtrueかfalseを指定してください/],
      [{ 'CART.POPUP_COMPONENT': 'modal' }, 'CART.POPUP_COMPONENT', /選択されたカート追加時の表示は正しくありません/],
      [
        { 'SITE.BREAKPOINT.SCREEN-SM': 100 },
        'SITE.BREAKPOINT.SCREEN-SM',
        /スマートフォン表示の上限幅には320から4000までの数値を指定してください/,
      ],
      [{ 'SITE.BREAKPOINT.SCREEN-SM': 1.5 }, 'SITE.BREAKPOINT.SCREEN-SM', /整数/],
      [{ 'ORDER.RETURN_POLICY': 'あ'.repeat(2001) }, 'ORDER.RETURN_POLICY', /返品・交換については2000文字以内にしてください/],
      [{ 'SITE.NO_MEMBER_USE': true, 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING': 0 }, 'PLUGIN.TEMPORARY_STOP_SELLING.SELLING', /販売中/],
      [{}, '', /変更する設定を1つ以上指定してください/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await admin('PATCH', '/settings', { body: patch });
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(body.message).toBe('入力内容に誤りがあります。');
      const messages = field ? body.errors[field] : Object.values(body.errors).flat();
      expect(messages?.join(' '), JSON.stringify(body.errors)).toMatch(message);
    }
    expect(await front()).toEqual(before);
    expect(await version()).toBe(v0);
  });

  it('keeps the phone breakpoint below the tablet one, checked against the stored value too', async () => {
    const res = await admin('PATCH', '/settings', { body: { 'SITE.BREAKPOINT.SCREEN-SM': 1200 } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors['SITE.BREAKPOINT.SCREEN-SM'][0]).toBe(
      'スマートフォン表示の上限幅はタブレット表示の上限幅より小さくしてください',
    );
    const both = await admin('PATCH', '/settings', { body: { 'SITE.BREAKPOINT.SCREEN-SM': 600, 'SITE.BREAKPOINT.SCREEN-MD': 1000 } });
    expect(both.status).toBe(200);
    expect(await front()).toMatchObject({ 'SITE.BREAKPOINT.SCREEN-SM': 600, 'SITE.BREAKPOINT.SCREEN-MD': 1000 });
    const tablet = await admin('PATCH', '/settings', { body: { 'SITE.BREAKPOINT.SCREEN-MD': 600 } });
    expect(tablet.status).toBe(422);
    expect(Object.keys((await tablet.json()).errors)).toEqual(['SITE.BREAKPOINT.SCREEN-MD']);
    expect(
      (await admin('PATCH', '/settings', { body: { 'SITE.BREAKPOINT.SCREEN-SM': 576, 'SITE.BREAKPOINT.SCREEN-MD': 992 } })).status,
    ).toBe(200);
  });
});
