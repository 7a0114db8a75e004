/**
 * The third seeded channel, the school-uniform shop: its settings pick the school theme and carry
 * their own namespace, channel prefix and breakpoints; it sells only the school part of the
 * catalogue, has its own news and blog, accepts its school keys; an unknown channel is refused with
 * the message the storefront turns into the invalid-channel layout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productSchema } from '#contracts/products.ts';
import { SCHOOL_BREAKPOINTS, SCHOOL_CHANNEL } from '../../api/src/db/seed/school.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => { shop = await createTestShop(); }, 180_000);
afterAll(async () => { await shop?.close(); });

const json = async (res: Response) => { expect(res.status).toBe(200); return res.json(); };

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

  it('has its own news and blog, not the other channels\'', async () => {
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

  it('answers 404 channel.not_exists with a Japanese message for an unknown channel', async () => {
    const res = await shop.request('GET', '/v1/settings/front', { channel: 'no-such-school' });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.code).toBe('channel.not_exists');
    expect(typeof body.message).toBe('string');
  });
});
