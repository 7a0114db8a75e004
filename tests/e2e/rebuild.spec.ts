/**
 * Live rebuilds against the real shop (npm start on E2E_PORT with its own PGlite database and build):
 * a changed blog post shows on its page within seconds, without a restart, while every other file
 * of the build keeps its hash; a failing build keeps the last good site; a post scheduled a few
 * seconds ahead appears when its time comes; the webhook refuses unsigned calls.
 *
 * Content is written through scripts/rebuild-test-hooks.ts (on only because playwright.config.ts sets
 * SHOP_E2E_HOOKS=1): the shop's PGlite database lives in the shop process. The secret is the one
 * playwright.config.ts gives the shop.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signRebuildRequest, SIGNATURE_HEADER } from '../../scripts/rebuild-signature.ts';

const secret = 'e2e-rebuild-secret-0123456789';
const apiHeaders = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' };

interface Status {
  state: 'idle' | 'waiting' | 'building';
  live_output: string;
  last: { ok: boolean; skipped: boolean; finished_at: string; error: string | null; changed: string[] } | null;
}

async function status(request: APIRequestContext): Promise<Status> {
  const res = await request.get('/hooks/rebuild/status', { headers: { [SIGNATURE_HEADER]: signRebuildRequest(secret, '') } });
  expect(res.status()).toBe(200);
  return res.json() as Promise<Status>;
}

/** Waits until a build that finished after `since` is reported and nothing is pending. */
async function nextBuild(request: APIRequestContext, since: string | undefined): Promise<NonNullable<Status['last']> & { live_output: string }> {
  let found: Status | undefined;
  await expect.poll(async () => {
    found = await status(request);
    return found.state === 'idle' && !!found.last && found.last.finished_at !== since && !found.last.skipped;
  }, { timeout: 90_000, intervals: [500] }).toBe(true);
  return { ...found!.last!, live_output: found!.live_output };
}

