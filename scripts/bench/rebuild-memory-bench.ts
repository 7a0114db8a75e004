/**
 * Memory of the running shop over live rebuilds (run alone, not in CI):
 *   npx node scripts/bench/rebuild-memory-bench.ts [rebuilds=20]
 * Starts the Shop API (scripts/host/start.ts with a throwaway PGlite database under .data/bench-rss/) on
 * BENCH_PORT + 1 and a storefront process (scripts/host/start.ts with API_BASE_URL) on BENCH_PORT (default
 * 5450), then changes one blog post through the editor API `rebuilds` times, waiting for each live
 * rebuild, and prints the resident memory (VmRSS) of the storefront process and of its warm renderer
 * child after each one. REBUILD_RELOAD_BUNDLE=1 gives the figures from before the
 * server bundle was imported once per distinct bundle (scripts/host/rebuild-live.ts, loadSite).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNATURE_HEADER, signRebuildRequest } from '../host/rebuild-signature.ts';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const work = join(root, '.data', 'bench-rss');
const port = Number(process.env.BENCH_PORT || 5450);
const base = `http://127.0.0.1:${port}`;
const secret = 'bench-rebuild-secret-0123456789';
const rebuilds = Number(process.argv[2] || 20);
const api = { 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' };

/** VmRSS of a process in MB (0 when it is gone). */
function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The warm renderer: the shop's child running content-build-renderer.ts. */
function rendererPid(parent: number): number {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('content-build-renderer')) return Number(name);
    } catch {
      /* gone */
    }
  }
  return 0;
}

interface Status {
  state: string;
  last: { finished_at: string; ok: boolean; skipped: boolean } | null;
  server_bundles: number;
  memory: { rss_mb: number; heap_used_mb: number };
}
async function status(): Promise<Status> {
  const res = await fetch(`${base}/hooks/rebuild/status`, { headers: { [SIGNATURE_HEADER]: signRebuildRequest(secret, '') } });
  return (await res.json()) as never;
}

async function main(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  const folders = { DATA_DIR: join(work, 'pglite'), SHOP_DIST_DIR: join(work, 'dist'), CONTENT_SNAPSHOT_DIR: join(work, 'snapshot') };
  const common = {
    ...process.env,
    ...folders,
    DATABASE_URL: '',
    SHOP_SHARED_BUILDS: '',
    REBUILD_SECRET: secret,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  // The Shop API (with the embedded database, whose memory would blur the figures) in a process of its
  // own on port + 1, live rebuilds off; it makes the start build the storefront then finds up to date.
  const apiProcess = spawn(process.execPath, ['scripts/host/start.ts'], {
    cwd: root,
    env: { ...common, PORT: String(port + 1), API_BASE_URL: '', CONTENT_POLL_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await readyLine(apiProcess);
  // The storefront measured: pages and live rebuilds only, the API on the other process.
  const child = spawn(process.execPath, ['scripts/host/start.ts'], {
    cwd: root,
    // --expose-gc: the status answer then measures after a full collection (rebuild-live.ts, memoryNow).
    env: {
      ...common,
      PORT: String(port),
      API_BASE_URL: `http://127.0.0.1:${port + 1}`,
      CONTENT_POLL_MS: '300',
      REBUILD_DEBOUNCE_MS: '100',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await readyLine(child);
    const login = await fetch(`${base}/admin/v1/auth/login`, {
      method: 'POST',
      headers: api,
      body: JSON.stringify({ login: 'editor', password: 'editor-pass-2026' }),
    });
    const headers = { ...api, Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    // A published post (the editor's list also holds drafts and scheduled posts, whose change builds nothing).
    const published = (await (await fetch(`${base}/v1/blogs?per=all`, { headers: api })).json()) as Array<{ key: string }>;
    const all = (await (await fetch(`${base}/admin/v1/blogs?per=100`, { headers })).json()) as Array<{ id: number; key: string }>;
    const post = all.find((b) => b.key === published.at(-1)!.key)!;
    const original = (await (await fetch(`${base}/admin/v1/blogs/${post.id}`, { headers })).json()) as Record<string, unknown>;
    const { key, title, excerpt, body, image, tags, stylist_id, published_at } = original;
    console.log(
      `mode: ${process.env.REBUILD_RELOAD_BUNDLE === '1' ? 'before (every rebuild imports its server bundle)' : 'after (one import per distinct server bundle)'}`,
    );
    console.log(`start: shop ${rssMb(child.pid!).toFixed(0)} MB`);
    const rows: Array<{ shop: number; heap: number; bundles: number; renderer: number; seconds: number }> = [];
    for (let i = 1; i <= rebuilds; i++) {
      const since = (await status()).last?.finished_at;
      const t = Date.now();
      const put = await fetch(`${base}/admin/v1/blogs/${post.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ key, title: `${String(title)} (${i})`, excerpt, body, image, tags, stylist_id, published_at }),
      });
      if (!put.ok) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const s = await status();
        if (s.state === 'idle' && s.last && s.last.finished_at !== since && !s.last.skipped) {
          if (!s.last.ok) throw new Error('a rebuild failed');
          break;
        }
      }
      // Let the swap's garbage settle a little before sampling.
      await new Promise((r) => setTimeout(r, 1000));
      const seconds = (Date.now() - t) / 1000;
      const after = await status(); // a full GC in the storefront first
      const row = {
        shop: rssMb(child.pid!),
        heap: after.memory.heap_used_mb,
        bundles: after.server_bundles,
        renderer: rssMb(rendererPid(child.pid!)),
        seconds,
      };
      rows.push(row);
      console.log(
        `rebuild ${String(i).padStart(2)}: storefront RSS ${row.shop.toFixed(0)} MB, heap after GC ${row.heap} MB, server bundles imported ${row.bundles}; renderer RSS ${row.renderer.toFixed(0)} MB (${row.seconds.toFixed(1)} s)`,
      );
    }
    const first = rows[0];
    const last = rows.at(-1)!;
    const delta = (a: number, b: number) => `${a.toFixed(0)} → ${b.toFixed(0)} MB (${b - a >= 0 ? '+' : ''}${(b - a).toFixed(0)})`;
    console.log(
      `after rebuild 1 → ${rows.length}: storefront RSS ${delta(first.shop, last.shop)}, heap after GC ${delta(first.heap, last.heap)}, server bundles ${first.bundles} → ${last.bundles}; renderer RSS ${delta(first.renderer, last.renderer)}`,
    );
  } finally {
    for (const p of [child, apiProcess]) {
      p.kill('SIGTERM');
      if (p.exitCode === null) await new Promise((r) => p.once('exit', r));
    }
  }
}

/** Resolves once the process logged that it is ready. */
async function readyLine(p: ReturnType<typeof spawn>): Promise<void> {
  let ready = false;
  p.stdout!.on('data', (c: Buffer) => {
    if (c.toString().includes('Shop ready at')) ready = true;
  });
  while (!ready) {
    if (p.exitCode !== null) throw new Error('a shop process exited');
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().catch((error: unknown) => {
  console.error('rebuild memory bench failed:', error);
  process.exit(1);
});
