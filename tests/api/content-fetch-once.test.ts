/**
 * The fetch-once content of spec 4 (brands, tags, popups) as the Shop API serves it (spec 7
 * "Content"): brands paged like makers or whole with per=all, tags shared by every channel, popups
 * of the request's channel and only those shown; a hidden or other-channel popup is 404; bad paging
 * input is a Japanese 422 by field, never a 500.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '#contracts/common.ts';
import { brandSchema, popupSchema, tagSchema } from '#contracts/content.ts';
import { popups } from '../../api/src/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const PUBLIC_READ = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

async function get<T extends z.ZodType>(path: string, schema: T, channel?: string) {
  const res = await shop.request('GET', path, { channel });
  expect(res.status, `${path} → ${res.status}`).toBe(200);
  expect(res.headers.get('cache-control'), path).toBe(PUBLIC_READ);
  const h = (name: string) => Number(res.headers.get(name));
  return {
    body: schema.parse(await res.json()) as z.infer<T>,
    total: h('x-total'),
    per: h('x-per-page'),
    last: h('x-last-page'),
    current: h('x-current-page'),
  };
}

/** The answer is a JSON error of the spec's shape with a Japanese message; returns its body. */
async function expectError(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  // No shared cache keeps an error (a NUL byte is refused before the Cache-Control middleware runs,
  // so that 422 has no header at all; 4xx answers are not cacheable by default either).
  expect(res.headers.get('cache-control') ?? 'no-store').toBe('no-store');
  const body = errorBodySchema.parse(await res.json());
  expect(body.message).toMatch(JAPANESE);
  return body;
}

/** Seeded popup ids of a channel, shown or hidden, read from the database. */
async function popupIds(channel: string, shown: boolean): Promise<number[]> {
  const rows = await shop.database.db
    .select({ id: popups.id })
    .from(popups)
    .where(and(eq(popups.channel_id, channel), eq(popups.is_show, shown)));
  return rows.map((r) => r.id);
}