async function contentWrite(request: APIRequestContext, data: Record<string, unknown>): Promise<void> {
  const res = await request.post('/__e2e/content', { data });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Relative path → sha256 of every file of a build's client output. */
function hashTree(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hashes.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return hashes;
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}

async function firstBlogKey(request: APIRequestContext): Promise<{ key: string; title: string }> {
  const res = await request.get('/v1/blogs?per=all', { headers: apiHeaders });
  expect(res.status()).toBe(200);
  const blogs = await res.json() as Array<{ key: string; title: string }>;
  expect(blogs.length).toBeGreaterThan(12);
  // An older post (beyond the first list page): its change must not touch /blog/ itself.
  return blogs[blogs.length - 1];
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('the webhook refuses a missing or wrong signature with a Japanese message', async ({ request }) => {
  const unsigned = await request.post('/hooks/rebuild', { data: {} });
  expect(unsigned.status()).toBe(401);
  expect((await unsigned.json()).message).toBe('署名を確認できませんでした。');
  const body = JSON.stringify({ reason: 'test' });
  const wrong = await request.post('/hooks/rebuild', { data: body, headers: { [SIGNATURE_HEADER]: signRebuildRequest('another-secret-0123456789', body), 'content-type': 'application/json' } });
  expect(wrong.status()).toBe(401);
  const stale = await request.post('/hooks/rebuild', { data: body, headers: { [SIGNATURE_HEADER]: signRebuildRequest(secret, body, Math.floor(Date.now() / 1000) - 600), 'content-type': 'application/json' } });
  expect(stale.status()).toBe(401);
  expect((await stale.json()).message).toBe('署名の有効期限が切れています。');
  expect((await request.get('/hooks/rebuild/status')).status()).toBe(401);
  const bad = JSON.stringify({ reason: 'x'.repeat(201) });
  const invalid = await request.post('/hooks/rebuild', { data: bad, headers: { [SIGNATURE_HEADER]: signRebuildRequest(secret, bad), 'content-type': 'application/json' } });
  expect(invalid.status()).toBe(422);
  expect((await invalid.json()).errors.reason).toHaveLength(1);
});

test('a changed post shows on its page without a restart, and only its pages change', async ({ page, request }) => {
  const before = await status(request);
  const { key, title } = await firstBlogKey(request);
  const oldFiles = hashTree(join(before.live_output, 'client'));
  const newTitle = `${title}（改訂 ${Date.now()}）`;
  const started = Date.now();
  await contentWrite(request, { action: 'update-blog', key, title: newTitle });

  await page.goto(`/blog/${key}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const build = await nextBuild(request, before.last?.finished_at);
  expect(build.ok, build.error ?? '').toBe(true);
  expect(build.changed).toEqual([`blog:${key}`]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  console.log(`post change visible after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const changed = changedFiles(oldFiles, hashTree(join(build.live_output, 'client')));
  console.log(`files changed by the rebuild (${changed.length}): ${changed.join(', ')}`);
  // The post's own page and the list page that shows it; every other file keeps its hash.
  expect(changed).toContain(`blog/${key}/index.html`);
  expect(changed.every((f) => f === `blog/${key}/index.html` || /^blog\/page\/\d+\/index\.html$/.test(f))).toBe(true);
  expect(changed.length).toBeLessThanOrEqual(2);

  // A second edit takes the warm renderer's path (no bundling): the same two files, nothing else.
  const secondTitle = `${title}（再改訂）`;
  await contentWrite(request, { action: 'update-blog', key, title: secondTitle });
  const second = await nextBuild(request, build.finished_at);
  expect(second.ok, second.error ?? '').toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondTitle);
  const changedAgain = changedFiles(hashTree(join(build.live_output, 'client')), hashTree(join(second.live_output, 'client')));
  console.log(`files changed by the second rebuild (${changedAgain.length}): ${changedAgain.join(', ')}`);
  expect(changedAgain).toEqual(changed);
});

test('a failing build keeps the last good site live and reports why', async ({ page, request }) => {
  const before = await status(request);
  const { key, title } = await firstBlogKey(request);
  await contentWrite(request, { action: 'break-next-build' });
  await contentWrite(request, { action: 'update-blog', key, title: `${title}・失敗版` });
  const failed = await nextBuild(request, before.last?.finished_at);
  expect(failed.ok).toBe(false);
  // The renderer could not write the changed pages (the test hook put a file where they go).
  expect(failed.error).toMatch(/ENOTDIR|not a directory/);
  expect((await status(request)).live_output).toBe(before.live_output);
  const res = await page.goto(`/blog/${key}/`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // The next change builds again and shows both edits.
  await contentWrite(request, { action: 'update-blog', key, title: `${title}・再公開` });
  const fixed = await nextBuild(request, failed.finished_at);
  expect(fixed.ok, fixed.error ?? '').toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title}・再公開`);
});

test('a post scheduled a few seconds ahead appears when its time comes', async ({ page, request }) => {
  const key = `scheduled-${Date.now()}`;
  const title = '予約投稿のテスト記事';
  const before = await status(request);
  const oldFiles = hashTree(join(before.live_output, 'client'));
  await contentWrite(request, { action: 'insert-blog', key, title, publish_in_ms: 8000 });
  const publishAt = Date.now() + 8000;
  expect((await page.goto(`/blog/${key}/`))?.status()).toBe(404);
  await expect.poll(async () => (await request.get(`/blog/${key}/`)).status(), { timeout: 90_000, intervals: [1000] }).toBe(200);
  // Never before its time.
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt);
  await page.goto(`/blog/${key}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // The new post's page and the blog list pages (every one shifts by a post); nothing else.
  const after = await status(request);
  const changed = changedFiles(oldFiles, hashTree(join(after.live_output, 'client')));
  console.log(`files changed by the scheduled publish (${changed.length}): ${changed.join(', ')}`);
  expect(changed).toContain(`blog/${key}/index.html`);
  expect(changed.every((f) => f === `blog/${key}/index.html` || /^blog\/(page\/\d+\/)?index\.html$/.test(f))).toBe(true);
});
