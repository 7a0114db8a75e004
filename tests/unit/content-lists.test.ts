/** Brands, tags and popups: the zod-free client calls, and their fetch-once stores (spec 4, spec 7 "Content"). */
import { beforeEach, describe, expect, it } from 'vitest';
import { getPopup, listBrands, listPopups, listTags } from '#api-client/content/content.ts';
import { CLIENT_CODES } from '#api-client/core/errors.ts';
import { configureClient, resetClient } from '#api-client/core/http.ts';
import { brandWire, popupWire, tagWire } from '#api-client/wire/content.ts';
import { brandSchema, popupSchema, tagSchema } from '#contracts/content.ts';
import { brandsStore, popupsStore, tagsStore } from '#stores/content-lists.ts';
import { fakeFetch, type Handler, json, memoryTokens } from './fake-api.ts';

const brand = { id: 1, key: 'kinzan', name: '錦山', maker_id: 3 };
const tag = { id: 2, key: 'linen', name: 'リネン' };
const popup = { id: 4, title: '年末年始休業のお知らせ', body: '<p>出荷業務をお休みいたします。</p>', is_show: true };

function use(handler: Handler) {
  resetClient();
  const api = fakeFetch(handler);
  configureClient({ baseUrl: '', fetch: api.fetch, tokens: memoryTokens() });
  return api;
}

const answer: Handler = (c) => {
  if (c.url.startsWith('/v1/brands')) return json([{ ...brand, extra: 'dropped' }]);
  if (c.url === '/v1/tags') return json([tag]);
  if (c.url === '/v1/popups') return json([popup]);
  if (c.url === `/v1/popups/${popup.id}`) return json(popup);
  return json({ message: 'ポップアップが見つかりません。', code: 'common.not_found' }, 404);
};

beforeEach(() => resetClient());

describe('brand, tag and popup calls', () => {
  it("read brands with per=all, tags, the channel's popups and one popup", async () => {
    const api = use(answer);
    expect(await listBrands()).toEqual([brand]);
    expect(await listTags()).toEqual([tag]);
    expect(await listPopups()).toEqual([popup]);
    expect(await getPopup(popup.id)).toEqual(popup);
    expect(api.calls.map((c) => c.url)).toEqual(['/v1/brands?per=all', '/v1/tags', '/v1/popups', '/v1/popups/4']);
    expect(api.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('reject a wire shape the contract would not accept, and a missing popup as a 404', async () => {
    use(() => json([{ ...tag, name: null }]));
    await expect(listTags()).rejects.toMatchObject({ code: CLIENT_CODES.invalidResponse });
    use(answer);
    await expect(getPopup(999)).rejects.toMatchObject({ status: 404, code: 'common.not_found' });
  });
});

describe('the brand, tag and popup decoders', () => {
  it('decode what the contract parses to the same value', () => {
    const extra = { surprise: 1 };
    expect(brandWire({ ...brand, ...extra })).toEqual(brandSchema.parse({ ...brand, ...extra }));
    expect(brandWire({ ...brand, maker_id: null })).toEqual(brandSchema.parse({ ...brand, maker_id: null }));
    expect(tagWire({ ...tag, ...extra })).toEqual(tagSchema.parse({ ...tag, ...extra }));
    expect(popupWire({ ...popup, ...extra })).toEqual(popupSchema.parse({ ...popup, ...extra }));
    expect(() => popupWire({ ...popup, is_show: 1 })).toThrow(/is_show/);
  });
});

describe('the brand, tag and popup stores', () => {
  it('fetch each list once for all callers, and not again once filled', async () => {
    const api = use(answer);
    const [b1, b2, t1, t2, p1, p2] = await Promise.all([
      brandsStore.load(),
      brandsStore.load(),
      tagsStore.load(),
      tagsStore.load(),
      popupsStore.load(),
      popupsStore.load(),
    ]);
    expect([b1, b2]).toEqual([[brand], [brand]]);
    expect([t1, t2]).toEqual([[tag], [tag]]);
    expect([p1, p2]).toEqual([[popup], [popup]]);
    expect(api.calls.map((c) => c.url).sort()).toEqual(['/v1/brands?per=all', '/v1/popups', '/v1/tags']);
    await Promise.all([brandsStore.load(), tagsStore.load(), popupsStore.load()]);
    expect(api.calls).toHaveLength(3);
    expect(popupsStore.state.getState().status).toBe('filled');
  });
});