describe('GET /v1/brands', () => {
  it('per=all answers every brand on one page, in a stable order', async () => {
    const all = await get('/v1/brands?per=all', z.array(brandSchema));
    expect(all.body.length).toBeGreaterThanOrEqual(20);
    expect(all.total).toBe(all.body.length);
    expect(all.last).toBe(1);
    expect(all.current).toBe(1);
    expect(new Set(all.body.map((b) => b.id)).size).toBe(all.body.length);
    expect(all.body.every((b) => b.name.length > 0 && b.key.length > 0)).toBe(true);
  });

  it('is paged by 10 like the other content lists, and the pages add up to the whole list', async () => {
    const all = await get('/v1/brands?per=all', z.array(brandSchema));
    const first = await get('/v1/brands', z.array(brandSchema));
    expect(first.body).toHaveLength(10);
    expect(first).toMatchObject({ total: all.total, per: 10, last: Math.ceil(all.total / 10), current: 1 });
    const pages = [first.body];
    for (let page = 2; page <= first.last; page += 1) {
      const next = await get(`/v1/brands?page=${page}`, z.array(brandSchema));
      expect(next.current).toBe(page);
      pages.push(next.body);
    }
    expect(pages.flat().map((b) => b.id)).toEqual(all.body.map((b) => b.id));
  });

  it('takes a per of its own, and a page past the end is empty', async () => {
    const all = await get('/v1/brands?per=all', z.array(brandSchema));
    const five = await get('/v1/brands?per=5&page=2', z.array(brandSchema));
    expect(five).toMatchObject({ per: 5, current: 2, last: Math.ceil(all.total / 5) });
    expect(five.body.map((b) => b.id)).toEqual(all.body.slice(5, 10).map((b) => b.id));
    const beyond = await get('/v1/brands?page=999', z.array(brandSchema));
    expect(beyond.body).toEqual([]);
    expect(beyond.total).toBe(all.total);
  });

  it.each([
    ['per=0', 'per'],
    ['per=abc', 'per'],
    ['per=101', 'per'],
    ['per=-1', 'per'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=99999999999', 'page'],
    ['per=%00', 'per'],
  ])('answers 422 with a Japanese message on the field for %s', async (query, field) => {
    const body = await expectError(await shop.request('GET', `/v1/brands?${query}`), 422);
    expect(body.code).toBe('common.validation');
    expect(body.errors?.[field]?.[0]).toMatch(JAPANESE);
  });
});

describe('GET /v1/tags', () => {
  it('lists every tag with key and name, the same on both channels', async () => {
    const main = await get('/v1/tags', z.array(tagSchema));
    expect(main.body.length).toBeGreaterThanOrEqual(5);
    expect(main.body.every((t) => JAPANESE.test(t.name))).toBe(true);
    expect(new Set(main.body.map((t) => t.key)).size).toBe(main.body.length);
    expect((await get('/v1/tags', z.array(tagSchema), 'outlet')).body).toEqual(main.body);
  });
});

describe('GET /v1/popups', () => {
  it("lists only the shown popups of the request's channel", async () => {
    const main = await get('/v1/popups', z.array(popupSchema));
    const outlet = await get('/v1/popups', z.array(popupSchema), 'outlet');
    expect(main.body.length).toBeGreaterThan(0);
    expect(outlet.body.length).toBeGreaterThan(0);
    expect(main.body.every((p) => p.is_show)).toBe(true);
    expect(main.body.map((p) => p.id).sort()).toEqual((await popupIds('default', true)).sort());
    expect(outlet.body.map((p) => p.id).sort()).toEqual((await popupIds('outlet', true)).sort());
    const hidden = await popupIds('default', false);
    expect(hidden.length).toBeGreaterThan(0); // the seed keeps a past popup to prove it stays out
    expect(main.body.map((p) => p.id)).not.toEqual(expect.arrayContaining([hidden[0]]));
    for (const p of [...main.body, ...outlet.body]) expect(p.title).toMatch(JAPANESE);
  });
});

describe('GET /v1/popups/{id}', () => {
  it('answers a shown popup of the channel, as listed', async () => {
    const [listed] = (await get('/v1/popups', z.array(popupSchema))).body;
    expect((await get(`/v1/popups/${listed.id}`, popupSchema)).body).toEqual(listed);
    const [outlet] = (await get('/v1/popups', z.array(popupSchema), 'outlet')).body;
    expect((await get(`/v1/popups/${outlet.id}`, popupSchema, 'outlet')).body).toEqual(outlet);
  });

  it("is 404 in the error shape for a hidden popup, another channel's, an unknown id or a key", async () => {
    const [hidden] = await popupIds('default', false);
    const [outletId] = await popupIds('outlet', true);
    const [mainId] = await popupIds('default', true);
    const cases: Array<[string, string | undefined]> = [
      [`/v1/popups/${hidden}`, undefined],
      [`/v1/popups/${outletId}`, undefined],
      [`/v1/popups/${mainId}`, 'outlet'],
      ['/v1/popups/999999', undefined],
      ['/v1/popups/99999999999', undefined],
      ['/v1/popups/no-such-popup', undefined],
    ];
    for (const [path, channel] of cases) {
      const body = await expectError(await shop.request('GET', path, { channel }), 404);
      expect(body, `${channel ?? 'default'} ${path}`).toMatchObject({
        code: 'common.not_found',
        message: 'ポップアップが見つかりません。',
      });
    }
  });

  it('answers 422, not a database error, for a NUL byte in the id', async () => {
    expect((await expectError(await shop.request('GET', '/v1/popups/%00'), 422)).code).toBe('common.validation');
  });
});

describe('a channel that does not exist', () => {
  it.each(['/v1/brands?per=all', '/v1/tags', '/v1/popups'])("%s is the spec's channel 404", async (path) => {
    const res = await shop.request('GET', path, { channel: 'nope' });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('channel.not_exists');
  });
});
