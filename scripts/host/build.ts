/**
 * The build library behind `npm run build` (scripts/build.ts) and `npm start` (scripts/host/start.ts,
 * scripts/host/rebuild-live.ts): where a channel's build goes, the fingerprint of its inputs, the
 * content-sync step, `astro build` in a child process, the stamp-guarded build and the embedded Shop API
 * a build without API_BASE_URL talks to.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { logFor } from '../../api/src/lib/log.ts';
import { INVALID_CHANNEL_MARKER } from '../../src/lib/invalid-channel.ts';
import { channelDistDir, peakRssHook, root } from './build-cli.ts';
import type { Encoding } from './precompress.ts';

const shopLog = logFor('shop');

export { root };
/**
 * Where the build goes: dist/<channel>/ (CHANNEL, default 'default'), so every channel's build has a
 * folder of its own; SHOP_DIST_DIR gives parallel builds (e2e shards, bench) their own instead.
 */
export const distDir = channelDistDir(process.env.CHANNEL || 'default', process.env.SHOP_DIST_DIR);
export const serverEntry = join(distDir, 'server', 'entry.mjs');
/** The files the browser gets as they are (pre-rendered pages, /_astro/ assets, public/). */
export const clientDir = join(distDir, 'client');
const stampFile = join(distDir, '.shop-build-stamp');
/**
 * Astro's incremental-build cache (experimental.incrementalBuild): beside the output, since `astro build`
 * empties its outDir, and shared by every output of this dist (the live rebuilds of scripts/host/rebuild-live.ts).
 */
export const cacheDir = `${distDir}.cache`;
/** Where the running shop's background rebuilds go, one fresh directory each (scripts/host/rebuild-live.ts). */
export const liveBuildsDir = `${distDir}.live`;

/** Inputs of the Astro build: a change in any of them (or in the synced snapshot) means rebuild. */
const buildInputs = [
  'astro.config.mjs',
  'astro.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'src',
  'islands',
  'themes',
  'public',
  'contracts',
  'content-sync',
];
// The snapshot is hashed on its own (one channel, without the manifest's sync time).
const skippedDirs = new Set(['node_modules', '.git', 'dist', '.astro', '.snapshot', '.data']);
const skippedFiles = /(^manifest\.json$|\.tmp$)/;
const snapshotRoot = () => resolve(root, process.env.CONTENT_SNAPSHOT_DIR ?? join('content-sync', '.snapshot'));
/**
 * Environment that changes what the build produces (SITE_URL: the pre-rendered pages' canonical URLs, Open Graph, JSON-LD, robots.txt).
 * Folders (SHOP_DIST_DIR, CONTENT_SNAPSHOT_DIR) are not part of it: a build is the same wherever it is
 * written, so storefront processes with folders of their own agree on a shared build's fingerprint
 * (SHOP_SHARED_BUILDS=s3, scripts/host/build-store.ts).
 */
const buildEnvKeys = ['CHANNEL', 'PUBLIC_API_BASE_URL', 'SITE_URL'];

/** A log line of the shop (component shop: `[shop] …` on a terminal), among Astro's own output. */
export function log(message: string): void {
  shopLog.info(message);
}

/** Hashes a file or folder tree: names relative to `base` (the project root, or the snapshot's own folder), then bytes. */
function hashInto(hash: ReturnType<typeof createHash>, path: string, base = root): void {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (!skippedDirs.has(name) && !skippedFiles.test(name)) hashInto(hash, join(path, name), base);
    }
    return;
  }
  hash.update(relative(base, path));
  hash.update('\0');
  hash.update(readFileSync(path));
  hash.update('\0');
}

/**
 * A fingerprint of every build input, the content snapshot and the build-relevant environment.
 * `withSnapshot: false` leaves the snapshot out: the sources alone (a live rebuild re-renders content
 * pages without bundling only while that part is unchanged).
 */
export function buildFingerprint(channel: string, withSnapshot = true): string {
  const hash = createHash('sha256');
  for (const input of buildInputs) hashInto(hash, join(root, input));
  if (withSnapshot) hashInto(hash, join(snapshotRoot(), channel), snapshotRoot());
  for (const key of buildEnvKeys) hash.update(`${key}=${key === 'CHANNEL' ? channel : (process.env[key] ?? '')}\n`);
  return hash.digest('hex');
}

/** Whether dist/ is missing or was built from other inputs. */
export function needsBuild(channel: string): { needed: boolean; reason: string; fingerprint: string } {
  const fingerprint = buildFingerprint(channel);
  if (!existsSync(serverEntry)) return { needed: true, reason: 'no build in dist/ yet', fingerprint };
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (previous !== fingerprint) return { needed: true, reason: 'sources or content snapshot changed', fingerprint };
  return { needed: false, reason: 'dist/ is up to date', fingerprint };
}

