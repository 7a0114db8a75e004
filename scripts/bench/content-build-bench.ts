/**
 * The content-build section of `npm run bench` (BENCH_CONTENT_PAGES=10000 npm run bench; run alone,
 * not in CI): how long a full build of a large content site takes and how much memory it needs, and
 * what a rebuild after one changed post costs and touches.
 *
 * 1. A throwaway embedded database (.data/bench-content/, wiped) grown by BENCH_CONTENT_PAGES posts, half
 *    blog posts and half news, by SQL; the embedded API serves it on an ephemeral port.
 * 2. content-sync into the bench's own snapshot, then a full `astro build` (empty incremental cache)
 *    into out-1/: wall time and the peak resident memory of the build's process tree (sampled from
 *    /proc every 100 ms; the sum over the astro process and every descendant).
 * 3. One blog post's title changed by SQL, content-sync again, then a rebuild into a fresh out-2/, the
 *    way the running shop does it (scripts/host/rebuild-live.ts): wall time, memory, and every file of the
 *    two outputs hashed: how many changed and which.
 * Goals (issue 10): full build ≤ 60 s and ≤ 2 GB; the rebuild (content-sync + render, as the live shop
 * does both) ≤ 10 % of the full build, changing only the changed post's files.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startWarmRenderer } from '../host/content-build-renderer.ts';
import { linkTree } from '../host/rebuild-live.ts';
import { changedFiles, hashTree } from './file-hashes.ts';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const work = join(root, '.data', 'bench-content');
const snapshotDir = join(work, 'snapshot');
const cacheDir = join(work, 'cache');
const channel = 'default';

/** Resident memory (bytes) of a process and all its descendants, from /proc. */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may contain spaces): state, ppid, ... rss is field 24.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      rss.set(Number(name), Number(fields[21]) * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop()!;
    total += rss.get(p) ?? 0;
    queue.push(...(children.get(p) ?? []));
  }
  return total;
}

/** Runs `astro build` into outDir; resolves with wall seconds and peak tree RSS. */
function astroBuild(outDir: string, apiBaseUrl: string): Promise<{ seconds: number; peakBytes: number; log: string }> {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
      CHANNEL: channel,
      API_BASE_URL: apiBaseUrl,
      SHOP_DIST_DIR: outDir,
      SHOP_CACHE_DIR: cacheDir,
      CONTENT_SNAPSHOT_DIR: snapshotDir,
    },
  });
  let peakBytes = 0;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, treeRss(child.pid!));
  }, 100);
  let log = '';
  child.stdout.on('data', (c: Buffer) => {
    log += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    log += c.toString();
  });
  return new Promise((resolvePromise, reject) => {
    child.on('close', (code) => {
      clearInterval(sampler);
      if (code === 0) resolvePromise({ seconds: (Date.now() - started) / 1000, peakBytes, log });
      else reject(new Error(`astro build failed (${code}):\n${log.slice(-3000)}`));
    });
  });
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED');

