/**
 * Test-only switches for the browser tests, mounted by scripts/host/start.ts ONLY when SHOP_E2E_HOOKS=1,
 * which nothing but playwright.config.ts sets. The tests write content through the editor API like
 * an editor, but cannot make a real build or a real database statement fail from outside the shop
 * process.
 *
 * POST /__e2e/content with {"action": "break-next-build"}: the next live rebuild fails
 * (tests/e2e/rebuild.spec.ts).
 * {"action": "break-table", "table": "review_stats"} renames the table, so every statement of the
 * embedded Shop API that reads it fails in the database (an unknown relation: the API answers its
 * logged 500), until {"action": "mend-table", ...} renames it back (tests/e2e/error-page.spec.ts); both
 * move the answer version, so no cached product answer hides the break or outlives the mend.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../api/src/db/client.ts';
import type { LiveRebuilder } from './rebuild-live.ts';

export const TEST_HOOK_PATH = '/__e2e/content';

/** The tables a test may break: one read by the product page's own call and by no background work. */
const BREAKABLE_TABLES = ['review_stats'] as const;
const BROKEN_SUFFIX = '__e2e_broken';

const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('break-next-build') }),
  z.object({ action: z.enum(['break-table', 'mend-table']), table: z.enum(BREAKABLE_TABLES) }),
]);

/** Whether the test hooks are on (only the Playwright config sets the variable). */
export function testHooksEnabled(): boolean {
  return process.env.SHOP_E2E_HOOKS === '1';
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

/** Applies one test action; `db` is the embedded Shop API's database. */
export async function handleTestHook(req: IncomingMessage, res: ServerResponse, rebuilder: LiveRebuilder | null, db: Db): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST') return reply(405, { message: 'POST で呼び出してください。' });
  const parsed = actionSchema.safeParse(await readJson(req));
  if (!parsed.success) return reply(422, { message: '入力内容に誤りがあります。', errors: z.flattenError(parsed.error).fieldErrors });
  const action = parsed.data;
  if (action.action !== 'break-next-build') {
    // The name comes from the fixed list above, never from the request's text.
    const [from, to] =
      action.action === 'break-table' ? [action.table, action.table + BROKEN_SUFFIX] : [action.table + BROKEN_SUFFIX, action.table];
    // Renaming an already renamed table again is a no-op, so a test's clean-up can always mend.
    await db.execute(sql.raw(`do $$ begin if to_regclass('${from}') is not null then alter table ${from} rename to ${to}; end if; end $$`));
    // A rename fires no trigger: move the answer version (migration 0028) so the API's cache of guests'
    // product answers keeps nothing from before the break, and the page's own call really reads the table.
    await db.execute(sql`update answer_version set version = version + 1 where id = 1`);
    return reply(200, { ok: true });
  }
  if (!rebuilder) return reply(503, { message: 'not ready' });
  rebuilder.breakNextBuild();
  return reply(200, { ok: true });
}