/** A build process started ahead (prewarmAstroBuild): Astro loaded, waiting for its environment. */
export interface PrewarmedBuild {
  child: ChildProcessWithoutNullStreams;
  /** Ends the waiting process when no build follows (its stdin closes; astro-prewarm.ts exits). */
  dispose: () => void;
}

const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
const prewarmHook = pathToFileURL(join(root, 'scripts', 'host', 'astro-prewarm.ts')).href;
const peakRssFile = (outDir?: string) => join(outDir ?? distDir, '.build-peak-rss');

/**
 * Starts the process of the coming start-up `astro build` now (npm start on a checkout without a
 * build): Node and Astro's modules load while the shop still opens and seeds its database, and the
 * build starts the moment runAstroBuild hands it its environment. Only for a build into dist/.
 */
export function prewarmAstroBuild(): PrewarmedBuild {
  const child = spawn(process.execPath, ['--import', peakRssHook, '--import', prewarmHook, astroBin, 'build'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    // What the hooks read when they load; the rest of the build's environment comes with the go line.
    // NODE_ENV as `astro build` sets it when unset, so no module loaded ahead picks its development build.
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PEAK_RSS_FILE: peakRssFile(), NODE_ENV: process.env.NODE_ENV || 'production' },
  });
  child.on('error', () => {}); // a process that could not start: runAstroBuild starts its own
  child.stdin.on('error', () => {});
  return { child, dispose: () => child.stdin.end() };
}

/**
 * Runs `astro build` in a child process on this same Node binary (system Node may be too old), into
 * `outDir` (default dist/) with the shared incremental cache; in `prewarmed`'s process when it is still
 * waiting. Its output is passed through; the last lines go into the error when it fails, so a live
 * rebuild can say why.
 */
export function runAstroBuild(env: { apiBaseUrl: string; channel: string; outDir?: string }, prewarmed?: PrewarmedBuild): Promise<void> {
  const code = buildFingerprint(env.channel, false);
  if (dropStaleBuildCache(cacheDir, code)) log('Incremental build cache dropped: the code or the build settings changed since it was made');
  return new Promise<void>((resolvePromise, reject) => {
    const buildEnv = {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      API_BASE_URL: env.apiBaseUrl,
      CHANNEL: env.channel,
      // astro.config.mjs reads SHOP_DIST_DIR: the channel's own folder (dist/<channel>/ by default),
      // or a live rebuild's new output; the incremental cache lives beside it (astro empties its output).
      SHOP_DIST_DIR: env.outDir ?? distDir,
      SHOP_CACHE_DIR: cacheDir,
      PEAK_RSS_FILE: peakRssFile(env.outDir),
    };
    const waiting = prewarmed && !env.outDir && prewarmed.child.exitCode === null && prewarmed.child.pid !== undefined;
    if (prewarmed && !waiting) prewarmed.dispose();
    const child = waiting
      ? prewarmed.child
      : // --import peakRssHook: the build process writes its peak RSS to PEAK_RSS_FILE on exit (for --all-channels).
        spawn(process.execPath, ['--import', peakRssHook, astroBin, 'build'], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: buildEnv,
        });
    if (waiting) prewarmed.child.stdin.end(`${JSON.stringify(buildEnv)}\n`);
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-2000);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('error', reject);
    child.on('close', (exitCode, signal) => {
      if (exitCode === 0) resolvePromise();
      else reject(new Error(`astro build failed (${signal ?? `exit code ${exitCode}`}): ${lastLines(tail)}`));
    });
  }).then(() => {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, CACHE_CODE_STAMP), code);
  });
}

const CACHE_CODE_STAMP = '.code-fingerprint';

/**
 * Astro's incremental cache keeps pages whose content did not change, but it does not notice every
 * code change: after a change of the chunk settings in astro.config.mjs it copied news and blog
 * pages that still named a script file the new build no longer had (404). So the cache is only
 * used by builds of the code it was made with (the fingerprint of the sources, settings and
 * lockfile, without the content snapshot); otherwise it is emptied first. Returns whether it was.
 */
export function dropStaleBuildCache(dir: string, codeFingerprint: string): boolean {
  if (!existsSync(dir)) return false;
  const stamp = join(dir, CACHE_CODE_STAMP);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === codeFingerprint) return false;
  rmSync(dir, { recursive: true, force: true });
  return true;
}

/** The last few lines of a build's output that say something: no colour codes, no stack frames. */
function lastLines(text: string): string {
  // eslint-disable-next-line no-control-regex
  const lines = text
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim());
  const telling = lines.filter((l) => l && !/^(\d+:|at |Stack backtrace:|\[WebServer\])/.test(l));
  return telling.slice(-4).join(' | ');
}

/**
 * Builds when needed (or when forced) and records the fingerprint of what was built. Either way the
 * static assets then get their pre-compressed copies (only those missing or stale): `.gz` and `.br`,
 * or with `encodings: ['br']` (`npm start`, which writes the zopfli `.gz` after it is ready) brotli only.
 */
