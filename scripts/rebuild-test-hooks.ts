/**
 * Test-only content writes for tests/e2e/rebuild.spec.ts, mounted by scripts/start.ts ONLY when
 * SHOP_E2E_HOOKS=1, which nothing but playwright.config.ts sets. The e2e shop's PGlite database lives
 * inside the shop process, so a browser test cannot write to it from outside; until the editor API
 * (/admin/v1) exists, this is how the test changes a post the way an editor would: a plain UPDATE or
 * INSERT, which bumps the content version through the database trigger like any other write.
 *
 * POST /__e2e/content with one of
 *   {"action": "update-blog", "key": "...", "title": "..."}
 *   {"action": "insert-blog", "key": "...", "title": "...", "publish_in_ms": 5000}
 *   {"action": "break-next-build"}   (the next live rebuild fails in astro build)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../api/src/db/client.ts';
import { blogs } from '../api/src/db/schema.ts';
import type { LiveRebuilder } from './rebuild-live.ts';

export const TEST_HOOK_PATH = '/__e2e/content';

const key = z.string().regex(/^[a-z0-9-]{1,100}$/);
const title = z.string().min(1).max(200);
const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update-blog'), key, title }),
  z.object({ action: z.literal('insert-blog'), key, title, publish_in_ms: z.number().int().min(0).max(600_000) }),
  z.object({ action: z.literal('break-next-build') }),
]);

/** Whether the test hooks are on (only the Playwright config sets the variable). */
export function testHooksEnabled(): boolean {
  return process.env.SHOP_E2E_HOOKS === '1';
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try { return JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { return null; }
}

/** Applies one test action. */
export async function handleTestHook(req: IncomingMessage, res: ServerResponse, db: Db, channel: string, rebuilder: LiveRebuilder | null): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST') return reply(405, { message: 'POST で呼び出してください。' });
  const parsed = actionSchema.safeParse(await readJson(req));
  if (!parsed.success) return reply(422, { message: '入力内容に誤りがあります。', errors: z.flattenError(parsed.error).fieldErrors });
  const action = parsed.data;
  if (action.action === 'break-next-build') {
    if (!rebuilder) return reply(503, { message: 'not ready' });
    rebuilder.breakNextBuild();
    return reply(200, { ok: true });
  }
  if (action.action === 'update-blog') {
    const rows = await db.update(blogs).set({ title: action.title })
      .where(and(eq(blogs.channel_id, channel), eq(blogs.key, action.key))).returning({ id: blogs.id });
    return rows.length ? reply(200, { ok: true }) : reply(404, { message: 'ブログが見つかりません。' });
  }
  const publishedAt = new Date(Date.now() + action.publish_in_ms);
  await db.insert(blogs).values({
    channel_id: channel, key: action.key, title: action.title, excerpt: action.title,
    body: `<p>${action.title}</p>`, published_at: publishedAt,
  });
  return reply(201, { ok: true, published_at: publishedAt.toISOString() });
}
