/**
 * Uploads (POST /v1/upload-files, GET /v1/upload-files/{key}): the type read from the bytes, the size
 * limit, the directory checked, random names outside the web root, the served headers; on disk and on
 * a real S3-compatible server (s3rver) run by the test.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileSchema } from '#contracts/inquiries.ts';
import { createApp } from '../../api/src/app.ts';
import { uploaded_files } from '../../api/src/db/schema/index.ts';
import { storageOf } from '../../api/src/services/storage/index.ts';
import { purgeUnattachedUploads } from '../../api/src/services/upload-files/retention.ts';
import { createTestShop, loginDemo, type TestShop } from './helpers.ts';

const MAX = 64 * 1024;
let shop: TestShop;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  shop = await createTestShop({ UPLOAD_DIR: dir, UPLOAD_MAX_BYTES: String(MAX) });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await rm(dir, { recursive: true, force: true });
});

// A 1×1 PNG and a minimal PDF.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function form(bytes: Uint8Array, name: string, type: string, dirValue?: string) {
  const fd = new FormData();
  fd.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  if (dirValue !== undefined) fd.set('dir', dirValue);
  return fd;
}
const upload = (app: TestShop['app'], body: FormData | string, headers: Record<string, string> = {}) =>
  Promise.resolve(
    app.request(
      '/v1/upload-files',
      { method: 'POST', headers: { 'X-Channel-Id': 'default', ...headers }, body },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    ),
  );
const get = (app: TestShop['app'], url: string) => Promise.resolve(app.request(url, { headers: { 'X-Channel-Id': 'default' } }));

describe('uploads on disk', () => {
  it('keeps a PNG under a random name outside the web root and serves it with its type, nosniff and a sandbox', async () => {
    const res = await upload(shop.app, form(PNG, '商品の写真.png', 'image/png', 'inquiries/2026'));
    expect(res.status).toBe(201);
    const body = uploadFileSchema.parse(await res.json());
    expect(body).toMatchObject({ name: '商品の写真.png', size: PNG.byteLength, content_type: 'image/png' });
    expect(body.url).toMatch(/^\/v1\/upload-files\/[a-f0-9]{32}\.png$/);
    const key = body.url.split('/').pop()!;
    expect(await readdir(join(dir, 'inquiries', '2026'))).toEqual([key]);
    expect(Buffer.from(await readFile(join(dir, 'inquiries', '2026', key))).equals(PNG)).toBe(true);
    const [row] = await shop.database.db.select().from(uploaded_files).where(eq(uploaded_files.key, key));
    expect(row).toMatchObject({
      storage: 'disk',
      dir: 'inquiries/2026',
      original_name: '商品の写真.png',
      content_type: 'image/png',
      size: PNG.byteLength,
      user_id: null,
    });
    const served = await get(shop.app, body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('keeps a PDF sent as octet-stream with another extension, and serves it as an attachment', async () => {
    const token = await loginDemo(shop);
    const res = await upload(shop.app, form(PDF, 'mitsumori.bin', 'application/octet-stream'), { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(201);
    const body = uploadFileSchema.parse(await res.json());
    expect(body.content_type).toBe('application/pdf');
    expect(body.url).toMatch(/\.pdf$/);
    const [row] = await shop.database.db
      .select()
      .from(uploaded_files)
      .where(eq(uploaded_files.key, body.url.split('/').pop()!));
    expect(row.user_id).toBeGreaterThan(0);
    expect(row.dir).toBe('');
    const served = await get(shop.app, body.url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('refuses HTML named .png and declared image/png, keeping nothing', async () => {
    const before = (await shop.database.db.select().from(uploaded_files)).length;
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const res = await upload(shop.app, form(html, 'photo.png', 'image/png'));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.file[0]).toContain('JPEG・PNG・GIF・WebP');
    const svg = await upload(
      shop.app,
      form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'), 'a.svg', 'image/svg+xml'),
    );
    expect(svg.status).toBe(422);
    expect((await shop.database.db.select().from(uploaded_files)).length).toBe(before);
  });

  it('refuses a file over the limit with a Japanese 413', async () => {
    const big = new Uint8Array(MAX + 1);
    big.set(PNG);
    const res = await upload(shop.app, form(big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await res.json()).message).toContain('MB以下');
    // Declared length far over the limit: refused before the body is read.
    const declared = await upload(shop.app, 'x', { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(MAX * 4) });
    expect(declared.status).toBe(413);
  });

  it('refuses directory traversal and odd directories, and a body without a file', async () => {
    for (const bad of ['../etc', 'a/../../b', '/abs', 'a//b', 'UPPER', 'a\\b', 'x'.repeat(65), 'a/']) {
      const res = await upload(shop.app, form(PNG, 'a.png', 'image/png', bad));
      expect(res.status, bad).toBe(422);
      expect((await res.json()).errors.dir).toEqual(['アップロード先の形式が正しくありません。']);
    }
    const none = await upload(shop.app, new FormData());
    expect(none.status).toBe(422);
    expect((await none.json()).errors.file).toEqual(['ファイルを選択してください。']);
    const json = await shop.request('POST', '/v1/upload-files', { body: { file: 'x' } });
    expect(json.status).toBe(422);
  });

  it('answers 404 for an unknown key and 422 for a key that is not one', async () => {
    expect((await get(shop.app, `/v1/upload-files/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await get(shop.app, '/v1/upload-files/..%2F..%2Fetc%2Fpasswd')).status).toBe(422);
  });

  it('limits uploads per client address', async () => {
    const proxied = createApp({ db: shop.database.db, env: shop.envWith({ TRUSTED_PROXIES: '127.0.0.1', UPLOAD_DIR: dir }) });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await upload(proxied, form(PNG, 'a.png', 'image/png'), { 'X-Forwarded-For': '198.51.100.7' })).status);
    expect(statuses.filter((s) => s === 201).length).toBe(30);
    expect(statuses[30]).toBe(429);
  });
});

describe('uploads on S3-compatible storage', () => {
  let server: S3rver;
  let s3dir: string;
  let app: TestShop['app'];
  let endpoint: string;
  beforeAll(async () => {
    s3dir = await mkdtemp(join(tmpdir(), 's3rver-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: 'shop-uploads', configs: [] }],
    });
    const { port } = (await server.run()) as unknown as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
    app = createApp({
      db: shop.database.db,
      env: shop.envWith({
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'shop-uploads',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        UPLOAD_DIR: join(dir, 'unused'),
      }),
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(s3dir, { recursive: true, force: true });
  });

  it('puts the file in the bucket and serves it back from there', async () => {
    const res = await upload(app, form(PNG, 'bucket.png', 'image/png', 'inquiries'));
    expect(res.status).toBe(201);
    const body = uploadFileSchema.parse(await res.json());
    const key = body.url.split('/').pop()!;
    const [row] = await shop.database.db.select().from(uploaded_files).where(eq(uploaded_files.key, key));
    expect(row).toMatchObject({ storage: 's3', object_key: `inquiries/${key}` });
    const served = await get(app, body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // Nothing went to disk.
    await expect(readdir(join(dir, 'unused'))).rejects.toThrow();
  });

  it('the retention job deletes an unattached upload from the bucket as well as its row', async () => {
    const res = await upload(app, form(PNG, 'old.png', 'image/png', 'inquiries'));
    const key = uploadFileSchema
      .parse(await res.json())
      .url.split('/')
      .pop()!;
    await shop.database.db
      .update(uploaded_files)
      .set({ created_at: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(uploaded_files.key, key));
    const env = shop.envWith({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'shop-uploads',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_RETENTION_HOURS: '24',
    });
    expect(await storageOf(env, 's3').get(`inquiries/${key}`)).not.toBeNull();
    expect(await purgeUnattachedUploads(shop.database.db, env)).toBeGreaterThanOrEqual(1);
    expect(await storageOf(env, 's3').get(`inquiries/${key}`)).toBeNull();
    expect(await shop.database.db.select().from(uploaded_files).where(eq(uploaded_files.key, key))).toHaveLength(0);
  });

  // s3rver checks the access key id (not the signature itself): an unknown key is its 403.
  it('answers 503, not 500, when the bucket refuses the key or cannot be reached, and keeps no row', async () => {
    const before = (await shop.database.db.select().from(uploaded_files)).length;
    for (const [S3_ENDPOINT, S3_ACCESS_KEY_ID] of [
      [endpoint, 'UNKNOWN-KEY'],
      ['http://127.0.0.1:9', 'S3RVER'],
    ]) {
      const broken = createApp({
        db: shop.database.db,
        env: shop.envWith({ S3_ENDPOINT, S3_BUCKET: 'shop-uploads', S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: 'S3RVER' }),
      });
      const res = await upload(broken, form(PNG, 'a.png', 'image/png'));
      expect(res.status, S3_ENDPOINT).toBe(503);
    }
    expect((await shop.database.db.select().from(uploaded_files)).length).toBe(before);
  });
});
