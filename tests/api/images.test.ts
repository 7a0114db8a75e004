/**
 * The image pipeline (GET /v1/images/…, issue 25 item 3): seeded photographs rendered from their
 * recipe, AVIF/WebP/JPEG variants at the served widths, negotiation by Accept, immutable caching with
 * ETags and 304s, the variant cache in the upload storage, editors' uploads in the `products` folder
 * (checked to decode at upload), and what is refused (other folders, unknown widths, bad files).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageIdOf, photoUrl } from '#contracts/images.ts';
import { forgetMemory } from '../../api/src/services/images/cache.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'images-'));
  shop = await createTestShop({ UPLOAD_DIR: dir });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => Promise.resolve(shop.app.request(url, { headers }));
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const meta = (bytes: Uint8Array) => sharp(bytes).metadata();

async function upload(bytes: Uint8Array, name: string, dirValue: string) {
  const fd = new FormData();
  fd.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  fd.set('dir', dirValue);
  return Promise.resolve(
    shop.app.request(
      '/v1/upload-files',
      { method: 'POST', headers: { 'X-Channel-Id': 'default' }, body: fd },
      { incoming: { socket: { remoteAddress: '127.0.0.9' } } },
    ),
  );
}

describe('seeded photographs', () => {
  it('every seeded product names three photographs of its own type the pipeline serves', async () => {
    const res = await shop.request('GET', '/v1/products?per_page=5');
    const list = (await res.json()) as { image: string; images: string[] }[];
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.images).toHaveLength(3);
      expect(p.images.map((u) => imageIdOf(u))).not.toContain(null);
      expect(p.image).toBe(p.images[0]);
    }
  });

  it('renders the master as a 1200 × 1200 JPEG with the product colour, the same bytes every time', async () => {
    const url = photoUrl('tops', 'main', '#b3262e');
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    const bytes = await bytesOf(first);
    expect(await meta(bytes)).toMatchObject({ format: 'jpeg', width: 1200, height: 1200 });
    // The centre of the garment is red (the product's colour), the corner the light backdrop.
    const { data } = await sharp(bytes).resize(12, 12).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 12 + x) * 3, (y * 12 + x) * 3 + 3)];
    const [r, g, b] = at(6, 6);
    expect(r).toBeGreaterThan(g + 40);
    expect(r).toBeGreaterThan(b + 40);
    expect(Math.min(...at(1, 1))).toBeGreaterThan(170);
    forgetMemory();
    expect(await bytesOf(await get(url))).toEqual(bytes);
  });

  it('serves each format at each width, smaller than the JPEG, with immutable caching and an ETag', async () => {
    const url = photoUrl('shoes', 'main', '#1f2a44');
    const sizes: Record<string, number> = {};
    for (const format of ['avif', 'webp', 'jpg'] as const) {
      const res = await get(`${url}/480.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe({ avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[format]);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
      expect(res.headers.get('vary')).toBeNull();
      const bytes = await bytesOf(res);
      expect(await meta(bytes)).toMatchObject({ format: { avif: 'heif', webp: 'webp', jpg: 'jpeg' }[format], width: 480, height: 480 });
      sizes[format] = bytes.byteLength;
    }
    expect(sizes.avif).toBeLessThan(sizes.jpg);
    expect(sizes.webp).toBeLessThan(sizes.jpg);
    const small = await bytesOf(await get(`${url}/160.avif`));
    expect((await meta(small)).width).toBe(160);
    expect(small.byteLength).toBeLessThan(sizes.avif);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const url = `${photoUrl('bags', 'back', '#c9a27a')}/320.webp`;
    const etag = (await get(url)).headers.get('etag')!;
    const again = await get(url, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toContain('immutable');
  });

  it('picks the format from Accept when the URL names none, and says it varies', async () => {
    const url = `${photoUrl('outer', 'detail', '#6b6b3a')}/240`;
    const chromium = await get(url, { Accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' });
    expect(chromium.headers.get('content-type')).toBe('image/avif');
    expect(chromium.headers.get('vary')).toBe('Accept');
    expect((await get(url, { Accept: 'image/webp,*/*' })).headers.get('content-type')).toBe('image/webp');
    expect((await get(url, { Accept: '*/*' })).headers.get('content-type')).toBe('image/jpeg');
  });

  it('keeps rendered variants in the upload storage under the encoder version', async () => {
    const id = imageIdOf(photoUrl('kitchen', 'main', '#3d4b59'))!;
    await get(`/v1/images/${id}/640.avif`);
    expect((await readdir(join(dir, '.image-cache', 'e1', id))).sort()).toEqual(['640.avif', 'master.jpg']);
  });

  it('404s an unknown width, format, product type or recipe version', async () => {
    const url = photoUrl('tops', 'main', '#5d7ea8');
    for (const bad of [`${url}/500.avif`, `${url}/480.png`, `${url}/480.avif.jpg`, `${url}/x`]) expect((await get(bad)).status).toBe(404);
    expect((await get('/v1/images/photo1-robots-main-5d7ea8.jpg')).status).toBe(404);
    expect((await get('/v1/images/photo9-tops-main-5d7ea8.jpg/480.avif')).status).toBe(404);
    expect((await get('/v1/images/../../etc/passwd')).status).toBe(404);
  });
});

describe("editors' uploads", () => {
  it('serves a product image uploaded in the products folder through the same pipeline', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3c6e47' } })
      .png()
      .toBuffer();
    const res = await upload(png, '新商品.png', 'products/2026');
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const id = imageIdOf(url)!;
    expect(id).toMatch(/^[a-f0-9]{32}\.png$/);
    const avif = await get(`/v1/images/${id}/480.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get('cache-control')).toContain('immutable');
    expect(await meta(await bytesOf(avif))).toMatchObject({ format: 'heif', width: 480, height: 320 });
    // Never enlarged: a 1200 variant of a 900-wide upload is 900 wide; the master is a JPEG.
    const master = await get(`/v1/images/${id}`);
    expect(await meta(await bytesOf(master))).toMatchObject({ format: 'jpeg', width: 900 });
  });

  it('refuses a product image that is no image, or does not decode, with a Japanese 422', async () => {
    const text = new TextEncoder().encode('<html>not an image</html>');
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (const [bytes, name] of [
      [text, 'a.jpg'],
      [pdf, 'a.pdf'],
      [broken, 'a.png'],
    ] as const) {
      const res = await upload(bytes, name, 'products');
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: { file: string[] } }).errors.file[0]).toMatch(/画像/);
    }
  });

  it('does not serve uploads of other folders (an inquiry attachment stays private)', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { url } = (await (await upload(png, 'a.png', 'inquiries')).json()) as { url: string };
    const id = imageIdOf(url)!;
    expect((await get(`/v1/images/${id}/80.webp`)).status).toBe(404);
    expect((await get('/v1/images/0123456789abcdef0123456789abcdef.png/80.webp')).status).toBe(404);
  });
});
