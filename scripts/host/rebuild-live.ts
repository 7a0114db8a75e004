/**
 * Live rebuilds of the running shop (`npm start`): watches the content version, rebuilds in the
 * background into a fresh output directory and swaps the server over to it in one assignment.
 *
 * - Polls GET /v1/content-state every CONTENT_POLL_MS; a moved `version`, or a `next_publish_at` that
 *   has passed (a post scheduled for later is now public), triggers a rebuild. So do the webhook and
 *   `npm run rebuild` (scripts/host/rebuild-hook.ts, scripts/rebuild.ts).
 * - Triggers go through the coalescing scheduler (scripts/host/rebuild-scheduler.ts): debounced, one build
 *   at a time, a trigger during a build gives exactly one more build after it.
 * - A build is content-sync, then `astro build` into dist.live/<time>/ (Astro's incremental build copies
 *   every page whose cacheKey and code are unchanged from the shared cache, so only changed pages are
 *   rendered), then the pre-compressed assets, then the new server bundle is imported. Only when all of
 *   that succeeded does the server switch: handler, static files and asset table together (`onSwap`).
 * - A failed build leaves the live site as it was, logs why and keeps the result for the status answer.
 * - Each distinct server bundle is imported once (`loadSite`): ESM modules are never freed, and a
 *   content-only rebuild leaves the bundle byte-identical, so memory stays flat over rebuilds.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHANNEL_HEADER, XHR_HEADER, XHR_VALUE } from '#contracts/constants.ts';
import { type ContentState, contentStateSchema } from '#contracts/content.ts';
import { internalHeaders } from '#contracts/internal.ts';
import { buildFingerprint, cacheDir, liveBuildsDir, log, precompress, runAstroBuild, runContentSync } from './build.ts';
import { startWarmRenderer, type WarmRenderer } from './content-build-renderer.ts';
import { compressibleFiles } from './precompress.ts';
import type { BuildCoordinator, HeldLock } from './rebuild-lock.ts';
import { createRebuildScheduler, type SchedulerState } from './rebuild-scheduler.ts';
import { type AssetTable, loadAssets } from './static-assets.ts';

export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Everything the server reads from one build; swapped as a whole. */
export interface LiveSite {
  /** The build's output directory (dist/ or dist.live/<time>/). */
  outDir: string;
  /** The Astro handler: pre-rendered pages and dist/client's files, SSR pages. */
  handler: Listener;
  /** The pre-compressed scripts and styles of this build. */
  assets: AssetTable;
}

/** The last build's outcome, as the status endpoint answers it. */
export interface BuildReport {
  ok: boolean;
  /** True when the sync found nothing new for the live site, so nothing was built. */
  skipped: boolean;
  reasons: string[];
  started_at: string;
  finished_at: string;
  duration_ms: number;
  /** Snapshot items (`blog:<key>`, ...) that changed with this sync. */
  changed: string[];
  output: string | null;
  error: string | null;
}

/**
 * Server bundles already imported, by the digest of their server/ files. ESM modules are never freed, so
 * importing every rebuild's entry.mjs grew the process by a whole server bundle per swap; a content-only
 * rebuild (the warm renderer) leaves server/ byte-identical, so its bundle is imported once and reused.
 * Each distinct bundle is imported from `<dist>.live/bundle-<pid>-<digest>/server/` (hard links), whose
 * `client` is a symlink that a swap points at the new build's client/ (where the adapter's handler
 * reads pre-rendered pages and static files).
 */
const bundles = new Map<string, { handler: Listener; clientLink: string }>();
/** Server bundles imported by this process (the status answer shows it). */
let bundleImports = 0;

/**
 * This process's memory for the status answer; after a full garbage collection when the process runs
 * with --expose-gc (scripts/bench/rebuild-memory-bench.ts does), so figures compare across rebuilds.
 */
function memoryNow(): { rss_mb: number; heap_used_mb: number; after_gc: boolean } {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const m = process.memoryUsage();
  return { rss_mb: Math.round(m.rss / 2 ** 20), heap_used_mb: Math.round(m.heapUsed / 2 ** 20), after_gc: !!gc };
}

