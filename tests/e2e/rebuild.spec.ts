/**
 * Live rebuilds against the real shop (npm start on E2E_PORT with its own PGlite database and build):
 * a changed blog post shows on its page within seconds, without a restart, while every other file
 * of the build keeps its hash; a failing build keeps the last good site; a post scheduled a few
 * seconds ahead appears when its time comes; the webhook refuses unsigned calls.
 *
 * Content is written the way an editor writes it, through the editor API (/admin/v1) as the seeded
 * development editor; only "break the next build" goes through scripts/host/rebuild-test-hooks.ts (on only
 * because playwright.config.ts sets SHOP_E2E_HOOKS=1). The secret is the one playwright.config.ts
 * gives the shop.
 */
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { changedFiles, hashTree } from '../../scripts/bench/file-hashes.ts';
import { SIGNATURE_HEADER, signRebuildRequest } from '../../scripts/host/rebuild-signature.ts';
import { API_HEADERS, editorHeaders, nextBuild, REBUILD_SECRET, rebuildStatus } from './support/editor.ts';

const secret = REBUILD_SECRET;
const apiHeaders = API_HEADERS;

async function contentWrite(request: APIRequestContext, data: Record<string, unknown>): Promise<void> {
  const res = await request.post('/__e2e/content', { data });
  expect(res.ok(), await res.text()).toBe(true);
}

type BlogFields = {
  key: string;
  title: string;
  excerpt: string;
  body: string;
  image: string | null;
  tags: string[];
  stylist_id: number | null;
  published_at: string;
};

