/**
 * The third seeded channel, the school-uniform shop: its settings pick the school theme and carry
 * their own namespace, channel prefix and breakpoints; it sells only the school part of the
 * catalogue, has its own news and blog, accepts its school keys; an unknown channel is refused with
 * the message the storefront turns into the invalid-channel layout.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '#contracts/products.ts';
import { users } from '../../api/src/db/schema/index.ts';
import { SCHOOL_BREAKPOINTS, SCHOOL_CHANNEL, SCHOOL_TOP_BLOCKS } from '../../api/src/db/seed/school.ts';
import { SCHOOL_KEY_MESSAGES } from '../../api/src/services/schools/index.ts';
import { registration, run } from './account-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const json = async (res: Response) => {
  expect(res.status).toBe(200);
  return res.json();
};

describe('school channel', () => {
  it('has its own theme, name, namespace, channel prefix and breakpoints', async () => {
    const s = await json(await shop.request('GET', '/v1/settings/front', { channel: SCHOOL_CHANNEL }));
    expect(s.THEME).toBe('school');
    expect(s['SITE.NAMESPACE']).toBe('maison-kiyora-school');
    expect(s['SITE.CHANNEL_PREFIX']).toBe('school');
    expect(s['SITE.NAME']).toMatch(/スクール$/);
    expect(s['SITE.BREAKPOINT.SCREEN-SM']).toBe(SCHOOL_BREAKPOINTS['SITE.BREAKPOINT.SCREEN-SM']);
    expect(s['SITE.BREAKPOINT.SCREEN-MD']).toBe(SCHOOL_BREAKPOINTS['SITE.BREAKPOINT.SCREEN-MD']);
    // The other channels keep theirs: the breakpoints are per channel, not global.
    const d = await json(await shop.request('GET', '/v1/settings/front', { channel: 'default' }));
    expect([d['SITE.BREAKPOINT.SCREEN-SM'], d['SITE.BREAKPOINT.SCREEN-MD']]).not.toEqual([640, 1080]);
    expect(d.THEME).toBe('default');
  });

  it('sells school items only, a subset of the main channel', async () => {
    const school = z.array(productSchema).parse(await json(await shop.request('GET', '/v1/products?per=100', { channel: SCHOOL_CHANNEL })));
    expect(school.length).toBeGreaterThan(10);
    const names = school.map((p) => p.name).join('\n');
    expect(names).not.toMatch(/茶|珈琲|コーヒー|マグ|ボウル/);
    const foodRes = await shop.request('GET', '/v1/products?category=food', { channel: SCHOOL_CHANNEL });
    expect(foodRes.status).toBe(200);
    expect(Number(foodRes.headers.get('x-total'))).toBe(0);
    const one = school[0];
    expect((await shop.request('GET', `/v1/products/${one.key}`, { channel: 'default' })).status).toBe(200);
  });

  it("has its own news and blog, not the other channels'", async () => {
    const news = await json(await shop.request('GET', '/v1/news?per=all', { channel: SCHOOL_CHANNEL }));
    expect(news.map((n: { key: string }) => n.key)).toContain('spring-2027-orders');
    const mainNews = await json(await shop.request('GET', '/v1/news?per=all', { channel: 'default' }));
    expect(mainNews.map((n: { key: string }) => n.key)).not.toContain('spring-2027-orders');
    const blogs = await json(await shop.request('GET', '/v1/blogs?per=all', { channel: SCHOOL_CHANNEL }));
    expect(blogs.map((b: { key: string }) => b.key).sort()).toEqual(['measuring', 'uniform-care']);
  });

  it('accepts its school keys', async () => {
    const check = async (key: string) => json(await shop.request('POST', '/v1/schools/check', { body: { key }, channel: SCHOOL_CHANNEL }));
    expect(await check('KIYORA2026')).toEqual({ key: 'KIYORA2026', check: true });
    expect(await check('NOPE2026')).toEqual({ key: 'NOPE2026', check: false });
  });

  it('has its own home layout, with its own collections of its own products and its own banners', async () => {
    const layout = await json(await shop.request('GET', '/v1/layouts/top', { channel: SCHOOL_CHANNEL }));
    expect(layout.blocks).toEqual(SCHOOL_TOP_BLOCKS);
    const main = await json(await shop.request('GET', '/v1/layouts/top', { channel: 'default' }));
    expect(main.id).not.toBe(layout.id);
    const schoolKeys = new Set(
      z
        .array(productSchema)
        .parse(await json(await shop.request('GET', '/v1/products?per=100', { channel: SCHOOL_CHANNEL })))
        .map((p) => p.key),
    );
    for (const block of SCHOOL_TOP_BLOCKS) {
      if (block.type !== 'collection') continue;
      const collection = await json(
        await shop.request('GET', `/v1/collections/${block.alias}?per=${block.per}`, { channel: SCHOOL_CHANNEL }),
      );
      expect(collection.title, block.alias).toBe(block.title);
      expect(collection.products.length, block.alias).toBeGreaterThan(0);
      for (const p of collection.products) expect(schoolKeys.has(p.key), `${block.alias}: ${p.key}`).toBe(true);
      // The other channels have no such collection.
      expect((await shop.request('GET', `/v1/collections/${block.alias}`, { channel: 'outlet' })).status).toBe(404);
    }
    const banners = await json(await shop.request('GET', '/v1/banners?area[]=school_top&is_show=1', { channel: SCHOOL_CHANNEL }));
    expect(banners.map((b: { title: string }) => b.title)).toEqual(['清良学園', '桜ヶ丘高等学校', '緑ヶ丘中学校']);
    expect(await json(await shop.request('GET', '/v1/banners?area[]=school_top&is_show=1', { channel: 'default' }))).toEqual([]);
  });

  it('has a school key of its own that no other channel accepts', async () => {
    const check = async (key: string, channel: string) => json(await shop.request('POST', '/v1/schools/check', { body: { key }, channel }));
    expect(await check('MIDORI2027', SCHOOL_CHANNEL)).toEqual({ key: 'MIDORI2027', check: true });
    expect(await check('ｍｉｄｏｒｉ２０２７ ', SCHOOL_CHANNEL)).toMatchObject({ check: true });
    expect(await check('MIDORI2027', 'default')).toEqual({ key: 'MIDORI2027', check: false });
  });

  it("requires a valid school key to register (SITE.SCHOOL_KEY_REQUIRED) and stores the school's name", async () => {
    const s = await json(await shop.request('GET', '/v1/settings/front', { channel: SCHOOL_CHANNEL }));
    expect(s['SITE.SCHOOL_KEY_REQUIRED']).toBe(true);
    const id = run();
    const register = (body: unknown, channel = SCHOOL_CHANNEL) => shop.request('POST', '/v1/users', { body, channel });
    const userOf = async (username: string, channel = SCHOOL_CHANNEL) =>
      (
        await shop.database.db
          .select()
          .from(users)
          .where(and(eq(users.username, username), eq(users.channel_id, channel)))
      )[0];

    const missing = await register(registration(`sch${id}a`));
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      code: 'user.school_key.required',
      errors: { school_key: [SCHOOL_KEY_MESSAGES.required] },
    });
    const wrong = await register(registration(`sch${id}a`, { school_key: 'NOPE2026' }));
    expect(wrong.status).toBe(422);
    const wrongBody = await wrong.json();
    expect(wrongBody).toMatchObject({ code: 'user.school_key.invalid', errors: { school_key: ['学校キーが正しくありません'] } });
    expect(typeof wrongBody.message).toBe('string');
    expect(await userOf(`sch${id}a`)).toBeUndefined();
    // Too long a key is refused by the contract, with a Japanese message on the field.
    const long = await register(registration(`sch${id}a`, { school_key: 'K'.repeat(51) }));
    expect(long.status).toBe(422);
    expect((await long.json()).errors.school_key[0]).toMatch(/[ぁ-んァ-ン一-龥]/);

    // The right key (width and case ignored): registered, the school's name stored and shown in /v1/me/user.
    const ok = await register(registration(`sch${id}a`, { school_key: 'ｍｉｄｏｒｉ２０２７' }));
    expect(ok.status).toBe(201);
    const { access_token } = await ok.json();
    expect((await userOf(`sch${id}a`)).school).toBe('緑ヶ丘中学校');
    const me = await json(await shop.request('GET', '/v1/me/user', { token: access_token, channel: SCHOOL_CHANNEL }));
    expect(me.school).toBe('緑ヶ丘中学校');

    // Other channels: no key needed, a key sent is ignored (no school stored).
    const plain = await register(registration(`sch${id}b`), 'outlet');
    expect(plain.status).toBe(201);
    const ignored = await register(registration(`sch${id}c`, { school_key: 'NOPE2026' }), 'outlet');
    expect(ignored.status).toBe(201);
    expect((await userOf(`sch${id}c`, 'outlet')).school).toBeNull();
  }, 120_000);

  it('answers 404 channel.not_exists with a Japanese message for an unknown channel', async () => {
    const res = await shop.request('GET', '/v1/settings/front', { channel: 'no-such-school' });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.code).toBe('channel.not_exists');
    expect(typeof body.message).toBe('string');
  });
});