export async function buildIfNeeded(opts: {
  apiBaseUrl: string;
  channel: string;
  force?: boolean;
  encodings?: readonly Encoding[];
  /** The start-up build's process, started ahead (prewarmAstroBuild); ended when no build is needed. */
  prewarmed?: PrewarmedBuild;
}): Promise<boolean> {
  const check = needsBuild(opts.channel);
  if (!check.needed && !opts.force) {
    opts.prewarmed?.dispose();
    log(`Astro build skipped: ${check.reason}`);
    await precompress(clientDir, opts.encodings);
    return false;
  }
  log(`Building the storefront with astro build (${opts.force ? 'forced' : check.reason}, channel ${opts.channel})…`);
  const started = Date.now();
  await runAstroBuild(opts, opts.prewarmed);
  // The fingerprint taken before the build: an edit made while it ran triggers the next rebuild.
  writeFileSync(stampFile, `${check.fingerprint}\n`);
  log(`Astro build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await precompress(clientDir, opts.encodings);
  return true;
}

/**
 * Zopfli gzip and brotli copies (or only `encodings`) of a build's scripts and styles
 * (scripts/host/precompress.ts); default dist/client. Returns how many copies it wrote.
 */
export async function precompress(dir = clientDir, encodings: readonly Encoding[] = ['gz', 'br']): Promise<number> {
  const started = Date.now();
  const { precompressAssets } = await import('./precompress.ts');
  const r = await precompressAssets(dir, encodings);
  if (r.written === 0) return 0;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const sizes = encodings.map((e) => (e === 'gz' ? `gzip ${kb(r.gzipBytes)}` : `br ${kb(r.brotliBytes)}`)).join(', ');
  log(
    `Pre-compressed ${r.files} assets (${encodings.join(' and ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kb(r.rawBytes)} → ${sizes}`,
  );
  return r.written;
}

/** Pulls the CMS content for a channel from the Shop API into the local snapshot the build reads. */
export async function runContentSync(opts: { apiBaseUrl: string; channel: string }): Promise<{ changed: string[] }> {
  const started = Date.now();
  log(`Content sync from ${opts.apiBaseUrl} (channel ${opts.channel})…`);
  const channelDir = join(snapshotRoot(), opts.channel);
  const marker = join(channelDir, INVALID_CHANNEL_MARKER);
  if (await channelIsUnknown(opts.apiBaseUrl, opts.channel)) {
    // No content to sync: the snapshot holds only the marker, and every layout shows the invalid-channel page.
    const already = existsSync(marker);
    rmSync(channelDir, { recursive: true, force: true });
    mkdirSync(channelDir, { recursive: true });
    writeFileSync(marker, `${JSON.stringify({ channel: opts.channel, code: 'channel.not_exists' })}\n`);
    log(`Channel ${opts.channel} does not exist in the Shop API: building the invalid-channel site (404 text only)`);
    return { changed: already ? [] : ['invalid-channel'] };
  }
  rmSync(marker, { force: true });
  const { syncContent } = await import('../../content-sync/sync.ts');
  const result = await syncContent({ apiBaseUrl: opts.apiBaseUrl, channel: opts.channel });
  log(`Content sync done in ${Date.now() - started} ms${describeSync(result)}`);
  return result;
}

/** Whether the API answers this channel with 404 channel.not_exists (spec 8); an outage is not an unknown channel. */
async function channelIsUnknown(apiBaseUrl: string, channel: string): Promise<boolean> {
  const res = await fetch(`${apiBaseUrl}/v1/settings/front`, {
    headers: { 'X-Channel-Id': channel, 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (res.status !== 404) return false;
  const body: unknown = await res.json().catch(() => null);
  return !!body && typeof body === 'object' && (body as { code?: unknown }).code === 'channel.not_exists';
}

function describeSync(result: unknown): string {
  if (!result || typeof result !== 'object') return '';
  const r = result as Record<string, unknown>;
  const changed = r.changed ?? r.changes;
  if (Array.isArray(changed)) return ` (${changed.length} changed)`;
  if (typeof changed === 'boolean') return changed ? ' (changed)' : ' (no changes)';
  return '';
}

/** Starts the embedded Shop API on 127.0.0.1 with an ephemeral port; for builds without an API. */
export async function startEphemeralApi(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const { serve } = await import('@hono/node-server');
  const { prepareApi, describeDatabase } = await import('../../api/src/server.ts');
  // The build's own calls pass a maintenance switch that is on (contracts/internal.ts); children inherit it.
  process.env.SHOP_INTERNAL_SECRET ||= randomBytes(32).toString('base64url');
  const { app, database, env } = await prepareApi();
  log(`Embedded Shop API for the build: ${describeDatabase(env)}`);
  const server = await new Promise<Server>((resolvePromise) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolvePromise(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}
