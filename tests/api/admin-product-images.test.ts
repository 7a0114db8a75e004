/**
 * The staff's product photographs (POST and PUT /admin/v1/products/{id}/images, issue 25 item 3):
 * an added photograph is stored in the `products` folder, attached (the retention job keeps it),
 * shown by the storefront's product answer and served by the image pipeline in AVIF; order and
 * removal; what is refused (not an image, a photograph the variant lacks, one named twice, too large,
 * an editor, no session); every change audited; a rolled-back change leaves its file unattached.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_MESSAGES, PRODUCT_IMAGES_MAX, type ProductImagesResult } from '#contracts/admin-products.ts';
import { imageIdOf } from '#contracts/images.ts';
import { products, uploaded_files } from '../../api/src/db/schema/index.ts';
import { ENCODER_VERSION } from '../../api/src/services/images/encode.ts';
import { WARM_VARIANTS } from '../../api/src/services/images/index.ts';
import { purgeUnattachedUploads } from '../../api/src/services/upload-files/retention.ts';
import { auditEntries, staffClient, variantPicker } from './admin-products-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
let dir: string;
let api: Awaited<ReturnType<typeof staffClient>>;
let picker: ReturnType<typeof variantPicker>;
const pick = async () => (await picker()).id;
let jpeg: Uint8Array;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'product-images-'));
  shop = await createTestShop({ UPLOAD_DIR: dir, UPLOAD_MAX_BYTES: '200000' });
  api = await staffClient(shop);
  picker = variantPicker(shop);
  jpeg = new Uint8Array(
    await sharp({ create: { width: 900, height: 900, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer(),
  );
}, 180_000);
afterAll(async () => {
  await shop?.close();
  await rm(dir, { recursive: true, force: true });
});

/** POST the bytes as the body, as the admin screen does. */
const add = async (id: number, bytes: Uint8Array, token = api.staff, type = 'image/jpeg') => {
  const res = await shop.app.request(`/admin/v1/products/${id}/images?name=${encodeURIComponent('青いシャツ.jpg')}`, {
    method: 'POST',
    body: bytes as unknown as BodyInit,
    headers: { 'X-Channel-Id': 'default', 'Content-Type': type, Authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as ProductImagesResult & { errors?: Record<string, string[]> } };
};
const put = (id: number, images: string[]) => api.call<ProductImagesResult>('PUT', `/products/${id}/images`, { body: { images } });
const auditOf = async (action: string, id: number) => (await auditEntries(shop, action)).filter((e) => e.target_id === String(id));
const storefront = async (id: number) => {
  const [row] = await shop.database.db.select({ key: products.key }).from(products).where(eq(products.id, id));
  const res = await shop.request('GET', `/v1/products/${row.key}`);
  return (await res.json()).images as string[];
};

describe('POST /admin/v1/products/{id}/images', () => {
  it('adds a photograph at the end: attached, on the storefront, served in AVIF, audited', async () => {
    const id = await pick();
    const before = (await api.call('GET', `/products/${id}`)).body.variants.find((v: { id: number }) => v.id === id).images as string[];
    const r = await add(id, jpeg);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const images = r.body.product.images;
    expect(images.slice(0, -1)).toEqual(before);
    const key = imageIdOf(images.at(-1))!;
    expect(key).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(r.body.message).toContain('青いシャツ.jpg');
    const [file] = await shop.database.db.select().from(uploaded_files).where(eq(uploaded_files.key, key));
    expect(file.dir).toBe('products');
    expect(file.attached_at).not.toBeNull();
    expect(await storefront(id)).toEqual(images);
    const avif = await shop.app.request(`/v1/images/${key}/320.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    const [entry] = await auditOf('product.images.add', id);
    expect(entry.after).toMatchObject({ images });
  });

  it('renders the AVIF and WebP variants ahead, into the image cache of the upload storage', async () => {
    const id = await pick();
    const key = imageIdOf((await add(id, jpeg)).body.product.images.at(-1))!;
    const folder = join(dir, '.image-cache', `e${ENCODER_VERSION}`, key);
    const wanted = [...WARM_VARIANTS].sort();
    await expect.poll(async () => (await readdir(folder).catch(() => [])).sort(), { timeout: 60_000 }).toEqual(wanted);
    expect(wanted).toContain('400.avif');
  });

  it('keeps an added photograph through the retention job', async () => {
    const id = await pick();
    const r = await add(id, jpeg);
    const key = imageIdOf(r.body.product.images.at(-1))!;
    await shop.database.db
      .update(uploaded_files)
      .set({ created_at: new Date(Date.now() - 48 * 3600_000) })
      .where(eq(uploaded_files.key, key));
    await purgeUnattachedUploads(shop.database.db, shop.env);
    expect(await shop.database.db.select().from(uploaded_files).where(eq(uploaded_files.key, key))).toHaveLength(1);
  });

  it('refuses what is not an image that decodes, an empty body and a file over the limit, keeping nothing', async () => {
    const id = await pick();
    const count = async () => (await shop.database.db.select().from(uploaded_files)).length;
    const files = await count();
    const pdf = await add(id, new TextEncoder().encode('%PDF-1.4 not an image'), api.staff, 'image/jpeg');
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors?.file).toEqual([PRODUCT_IMAGE_MESSAGES.type]);
    const broken = await add(id, jpeg.slice(0, 200));
    expect(broken.status).toBe(422);
    expect((await add(id, new Uint8Array(0))).body.errors?.file).toEqual([PRODUCT_IMAGE_MESSAGES.noFile]);
    const big = new Uint8Array(200_001);
    big.set(jpeg.slice(0, 3));
    expect((await add(id, big)).status).toBe(413);
    expect(await count()).toBe(files);
  });

  it(`refuses an eleventh photograph (at most ${PRODUCT_IMAGES_MAX}); the file is left unattached for the retention job`, async () => {
    const id = await pick();
    const full = Array.from({ length: PRODUCT_IMAGES_MAX }, (_, i) => `/v1/images/photo1-shirt-main-${String(i).padStart(6, '0')}.jpg`);
    await shop.database.db.update(products).set({ images: full, image: full[0] }).where(eq(products.id, id));
    const unattached = async () =>
      (await shop.database.db.select().from(uploaded_files)).filter((f) => f.attached_at === null && f.dir === 'products').length;
    const before = await unattached();
    const r = await add(id, jpeg);
    expect(r.status).toBe(422);
    expect(r.body.errors?.file).toEqual([PRODUCT_IMAGE_MESSAGES.tooMany]);
    expect(await unattached()).toBe(before + 1);
    expect(await storefront(id)).toEqual(full);
  });

  it('is refused to an editor (403), without a session (401) and for an unknown product (404)', async () => {
    const id = await pick();
    expect((await add(id, jpeg, api.editor)).status).toBe(403);
    expect((await add(id, jpeg, 'nope')).status).toBe(401);
    expect((await add(2_000_000_000, jpeg)).status).toBe(404);
  });
});

describe('PUT /admin/v1/products/{id}/images', () => {
  it('orders (the first becomes the main image) and removes, audited; the storefront follows', async () => {
    const id = await pick();
    await add(id, jpeg);
    const images = (await add(id, jpeg)).body.product.images;
    const reordered = [images.at(-1)!, ...images.slice(0, -2)];
    const r = await put(id, reordered);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.product.images).toEqual(reordered);
    expect(r.body.message).toContain('1枚削除');
    const [row] = await shop.database.db.select({ image: products.image }).from(products).where(eq(products.id, id));
    expect(row.image).toBe(reordered[0]);
    expect(await storefront(id)).toEqual(reordered);
    const [entry] = await auditOf('product.images.update', id);
    expect(entry.before).toMatchObject({ images });
    expect(entry.after).toMatchObject({ images: reordered });
    const same = await put(id, reordered);
    expect(same.body.message).toContain('変更はありませんでした');
  });

  it('refuses a photograph the variant lacks and one named twice, changing nothing', async () => {
    const id = await pick();
    const images = (await add(id, jpeg)).body.product.images;
    const stranger = await put(id, [...images, '/v1/images/0123456789abcdef0123456789abcdef.jpg']);
    expect(stranger.status).toBe(422);
    expect(stranger.body).toMatchObject({ errors: { images: [PRODUCT_IMAGE_MESSAGES.unknown] } });
    const twice = await put(id, [images[0], images[0]]);
    expect(twice.body).toMatchObject({ errors: { images: [PRODUCT_IMAGE_MESSAGES.twice] } });
    expect(await storefront(id)).toEqual(images);
  });

  it('removing every photograph leaves the storefront its placeholder', async () => {
    const id = await pick();
    const r = await put(id, []);
    expect(r.status).toBe(200);
    expect(r.body.product.images).toEqual([]);
    expect((await storefront(id))[0]).toMatch(/noimage/);
  });
});