/** sha256 over server/'s file names and bytes. */
function serverDigest(outDir: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else
        hash
          .update(`${relative(outDir, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  walk(join(outDir, 'server'));
  return hash.digest('hex');
}

/** Points the symlink `link` at `target` in one rename. */
function pointLink(link: string, target: string): void {
  const tmp = `${link}.${process.pid}.tmp`;
  rmSync(tmp, { force: true });
  symlinkSync(target, tmp, 'dir');
  renameSync(tmp, link);
}

async function importHandler(entryFile: string): Promise<Listener> {
  bundleImports += 1;
  const entry = (await import(pathToFileURL(entryFile).href)) as { handler?: Listener };
  if (typeof entry.handler !== 'function') throw new Error(`${entryFile} exports no handler: is the Node adapter in standalone mode?`);
  return entry.handler;
}

/** Imports a build's server bundle (once per distinct bundle, see `bundles`) and reads its asset table. */
export async function loadSite(outDir: string): Promise<LiveSite> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const clientDir = resolve(outDir, 'client');
  const assets = loadAssets(join(outDir, 'client'));
  let digest: string;
  try {
    // REBUILD_RELOAD_BUNDLE=1: import every build's bundle (the behaviour before; scripts/bench/rebuild-memory-bench.ts compares).
    if (process.env.REBUILD_RELOAD_BUNDLE === '1') throw new Error('reload');
    digest = serverDigest(outDir);
  } catch {
    return { outDir, handler: await importHandler(join(outDir, 'server', 'entry.mjs')), assets };
  }
  let bundle = bundles.get(digest);
  if (!bundle) {
    // Per process: processes sharing the folder (SHOP_SHARED_BUILDS=1) each repoint their own link.
    const dir = join(liveBuildsDir, `bundle-${process.pid}-${digest.slice(0, 16)}`);
    const clientLink = join(dir, 'client');
    let handler: Listener;
    try {
      if (!existsSync(join(dir, 'server', 'entry.mjs'))) {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
        await linkTree(join(outDir, 'server'), join(dir, 'server'));
      }
      pointLink(clientLink, clientDir);
      handler = await importHandler(join(dir, 'server', 'entry.mjs'));
    } catch (error) {
      // A read-only or odd folder: import the build where it is (one bundle more in memory).
      log(
        `Could not prepare the shared server bundle (${error instanceof Error ? error.message : String(error)}), importing ${relative(process.cwd(), outDir)} directly`,
      );
      return { outDir, handler: await importHandler(join(outDir, 'server', 'entry.mjs')), assets };
    }
    bundle = { handler, clientLink };
    bundles.set(digest, bundle);
  } else {
    pointLink(bundle.clientLink, clientDir);
  }
  return { outDir, handler: bundle.handler, assets };
}

/**
 * A copy of a build made of hard links (`cp -al`: no file data is copied, ~11,000 pages in well under a
 * second). Whatever is then written into the copy must replace files by rename, never write into them.
 */
export function linkTree(from: string, to: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const cp = spawn('cp', ['-al', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    cp.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    cp.on('error', reject);
    cp.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`cp -al ${from} ${to} failed: ${err.trim()}`))));
  });
}

/** Reads the content state of a channel from the Shop API. */
export async function readContentState(apiBaseUrl: string, channel: string): Promise<ContentState> {
  const res = await fetch(`${apiBaseUrl}/v1/content-state`, {
    // The internal secret: the poll goes on during maintenance (contracts/internal.ts).
    headers: { [CHANNEL_HEADER]: channel, [XHR_HEADER]: XHR_VALUE, Accept: 'application/json', ...internalHeaders() },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`GET /v1/content-state answered ${res.status}`);
  return contentStateSchema.parse(await res.json());
}

/**
 * Copies the `.br`/`.gz` of every script and style that is byte-identical in the previous build
 * (hashed /_astro/ names mostly are), so only new assets go through zopfli again.
 */
async function reusePrecompressed(fromClient: string, toClient: string): Promise<number> {
  if (!existsSync(fromClient) || !existsSync(toClient)) return 0;
  let reused = 0;
  for (const file of compressibleFiles(toClient)) {
    const old = join(fromClient, relative(toClient, file));
    if (!existsSync(`${old}.br`) || !existsSync(`${old}.gz`) || !existsSync(old)) continue;
    // Already there (a hard-linked copy): copying onto a link would write into the live build's file.
    if (existsSync(`${file}.br`) || existsSync(`${file}.gz`)) continue;
    const [a, b] = await Promise.all([stat(old), stat(file)]);
    if (a.size !== b.size || !readFileSync(old).equals(readFileSync(file))) continue;
    // Copied after the source was written, so the copies count as fresh (newer than the source).
    await Promise.all([copyFile(`${old}.br`, `${file}.br`), copyFile(`${old}.gz`, `${file}.gz`)]);
    reused += 1;
  }
  return reused;
}

export interface LiveRebuilderOptions {
  apiBaseUrl: string;
  channel: string;
  /** The site being served now (the start-up build). */
  initial: LiveSite;
  /** The content state read before the start-up sync, so an edit made during it is not missed. */
  initialState: ContentState | null;
  pollMs: number;
  debounceMs: number;
  /** Switches the server to a new site; called only with a complete, loaded build. */
  onSwap: (site: LiveSite) => void;
  /** Keep a warm renderer (scripts/host/content-build-renderer.ts) between rebuilds; else every rebuild is an astro build. */
  warmRenderer: boolean;
  /**
   * Renders a warm renderer does before it is retired (the next content change then builds in a new
   * one), so its slow growth (about 0.5 MB a render) stays bounded. Default REBUILD_RENDERER_MAX_RENDERS, else 200.
   */
  rendererMaxRenders?: number;
  /**
   * Several storefront processes (scripts/host/rebuild-lock.ts): over one dist folder (SHOP_SHARED_BUILDS=1)
   * or on machines sharing no disk through the S3-compatible store (=s3, scripts/host/build-store.ts). A
   * build runs only under the shared lock and publishes its build; a process that finds the lock taken
   * retries later, and every process loads a newer published build with its content poll (from the
   * store: downloaded completely into a folder of its own first).
   */
  coordinator?: BuildCoordinator;
  /** Called with each build's report as it is recorded (built, failed or skipped): the rebuild metrics. */
  onBuild?: (report: BuildReport) => void;
}

export interface LiveRebuilder {
  trigger(reason: string): void;
  status(): {
    state: SchedulerState;
    live_output: string;
    content_version: number | null;
    next_publish_at: string | null;
    last: BuildReport | null;
    builds: number;
    adopted: number;
    server_bundles: number;
    memory: { rss_mb: number; heap_used_mb: number; after_gc: boolean };
  };
  /** Test hook (scripts/host/rebuild-test-hooks.ts): the next build fails as an `astro build` would. */
  breakNextBuild(): void;
  /** Resolves once no build is waiting or running. */
  settled(): Promise<void>;
  /** Stops polling and cancels a waiting build. */
  stop(): Promise<void>;
}

/** Starts polling and returns the rebuilder; see the module comment. */
export function startLiveRebuilder(options: LiveRebuilderOptions): LiveRebuilder {
  let live = options.initial;
  let liveFingerprint = buildFingerprint(options.channel);
  let last: BuildReport | null = null;
  const record = (r: BuildReport) => {
    last = r;
    options.onBuild?.(r);
  };
  let seen = options.initialState;
  let breakNext = false;
  let stopped = false;
  let pollFailures = 0;
  // Builds adopted from another process, builds made here (not skipped), the last adoption failure.
  let adopted = 0;
  let built = 0;
  let adoptError: string | null = null;
  // The warm renderer and the sources it was built from; its last output is always the live site.
  let renderer: { handle: WarmRenderer; sources: string; renders: number } | null = null;
  const maxRenders = options.rendererMaxRenders ?? (Number(process.env.REBUILD_RENDERER_MAX_RENDERS) || 200);
  const dropRenderer = () => {
    renderer?.handle.stop();
    renderer = null;
  };
  // The hard-linked copy of the live build that the next content-only rebuild renders into, made in
  // idle time after each swap (~1.3 s at 11,000 pages), so a rebuild does not wait for it.
  let staging: { from: string; dir: string; ready: Promise<boolean> } | null = null;
  // Copies prepared by a process that is gone are not anyone's any more (several storefront processes
  // may share the folder: scripts/cluster.ts).
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  void readdir(liveBuildsDir)
    .then((names) =>
      Promise.all(
        names
          // Also bundle folders (loadSite) and unfinished downloads (scripts/host/build-store.ts) of processes that are gone.
          .filter((n) => {
            const m = /^staging-(\d+)-/.exec(n);
            if (m) return Number(m[1]) === process.pid || !alive(Number(m[1]));
            const other = /^bundle-(\d+)-/.exec(n) ?? /\.partial-(\d+)$/.exec(n);
            return !!other && Number(other[1]) !== process.pid && !alive(Number(other[1]));
          })
          .map((n) => rm(join(liveBuildsDir, n), { recursive: true, force: true })),
      ),
    )
    .catch(() => {});

  function prepareStaging(): void {
    void discardStaging();
    const from = live.outDir;
    const dir = join(liveBuildsDir, `staging-${process.pid}-${basename(from)}`);
    const ready = rm(dir, { recursive: true, force: true })
      .then(() => linkTree(from, dir))
      .then(
        () => true,
        (error: unknown) => {
          log(
            `Could not prepare the next build's copy (the next rebuild links its own): ${error instanceof Error ? error.message : String(error)}`,
          );
          return false;
        },
      );
    staging = { from, dir, ready };
  }

  /** Removes a prepared copy once its linking has settled. */
  function discardStaging(): Promise<void> {
    const prepared = staging;
    staging = null;
    return prepared ? prepared.ready.then(() => rm(prepared.dir, { recursive: true, force: true })).catch(() => {}) : Promise.resolve();
  }

  /** Makes outDir a hard-linked copy of the live build: the prepared one when it is ready and current. */
  async function copyLive(outDir: string): Promise<'prepared' | 'linked'> {
    const prepared = staging;
    if (prepared && prepared.from === live.outDir && (await prepared.ready)) {
      staging = null;
      await rename(prepared.dir, outDir);
      return 'prepared';
    }
    await discardStaging();
    await linkTree(live.outDir, outDir);
    return 'linked';
  }

  /** Swaps to the build another process published, when it is newer than the live one. */
  async function adoptPublished(): Promise<void> {
    if (!options.coordinator) return;
    let published: Awaited<ReturnType<BuildCoordinator['latest']>>;
    try {
      // From the store (SHOP_SHARED_BUILDS=s3) this downloads a new version completely first.
      published = await options.coordinator.latest({ outDir: live.outDir, fingerprint: liveFingerprint });
      adoptError = null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // One line per distinct failure; the next poll tries again and the live site stays.
      if (message !== adoptError)
        log(`Could not load the published build (still serving ${relative(process.cwd(), live.outDir)}, will retry): ${message}`);
      adoptError = message;
      return;
    }
    if (!published || published.outDir === live.outDir) {
      if (published) liveFingerprint = published.fingerprint;
      return;
    }
    const site = await loadSite(published.outDir);
    const previous = live;
    live = site;
    liveFingerprint = published.fingerprint;
    adopted += 1;
    // The warm renderer's last output is no longer the live site.
    dropRenderer();
    options.onSwap(site);
    log(`Now serving ${relative(process.cwd(), published.outDir)}, built by another process`);
    // A shared folder (SHOP_SHARED_BUILDS=1) is pruned by its builder, which knows what it still serves.
    if (options.coordinator.ownFolder) void pruneLiveBuilds([site.outDir, previous.outDir]);
  }

  async function build(reasons: string[]): Promise<void> {
    if (!options.coordinator) return buildHere(reasons);
    let held: HeldLock | null = null;
    try {
      held = await options.coordinator.lock.tryAcquire();
    } catch (error) {
      log(`Rebuild lock unavailable (${error instanceof Error ? error.message : String(error)}), will retry`);
    }
    if (!held) {
      // Another process builds (or the lock store is away): try again later; by then its build is
      // published and adopting it usually leaves nothing to build here.
      const retry = setTimeout(
        () => {
          if (!stopped) scheduler.trigger(`retry of: ${reasons.map((r) => r.replace(/^(retry of: )+/, '')).join(', ')}`);
        },
        Math.max(2000, options.pollMs),
      );
      retry.unref();
      return;
    }
    try {
      await adoptPublished().catch((e: unknown) =>
        log(`Could not load the published build: ${e instanceof Error ? e.message : String(e)}`),
      );
      await buildHere(reasons);
    } finally {
      await held.release();
    }
  }

  async function buildHere(reasons: string[]): Promise<void> {
    const started = Date.now();
    const report = (extra: Partial<BuildReport>): BuildReport => ({
      ok: true,
      skipped: false,
      reasons,
      changed: [],
      output: null,
      error: null,
      ...extra,
      started_at: new Date(started).toISOString(),
      finished_at: new Date().toISOString(),
      duration_ms: Date.now() - started,
    });
    let changed: string[] = [];
    let outDir: string | null = null;
    // Set once the warm renderer wrote into outDir: its keys then describe a site that may never go live.
    let rendered = false;
    try {
      changed = (await runContentSync({ apiBaseUrl: options.apiBaseUrl, channel: options.channel })).changed;
      const fingerprint = buildFingerprint(options.channel);
      if (fingerprint === liveFingerprint) {
        record(report({ skipped: true, changed }));
        log(`Rebuild (${reasons.join(', ')}): the live site already shows this content, nothing to build`);
        return;
      }
      outDir = join(liveBuildsDir, String(started));
      log(
        `Rebuild (${reasons.join(', ')}): ${changed.length} item(s) changed${changed.length ? ` (${changed.slice(0, 10).join(', ')}${changed.length > 10 ? ', …' : ''})` : ''}, building into ${relative(process.cwd(), outDir)}…`,
      );
      await mkdir(liveBuildsDir, { recursive: true });
      // Test hook: a file where the pages should go, so the build or render itself fails (as on a full disk).
      const breakIt = breakNext;
      breakNext = false;
      const sources = buildFingerprint(options.channel, false);
      const env = { API_BASE_URL: options.apiBaseUrl, CHANNEL: options.channel, SHOP_CACHE_DIR: cacheDir };
      if (renderer && renderer.sources === sources && !changed.includes('settings')) {
        // Content only: a hard-linked copy of the live build, and the warm renderer re-renders the
        // pages whose cacheKey changed into it (no bundling).
        const copy = await copyLive(outDir);
        if (breakIt) {
          await rm(join(outDir, 'client'), { recursive: true, force: true });
          await writeFile(join(outDir, 'client'), 'not a directory\n');
        }
        rendered = true;
        const r = await renderer.handle.render(outDir);
        renderer.renders += 1;
        log(
          `Re-rendered ${r.rendered.length} page(s) without bundling into the ${copy === 'prepared' ? 'copy prepared after the last swap' : 'copy linked just now'}: ${r.rendered.slice(0, 10).join(', ')}${r.removed.length ? `; removed ${r.removed.join(', ')}` : ''}`,
        );
      } else if (breakIt) {
        await writeFile(outDir, 'not a directory\n');
        throw new Error(`cannot write the build into ${outDir}: not a directory`);
      } else if (options.warmRenderer) {
        // Sources or settings changed, or no renderer yet: a full (incremental) astro build in a new
        // renderer, which stays warm for the next content change.
        dropRenderer();
        renderer = { handle: await startWarmRenderer(outDir, env), sources, renders: 0 };
        rendered = true;
      } else {
        await runAstroBuild({ apiBaseUrl: options.apiBaseUrl, channel: options.channel, outDir });
      }
      const reused = await reusePrecompressed(join(live.outDir, 'client'), join(outDir, 'client'));
      await precompress(join(outDir, 'client'));
      const site = await loadSite(outDir);
      const previous = live;
      live = site;
      liveFingerprint = fingerprint;
      options.onSwap(site);
      await options.coordinator?.publish({ outDir, fingerprint });
      built += 1;
      record(report({ changed, output: outDir }));
      log(
        `Rebuild done in ${((Date.now() - started) / 1000).toFixed(1)} s, now serving ${relative(process.cwd(), outDir)} (${reused} pre-compressed assets reused)`,
      );
      if (renderer && renderer.renders >= maxRenders) {
        log(`The warm renderer did ${renderer.renders} renders: retired, the next rebuild starts a new one`);
        dropRenderer();
      }
      if (renderer) prepareStaging();
      void pruneLiveBuilds([site.outDir, previous.outDir]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      record(report({ ok: false, changed, error: message }));
      // Its keys may be ahead of the live site now: the next build starts over with a real build.
      if (rendered) dropRenderer();
      log(
        `Rebuild FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s, still serving ${relative(process.cwd(), live.outDir)}: ${message}`,
      );
      if (outDir) await rm(outDir, { recursive: true, force: true }).catch(() => {});
    }
  }

  const scheduler = createRebuildScheduler({ debounceMs: options.debounceMs, run: build });

  async function poll(): Promise<void> {
    try {
      const state = await readContentState(options.apiBaseUrl, options.channel);
      pollFailures = 0;
      if (options.coordinator && scheduler.state() === 'idle') await adoptPublished();
      const previous = seen;
      seen = state;
      if (!previous) return;
      if (state.version !== previous.version) scheduler.trigger(`content version ${previous.version} → ${state.version}`);
      // next_publish_at only lists future posts: the one seen before has passed once it is due.
      else if (previous.next_publish_at && Date.parse(previous.next_publish_at) <= Date.now()) {
        scheduler.trigger(`scheduled publish at ${previous.next_publish_at}`);
      }
    } catch (error) {
      // One line per outage, not one per poll.
      if (pollFailures++ === 0)
        log(`Content state poll failed (will keep trying): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const loop = async () => {
    await poll();
    if (!stopped) timer = setTimeout(loop, options.pollMs);
  };
  timer = setTimeout(loop, 0);

  return {
    trigger: (reason) => scheduler.trigger(reason),
    status: () => ({
      state: scheduler.state(),
      live_output: relative(process.cwd(), live.outDir) || '.',
      content_version: seen?.version ?? null,
      next_publish_at: seen?.next_publish_at ?? null,
      last,
      // Builds made by this process, and builds another process made that this one switched to.
      builds: built,
      adopted,
      server_bundles: bundleImports,
      memory: memoryNow(),
    }),
    breakNextBuild: () => {
      breakNext = true;
    },
    settled: () => scheduler.settled(),
    // A build in flight is not awaited: shutdown must not wait a minute; its output is simply never served.
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      scheduler.stop();
      dropRenderer();
      await discardStaging();
      await options.coordinator?.close();
    },
  };
}

/**
 * Removes live build directories other than those still in use (the live one and the one before it).
 * The prepared copy (`staging-…`), a download in progress (`….partial-<pid>`) and the imported server
 * bundles (`bundle-…`, see loadSite) are not removed here.
 */
async function pruneLiveBuilds(keep: string[]): Promise<void> {
  try {
    for (const name of await readdir(liveBuildsDir)) {
      const dir = join(liveBuildsDir, name);
      if (name.startsWith('staging-') || name.startsWith('bundle-') || name.includes('.partial-')) continue;
      // current.json is the shared pointer to the newest build (scripts/host/rebuild-lock.ts).
      if (!keep.includes(dir) && !name.startsWith('current.json')) await rm(dir, { recursive: true, force: true });
    }
  } catch (error) {
    log(`Could not remove old live builds: ${error instanceof Error ? error.message : String(error)}`);
  }
}