/** Changes fields of the channel's blog post `key` through the editor API (GET it, PUT it back changed). */
async function editBlog(request: APIRequestContext, key: string, change: Partial<BlogFields>): Promise<void> {
  const headers = await editorHeaders(request);
  const list = await request.get('/admin/v1/blogs?per=100', { headers });
  expect(list.status()).toBe(200);
  const found = ((await list.json()) as Array<{ id: number; key: string }>).find((b) => b.key === key);
  expect(found, `blog ${key}`).toBeTruthy();
  const current = (await (await request.get(`/admin/v1/blogs/${found!.id}`, { headers })).json()) as BlogFields;
  const { title, excerpt, body, image, tags, stylist_id, published_at } = current;
  const res = await request.put(`/admin/v1/blogs/${found!.id}`, {
    headers,
    data: { key, title, excerpt, body, image, tags, stylist_id, published_at, ...change },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Writes a new blog post through the editor API; answers its id. */
async function createBlog(request: APIRequestContext, post: Pick<BlogFields, 'key' | 'title' | 'body' | 'published_at'>): Promise<number> {
  const res = await request.post('/admin/v1/blogs', { headers: await editorHeaders(request), data: { ...post, excerpt: post.title } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function firstBlogKey(request: APIRequestContext): Promise<{ key: string; title: string }> {
  const res = await request.get('/v1/blogs?per=all', { headers: apiHeaders });
  expect(res.status()).toBe(200);
  const blogs = (await res.json()) as Array<{ key: string; title: string }>;
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
  const wrong = await request.post('/hooks/rebuild', {
    data: body,
    headers: { [SIGNATURE_HEADER]: signRebuildRequest('another-secret-0123456789', body), 'content-type': 'application/json' },
  });
  expect(wrong.status()).toBe(401);
  const stale = await request.post('/hooks/rebuild', {
    data: body,
    headers: {
      [SIGNATURE_HEADER]: signRebuildRequest(secret, body, Math.floor(Date.now() / 1000) - 600),
      'content-type': 'application/json',
    },
  });
  expect(stale.status()).toBe(401);
  expect((await stale.json()).message).toBe('署名の有効期限が切れています。');
  expect((await request.get('/hooks/rebuild/status')).status()).toBe(401);
  const bad = JSON.stringify({ reason: 'x'.repeat(201) });
  const invalid = await request.post('/hooks/rebuild', {
    data: bad,
    headers: { [SIGNATURE_HEADER]: signRebuildRequest(secret, bad), 'content-type': 'application/json' },
  });
  expect(invalid.status()).toBe(422);
  expect((await invalid.json()).errors.reason).toHaveLength(1);
});

test('a changed post shows on its page without a restart, and only its pages change', async ({ page, request }) => {
  const before = await rebuildStatus(request);
  const { key, title } = await firstBlogKey(request);
  const oldFiles = hashTree(join(before.live_output, 'client'));
  const newTitle = `${title}（改訂 ${Date.now()}）`;
  const started = Date.now();
  await editBlog(request, key, { title: newTitle });

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
  await editBlog(request, key, { title: secondTitle });
  const second = await nextBuild(request, build.finished_at);
  expect(second.ok, second.error ?? '').toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondTitle);
  const changedAgain = changedFiles(hashTree(join(build.live_output, 'client')), hashTree(join(second.live_output, 'client')));
  console.log(`files changed by the second rebuild (${changedAgain.length}): ${changedAgain.join(', ')}`);
  expect(changedAgain).toEqual(changed);
});

test('a FAQ answer changed through the editor API reaches /faq/ through the warm renderer, and only /faq/ changes', async ({
  page,
  request,
}) => {
  // /faq/ is not a dynamic route, so it has no cacheKey: the renderer renders it again on every content
  // rebuild and writes it only when its bytes differ.
  const before = await rebuildStatus(request);
  const headers = await editorHeaders(request);
  const list = await request.get('/admin/v1/qas?per=100', { headers });
  expect(list.status()).toBe(200);
  const [qa] = (await list.json()) as Array<{ id: number; qa_category_id: number; question: string; answer: string; sort: number }>;
  const question = `${qa.question}（${Date.now()}）`;
  const res = await request.put(`/admin/v1/qas/${qa.id}`, {
    headers,
    data: { qa_category_id: qa.qa_category_id, question, answer: qa.answer, sort: qa.sort },
  });
  expect(res.status(), await res.text()).toBe(200);
  const build = await nextBuild(request, before.last?.finished_at);
  expect(build.ok, build.error ?? '').toBe(true);
  expect(build.changed).toEqual([`qa:${qa.id}`]);
  await page.goto('/faq/');
  await expect(page.getByText(question)).toBeVisible();
  const changed = changedFiles(hashTree(join(before.live_output, 'client')), hashTree(join(build.live_output, 'client')));
  expect(changed).toEqual(['faq/index.html']);
});

test('a failing build keeps the last good site live and reports why', async ({ page, request }) => {
  const before = await rebuildStatus(request);
  const { key, title } = await firstBlogKey(request);
  await contentWrite(request, { action: 'break-next-build' });
  await editBlog(request, key, { title: `${title}・失敗版` });
  const failed = await nextBuild(request, before.last?.finished_at);
  expect(failed.ok).toBe(false);
  // The renderer could not write the changed pages (the test hook put a file where they go).
  expect(failed.error).toMatch(/ENOTDIR|not a directory|EEXIST/);
  expect((await rebuildStatus(request)).live_output).toBe(before.live_output);
  const res = await page.goto(`/blog/${key}/`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // The next change builds again and shows both edits.
  await editBlog(request, key, { title: `${title}・再公開` });
  const fixed = await nextBuild(request, failed.finished_at);
  expect(fixed.ok, fixed.error ?? '').toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title}・再公開`);
});

test('a post scheduled a few seconds ahead appears when its time comes', async ({ page, request }) => {
  const key = `scheduled-${Date.now()}`;
  const title = '予約投稿のテスト記事';
  const before = await rebuildStatus(request);
  const oldFiles = hashTree(join(before.live_output, 'client'));
  const publishAt = Date.now() + 8000;
  await createBlog(request, { key, title, body: `<p>${title}</p>`, published_at: new Date(publishAt).toISOString() });
  expect((await page.goto(`/blog/${key}/`))?.status()).toBe(404);
  await expect.poll(async () => (await request.get(`/blog/${key}/`)).status(), { timeout: 90_000, intervals: [1000] }).toBe(200);
  // Never before its time.
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt);
  await page.goto(`/blog/${key}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // The new post's page and the blog list pages (every one shifts by a post); nothing else.
  const after = await rebuildStatus(request);
  const changed = changedFiles(oldFiles, hashTree(join(after.live_output, 'client')));
  console.log(`files changed by the scheduled publish (${changed.length}): ${changed.join(', ')}`);
  expect(changed).toContain(`blog/${key}/index.html`);
  expect(changed.every((f) => f === `blog/${key}/index.html` || /^blog\/(page\/\d+\/)?index\.html$/.test(f))).toBe(true);
});

test('an XSS payload saved through the editor API never executes on the rebuilt page', async ({ page, request }) => {
  const key = `xss-${Date.now()}`;
  const title = `</script><script>document.title='pwned-title'</script>危険なタイトル`;
  const before = await rebuildStatus(request);
  const id = await createBlog(request, {
    key,
    title,
    published_at: new Date(Date.now() - 60_000).toISOString(),
    body:
      `<p>本文</p><script>document.title='pwned-body'</script><img src="/favicon.svg" onerror="document.title='pwned-img'">` +
      `<a href="javascript:document.title='pwned-link'">リンク</a><svg onload="document.title='pwned-svg'"></svg>`,
  });
  try {
    const build = await nextBuild(request, before.last?.finished_at);
    expect(build.ok, build.error ?? '').toBe(true);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    expect((await page.goto(`/blog/${key}/`))?.status()).toBe(200);
    // The title is text: shown as typed, in the heading and the JSON-LD, never as markup.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    // The javascript: link lost its address (no link to click); the image loaded without its handler.
    await expect(page.getByText('リンク', { exact: true })).toBeVisible();
    expect(await page.locator('a[href^="javascript:"], [onerror], [onload]').count()).toBe(0);
    await page.waitForLoadState('load');
    // Each payload would set the whole title to 'pwned-…'; the page keeps its own (the post title as text).
    expect(await page.title()).toBe(`${title} | ${(await page.title()).split(' | ').at(-1)}`);
    expect(await page.title()).not.toMatch(/^pwned-/);
    expect(dialogs).toEqual([]);
    const html = await (await request.get(`/blog/${key}/`)).text();
    expect(html).not.toMatch(/onerror|onload=|javascript:|document\.title='pwned-body'/);
    for (const block of await page.locator('script[type="application/ld+json"]').allTextContents())
      expect(() => JSON.parse(block)).not.toThrow();
  } finally {
    const res = await request.delete(`/admin/v1/blogs/${id}`, { headers: await editorHeaders(request) });
    expect(res.status()).toBe(204);
  }
});
