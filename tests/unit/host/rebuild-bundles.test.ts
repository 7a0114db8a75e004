/**
 * One import per distinct server bundle (scripts/host/rebuild-live.ts, loadSite): a build whose server/ is
 * byte-identical to one already loaded reuses its handler, and the bundle folder's `client` link then
 * points at the new build's client/ (where the handler reads pages); a different server/ is imported
 * anew. ESM modules are never freed, so this is what keeps the storefront's memory flat over rebuilds.
 */
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let work: string;
let loadSite: typeof import('../../../scripts/host/rebuild-live.ts').loadSite;

/** A build whose handler answers the page file it reads from its client folder. */
function fakeBuild(name: string, page: string, serverVersion = 'one'): string {
  const dir = join(work, 'dist.live', name);
  mkdirSync(join(dir, 'server'), { recursive: true });
  mkdirSync(join(dir, 'client'), { recursive: true });
  writeFileSync(join(dir, 'client', 'index.html'), page);
  writeFileSync(
    join(dir, 'server', 'entry.mjs'),
    `// ${serverVersion}
import { readFileSync } from 'node:fs';
const client = new URL('../client/', import.meta.url);
export const handler = (req, res) => res.end(readFileSync(new URL('index.html', client), 'utf8'));
`,
  );
  return dir;
}

/** What a handler answers. */
function answer(handler: (req: never, res: never) => void): string {
  let body = '';
  handler(
    {} as never,
    {
      end: (b: string) => {
        body = b;
      },
    } as never,
  );
  return body;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'bundles-'));
  process.env.SHOP_DIST_DIR = join(work, 'dist');
  ({ loadSite } = await import('../../../scripts/host/rebuild-live.ts'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('loadSite', () => {
  it("reuses the handler of an identical server bundle and serves the new build's files", async () => {
    const a = await loadSite(fakeBuild('1', 'first'));
    expect(answer(a.handler)).toBe('first');
    const b = await loadSite(fakeBuild('2', 'second'));
    expect(b.handler).toBe(a.handler);
    expect(b.outDir).toBe(join(work, 'dist.live', '2'));
    expect(answer(b.handler)).toBe('second');
    const bundles = readdirSync(join(work, 'dist.live')).filter((n) => n.startsWith('bundle-'));
    expect(bundles).toHaveLength(1);
    const link = join(work, 'dist.live', bundles[0], 'client');
    expect(readlinkSync(link)).toBe(join(work, 'dist.live', '2', 'client'));
  });

  it('imports a changed server bundle anew', async () => {
    const c = await loadSite(fakeBuild('3', 'third', 'two'));
    const d = await loadSite(fakeBuild('4', 'fourth'));
    expect(c.handler).not.toBe(d.handler);
    expect(answer(c.handler)).toBe('third');
    expect(answer(d.handler)).toBe('fourth');
  });
});