/** Runs the section; `pages` content pages (half blog, half news). */
export async function benchContentBuild(pages: number): Promise<void> {
  console.log(`\n=== Content build: ${pages} content pages (${Math.ceil(pages / 2)} blog posts, ${Math.floor(pages / 2)} news) ===`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  process.env.DATA_DIR = join(work, 'pglite');
  process.env.DATABASE_URL = '';
  const { serve } = await import('@hono/node-server');
  const { prepareApi } = await import('../../api/src/server.ts');
  const { sql } = await import('drizzle-orm');
  const { syncContent } = await import('../../content-sync/sync.ts');
  const { app, database } = await prepareApi();
  const db = database.db;
  const server = await new Promise<Server>((r) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s as Server));
  });
  const apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const blogCount = Math.ceil(pages / 2);
    const newsCount = Math.floor(pages / 2);
    const t0 = Date.now();
    // Bodies of about 1.5 KB of sanitised HTML, published over the past ~14 months.
    await db.execute(sql`insert into blogs (channel_id, key, title, excerpt, body, published_at)
      select ${channel}, 'bench-blog-' || g, 'ベンチ記事 ' || g || ' 冬のコーディネート', '読みもの ' || g,
        repeat('<p>ベンチマーク用の本文です。季節のコーディネートと素材の話。</p>', 20), now() - (g || ' minutes')::interval - interval '1 day'
      from generate_series(1, ${blogCount}) g`);
    await db.execute(sql`insert into news (channel_id, key, title, body, published_at)
      select ${channel}, 'bench-news-' || g, 'お知らせ ' || g, repeat('<p>ベンチマーク用のお知らせ本文です。</p>', 20),
        now() - (g || ' minutes')::interval - interval '1 day'
      from generate_series(1, ${newsCount}) g`);
    console.log(`  inserted ${pages} posts in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    let t = Date.now();
    const first = await syncContent({ apiBaseUrl, channel, outDir: snapshotDir });
    console.log(`  content-sync: ${first.changed.length} items in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const out1 = join(work, 'out-1');
    // The full build as the running shop's warm renderer does it (scripts/host/content-build-renderer.ts): the
    // same astro build, in a process that then stays alive to re-render changed pages.
    const buildEnv = {
      CHANNEL: channel,
      API_BASE_URL: apiBaseUrl,
      SHOP_CACHE_DIR: cacheDir,
      CONTENT_SNAPSHOT_DIR: snapshotDir,
      NO_COLOR: '1',
    };
    const tFull = Date.now();
    let peakFull = 0;
    let rendererPid = 0;
    const sampleFull = setInterval(() => {
      if (rendererPid) peakFull = Math.max(peakFull, treeRss(rendererPid));
    }, 100);
    const starting = startWarmRenderer(out1, buildEnv);
    // The pid is known only once the promise settles; sample the fork from here meanwhile.
    const childPid = () =>
      Number(
        readdirSync('/proc')
          .filter((n) => /^\d+$/.test(n))
          .find((n) => {
            try {
              return (
                readFileSync(`/proc/${n}/cmdline`, 'utf8').includes('content-build-renderer.ts') &&
                Number(readFileSync(`/proc/${n}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === process.pid
              );
            } catch {
              return false;
            }
          }) ?? 0,
      );
    const findPid = setInterval(() => {
      if (!rendererPid) rendererPid = childPid();
    }, 50);
    const renderer = await starting;
    clearInterval(findPid);
    clearInterval(sampleFull);
    const full = { seconds: (Date.now() - tFull) / 1000, peakBytes: peakFull };
    const files1 = hashTree(join(out1, 'client'));
    const pagesBuilt = [...files1.keys()].filter((f) => f.endsWith('.html')).length;
    console.log(
      `  full build (empty cache): ${full.seconds.toFixed(1)} s, peak RSS of the build process tree ${mb(full.peakBytes)}, ${pagesBuilt} HTML pages, ${files1.size} files`,
    );

    // The live shop prepares the next build's hard-linked copy of the live output in idle time right after
    // each swap (scripts/host/rebuild-live.ts), so linking is not part of a rebuild; timed here on its own.
    const out2 = join(work, 'out-2');
    t = Date.now();
    await linkTree(out1, out2);
    const linkSeconds = (Date.now() - t) / 1000;

    // One post changed, as an editor would: its title (the list page showing it changes too).
    const changedKey = `bench-blog-${Math.ceil(blogCount / 2)}`;
    await db.execute(sql`update blogs set title = title || '（改訂）' where channel_id = ${channel} and key = ${changedKey}`);
    t = Date.now();
    const second = await syncContent({ apiBaseUrl, channel, outDir: snapshotDir });
    const syncSeconds = (Date.now() - t) / 1000;
    console.log(`  content-sync after the change (incremental): ${second.changed.join(', ') || 'nothing'} in ${syncSeconds.toFixed(2)} s`);

    // The live shop's rebuild: the warm renderer re-renders into the prepared copy the pages whose
    // cacheKey changed, and checks the few pages without one (written only when their bytes differ).
    t = Date.now();
    const warm = await renderer.render(out2);
    const again = { seconds: (Date.now() - t) / 1000, peakBytes: treeRss(renderer.pid) };
    renderer.stop();
    const changed = changedFiles(files1, hashTree(join(out2, 'client')));
    console.log(
      `  rebuild after one changed post (warm renderer into the prepared hard-linked copy, like the live shop): ${again.seconds.toFixed(2)} s, renderer RSS ${mb(again.peakBytes)}; preparing the copy took ${linkSeconds.toFixed(2)} s beforehand`,
    );
    console.log(`    pages rendered: ${warm.rendered.join(', ')}; removed: ${warm.removed.length}`);
    console.log(`    files whose hash changed: ${changed.length}: ${changed.slice(0, 20).join(', ')}${changed.length > 20 ? ', …' : ''}`);
    // For comparison: Astro's own incremental build (a new process, bundling again) into a fresh output.
    const out3 = join(work, 'out-3');
    const astroIncremental = await astroBuild(out3, apiBaseUrl);
    const changed3 = changedFiles(files1, hashTree(join(out3, 'client')));
    console.log(
      `  for comparison, astro build with experimental.incrementalBuild into a fresh output: ${astroIncremental.seconds.toFixed(1)} s, peak RSS ${mb(astroIncremental.peakBytes)}, ${changed3.length} files changed (${((100 * astroIncremental.seconds) / full.seconds).toFixed(1)} % of the full build)`,
    );
    // The warm renderer must write exactly what astro build writes for the same content.
    const files2 = hashTree(join(out2, 'client'));
    const files3 = hashTree(join(out3, 'client'));
    const differ = changedFiles(files2, files3);
    console.log(
      `    warm-rendered output identical to astro build's, file by file: ${differ.length === 0 ? 'yes' : `NO, ${differ.length} differ: ${differ.slice(0, 10).join(', ')}`}`,
    );
    // The live shop's rebuild is a content-sync followed by the render: the goal counts both.
    const ratio = (again.seconds + syncSeconds) / full.seconds;
    console.log('\n  Goals');
    console.log(`    full build ≤ 60 s: ${full.seconds.toFixed(1)} s ${verdict(full.seconds <= 60)}`);
    console.log(`    full build ≤ 2 GB: ${mb(full.peakBytes)} ${verdict(full.peakBytes <= 2 * 2 ** 30)}`);
    console.log(
      `    rebuild (content-sync + render) ≤ 10 % of the full build: ${(ratio * 100).toFixed(1)} % (sync ${syncSeconds.toFixed(2)} s + render ${again.seconds.toFixed(2)} s) ${verdict(ratio <= 0.1)}`,
    );
    const onlyThePost = changed.every((f) => f === `blog/${changedKey}/index.html` || /^blog\/(page\/\d+\/)?index\.html$/.test(f));
    console.log(`    only the changed post's pages changed: ${verdict(onlyThePost && changed.includes(`blog/${changedKey}/index.html`))}`);
  } finally {
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
    await database.close();
    if (!process.env.BENCH_KEEP)
      for (const dir of ['out-1', 'out-2', 'out-3'])
        if (existsSync(join(work, dir))) rmSync(join(work, dir), { recursive: true, force: true });
  }
}

if (import.meta.main) {
  benchContentBuild(Number(process.env.BENCH_CONTENT_PAGES || 10_000)).catch((error: unknown) => {
    console.error('content build bench failed:', error);
    process.exit(1);
  });
}
