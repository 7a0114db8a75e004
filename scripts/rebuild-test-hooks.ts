/**
 * A test-only switch for tests/e2e/rebuild.spec.ts, mounted by scripts/start.ts ONLY when
 * SHOP_E2E_HOOKS=1, which nothing but playwright.config.ts sets: the test writes content through the
 * editor API like an editor, but cannot make a real build fail from outside the shop process.
 *
 * POST /__e2e/content with {"action": "break-next-build"}: the next live rebuild fails.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { LiveRebuilder } from './rebuild-live.ts';

export const TEST_HOOK_PATH = '/__e2e/content';

const actionSchema = z.object({ action: z.literal('break-next-build') });

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
export async function handleTestHook(req: IncomingMessage, res: ServerResponse, rebuilder: LiveRebuilder | null): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST') return reply(405, { message: 'POST で呼び出してください。' });
  const parsed = actionSchema.safeParse(await readJson(req));
  if (!parsed.success) return reply(422, { message: '入力内容に誤りがあります。', errors: z.flattenError(parsed.error).fieldErrors });
  if (!rebuilder) return reply(503, { message: 'not ready' });
  rebuilder.breakNextBuild();
  return reply(200, { ok: true });
}
