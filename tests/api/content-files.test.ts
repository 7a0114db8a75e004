/**
 * The files content links to and the news read marks, on a real, seeded database (issue 10):
 * GET /v1/banners/{id}/download (bytes, type, x-suggested-filename), GET /v1/files-contents (url),
 * POST /v1/news/readables (members only) and the member's read list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bannerSchema, fileContentsSchema, newsReadableSchema, newsSchema } from '#contracts/content.ts';
import { upload_files } from '../../api/src/db/schema/index.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await createTestShop();
  token = await loginDemo(shop);
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function bannerByTitle(title: string, channel?: string) {
  const res = await shop.request('GET', '/v1/banners', { channel });
  return z
    .array(bannerSchema)
    .parse(await res.json())
    .find((b) => b.title === title)!;
}

describe('GET /v1/banners/{id}/download', () => {
  it('the banner list says which banners offer a file', async () => {
    const list = z.array(bannerSchema).parse(await (await shop.request('GET', '/v1/banners?is_show=1')).json());
    expect(list.filter((b) => b.has_file).map((b) => b.title)).toEqual(['読みもの 冬のギフトガイド']);
  });

  it("answers the banner's file with its name in x-suggested-filename", async () => {
    const banner = await bannerByTitle('読みもの 冬のギフトガイド');
    const res = await shop.request('GET', `/v1/banners/${banner.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(decodeURIComponent(res.headers.get('x-suggested-filename')!)).toBe('冬のギフトガイド2026.svg');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('冬のギフトガイド2026.svg')}`);
    const text = await res.text();
    expect(text).toMatch(/^<svg /);
    expect(text).toContain('冬のギフトガイド 2026');
  });

  it('a banner without a file, of another channel, unknown or malformed is refused', async () => {
    const plain = await bannerByTitle('産地のお茶と器');
    expect((await shop.request('GET', `/v1/banners/${plain.id}/download`)).status).toBe(404);
    const guide = await bannerByTitle('読みもの 冬のギフトガイド');
    expect((await shop.request('GET', `/v1/banners/${guide.id}/download`, { channel: 'outlet' })).status).toBe(404);
    expect((await shop.request('GET', '/v1/banners/999999/download')).status).toBe(404);
    const bad = await shop.request('GET', '/v1/banners/abc/download');
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(['id']);
  });
});

describe('GET /v1/files-contents', () => {
  it('gives a stored text file by its URL, absolute or as a path', async () => {
    const [file] = await shop.database.db.select().from(upload_files);
    const path = `/v1/files/${file.id}/${encodeURIComponent(file.filename)}`;
    for (const url of [path, `https://shop.example${path}`]) {
      const res = await shop.request('GET', `/v1/files-contents?url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(200);
      const body = fileContentsSchema.parse(await res.json());
      expect(body).toMatchObject({ url: path, filename: '冬のギフトガイド2026.svg', mime: 'image/svg+xml' });
      expect(body.content).toContain('<svg');
    }
  });

  it('refuses binary files (422), unknown URLs (404) and a missing url (422)', async () => {
    const [bin] = await shop.database.db
      .insert(upload_files)
      .values({ dir: 'x', filename: 'a.png', mime: 'image/png', size: 3, content: Buffer.from([1, 2, 3]).toString('base64') })
      .returning();
    const binary = await shop.request('GET', `/v1/files-contents?url=${encodeURIComponent(`/v1/files/${bin.id}/a.png`)}`);
    expect(binary.status).toBe(422);
    expect((await binary.json()).errors.url[0]).toBe('テキストのファイルではありません。');
    expect((await shop.request('GET', `/v1/files-contents?url=${encodeURIComponent(`/v1/files/${bin.id}/other.png`)}`)).status).toBe(404);
    expect((await shop.request('GET', '/v1/files-contents?url=/etc/passwd')).status).toBe(404);
    const missing = await shop.request('GET', '/v1/files-contents');
    expect(missing.status).toBe(422);
    expect(Object.keys((await missing.json()).errors)).toEqual(['url']);
    expect((await shop.request('GET', '/v1/files-contents?url=%00')).status).toBe(422);
  });
});

describe('news read marks', () => {
  it('members only: 401 without a token', async () => {
    expect((await shop.request('POST', '/v1/news/readables', { body: { readable_id: 1 } })).status).toBe(401);
    expect((await shop.request('GET', '/v1/news/readables')).status).toBe(401);
  });

  it('marks a news item read once and lists it', async () => {
    const [item] = z.array(newsSchema).parse(await (await shop.request('GET', '/v1/news?per=1')).json());
    const first = await shop.request('POST', '/v1/news/readables', { token, body: { readable_id: item.id } });
    expect(first.status).toBe(200);
    const read = newsReadableSchema.parse(await first.json());
    expect(read).toMatchObject({ news_id: item.id, key: item.key });
    const again = newsReadableSchema.parse(
      await (await shop.request('POST', '/v1/news/readables', { token, body: { readable_id: item.id } })).json(),
    );
    expect(again.read_at).toBe(read.read_at);
    const list = z.array(newsReadableSchema).parse(await (await shop.request('GET', '/v1/news/readables', { token })).json());
    expect(list.map((r) => r.key)).toEqual([item.key]);
  });

  it('refuses unknown, other-channel and malformed ids', async () => {
    expect((await shop.request('POST', '/v1/news/readables', { token, body: { readable_id: 999999 } })).status).toBe(404);
    const [outletNews] = z.array(newsSchema).parse(await (await shop.request('GET', '/v1/news?per=1', { channel: 'outlet' })).json());
    expect((await shop.request('POST', '/v1/news/readables', { token, body: { readable_id: outletNews.id } })).status).toBe(404);
    for (const body of [{}, { readable_id: 'x' }, { readable_id: 0 }, { readable_id: 1.5 }]) {
      const res = await shop.request('POST', '/v1/news/readables', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await res.json()).errors)).toEqual(['readable_id']);
    }
  });
});
