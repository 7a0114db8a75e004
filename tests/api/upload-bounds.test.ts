/**
 * Uploads are bounded (issue 21 item 11): a file of exactly the documented 10 MB is accepted (the
 * multipart framing is not counted), a name is served and kept under the extension of the type read
 * from the bytes, the shop's room for unattached files (UPLOAD_QUOTA_BYTES) answers 507 when full,
 * and unattached files are deleted after UPLOAD_RETENTION_HOURS, file and row, by any number of
 * processes at once; attached ones stay.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFileSchema } from '#contracts/inquiries.ts';
import { createApp } from '../../api/src/app.ts';
import { uploaded_files } from '../../api/src/db/schema/index.ts';
import { purgeUnattachedUploads } from '../../api/src/services/upload-files/retention.ts';
import { createTestShop, type TestShop } from './helpers.ts';

const MB10 = 10 * 1024 * 1024;
let shop: TestShop;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upload-bounds-'));
  shop = await createTestShop({ UPLOAD_DIR: dir });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A JPEG of `size` bytes (its magic number, then zeros). */
function jpeg(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}
function form(bytes: Uint8Array, name: string, type = 'image/jpeg') {
  const fd = new FormData();
  fd.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return fd;
}
const upload = (app: TestShop['app'], fd: FormData) =>
  Promise.resolve(app.request('/v1/upload-files', { method: 'POST', headers: { 'X-Channel-Id': 'default' }, body: fd }));
const appWith = (env: Record<string, string>) => createApp({ db: shop.database.db, env: shop.envWith({ UPLOAD_DIR: dir, ...env }) });

/** The multipart body of a FormData as bytes with its Content-Type (sent with a Content-Length, as browsers do). */
async function encoded(fd: FormData) {
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { body: new Uint8Array(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

describe('upload size', () => {
  it('accepts a file of exactly 10 MB (UPLOAD_MAX_BYTES); one byte more is 413', async () => {
    for (const [size, status] of [
      [MB10, 201],
      [MB10 + 1, 413],
    ] as const) {
      const { body, type } = await encoded(form(jpeg(size), 'big.jpg'));
      expect(body.byteLength).toBeGreaterThan(size);
      const res = await shop.app.request('/v1/upload-files', {
        method: 'POST',
        body,
        headers: { 'X-Channel-Id': 'default', 'Content-Type': type, 'Content-Length': String(body.byteLength) },
      });
      expect(res.status, `${size} bytes`).toBe(status);
      if (status === 201) expect((await res.json()).size).toBe(MB10);
      else expect((await res.json()).message).toContain('MB以下');
    }
  });
});

describe('the served name', () => {
  it('keeps and serves evil.html holding a JPEG as evil.jpg, image/jpeg, nosniff', async () => {
    const res = await upload(shop.app, form(jpeg(100), 'evil.html', 'text/html'));
    expect(res.status).toBe(201);
    const body = uploadFileSchema.parse(await res.json());
    expect(body).toMatchObject({ name: 'evil.jpg', content_type: 'image/jpeg' });
    expect(body.url).toMatch(/\.jpg$/);
    const [row] = await shop.database.db
      .select()
      .from(uploaded_files)
      .where(eq(uploaded_files.key, body.url.split('/').pop()!));
    expect(row.original_name).toBe('evil.jpg');
    const served = await shop.app.request(body.url, { headers: { 'X-Channel-Id': 'default' } });
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/filename="[a-f0-9]{32}\.jpg"; filename\*=UTF-8''evil\.jpg$/);
    // Same-type extensions stay as written; a name without one gets the type's.
    expect((await (await upload(shop.app, form(jpeg(100), '写真.JPEG'))).json()).name).toBe('写真.JPEG');
    expect((await (await upload(shop.app, form(jpeg(100), 'scan'))).json()).name).toBe('scan.jpg');
    expect((await (await upload(shop.app, form(jpeg(100), 'a.png.exe'))).json()).name).toBe('a.png.jpg');
  });
});

describe('the storage quota and the retention of unattached uploads', () => {
  const keyOf = (url: string) => url.split('/').pop()!;
  const unattached = async () =>
    (
      (await shop.database.db.execute(
        sql`select coalesce(sum(size), 0)::int as n from uploaded_files where attached_at is null`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;

  it('answers 507 upload.quota_exceeded in Japanese when the unattached files would pass UPLOAD_QUOTA_BYTES; an attached file no longer counts', async () => {
    const used = await unattached();
    const app = appWith({ UPLOAD_QUOTA_BYTES: String(used + 3000) });
    expect((await upload(app, form(jpeg(1500), 'a.jpg'))).status).toBe(201);
    const second = await upload(app, form(jpeg(1000), 'b.jpg'));
    expect(second.status).toBe(201);
    const full = await upload(app, form(jpeg(1000), 'c.jpg'));
    expect(full.status).toBe(507);
    const refused = await full.json();
    expect(refused).toMatchObject({ code: 'upload.quota_exceeded' });
    expect(refused.message).toMatch(/アップロードできません/);
    expect(refused.errors.file).toEqual([refused.message]);
    // An inquiry takes b.jpg: it is kept for good and leaves the room.
    const [category] = await (await shop.request('GET', '/v1/categories/hierarchy?table=inquiries')).json();
    const sent = await shop.request('POST', '/v1/inquiries', {
      body: {
        category_id: category.children[0]?.id ?? category.id,
        name: '山田 花子',
        name_kana: 'ヤマダ ハナコ',
        email: 'quota@example.jp',
        body: '添付をご確認ください。',
        attachment_url: (await second.json()).url,
      },
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect((await upload(app, form(jpeg(1000), 'c.jpg'))).status).toBe(201);
  });

  it('deletes unattached uploads past UPLOAD_RETENTION_HOURS, file and row, once across two processes; keeps attached and recent ones', async () => {
    const ups = [];
    for (const name of ['old.jpg', 'old-attached.jpg', 'recent.jpg'])
      ups.push(uploadFileSchema.parse(await (await upload(shop.app, form(jpeg(200), name))).json()));
    const [old, attached, recent] = ups.map((u) => keyOf(u.url));
    await shop.database.db
      .update(uploaded_files)
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where(sql`${uploaded_files.key} in (${old}, ${attached})`);
    await shop.database.db.update(uploaded_files).set({ attached_at: new Date() }).where(eq(uploaded_files.key, attached));
    expect(await readdir(dir)).toEqual(expect.arrayContaining([old, attached, recent]));

    const env = shop.envWith({ UPLOAD_DIR: dir, UPLOAD_RETENTION_HOURS: '24' });
    const counts = await Promise.all([purgeUnattachedUploads(shop.database.db, env), purgeUnattachedUploads(shop.database.db, env)]);
    expect(counts[0] + counts[1]).toBe(1);
    const files = await readdir(dir);
    expect(files).not.toContain(old);
    expect(files).toEqual(expect.arrayContaining([attached, recent]));
    const keys = (await shop.database.db.select({ key: uploaded_files.key }).from(uploaded_files)).map((r) => r.key);
    expect(keys).not.toContain(old);
    expect(keys).toEqual(expect.arrayContaining([attached, recent]));
    expect((await shop.app.request(ups[0].url, { headers: { 'X-Channel-Id': 'default' } })).status).toBe(404);
    // Nothing left to do: a second round deletes nothing.
    expect(await purgeUnattachedUploads(shop.database.db, env)).toBe(0);
  });
});
