/**
 * `npm run build`: content-sync, then `astro build`, for one channel (CHANNEL, default 'default'), into
 * dist/<channel>/ (SHOP_DIST_DIR overrides the folder). `npm run build -- --channel NAME` picks the
 * channel on the command line; `npm run build -- --all-channels` builds every channel of the database,
 * several at a time when memory allows (see chooseParallelism and scripts/host/build-cli.ts).
 * Needs a reachable Shop API: API_BASE_URL when given, otherwise the embedded API is started on an
 * ephemeral port just for the sync and the build.
 *
 * The build itself is scripts/host/build.ts's (shared with `npm start`); this file is the command line.
 */
import { spawn } from 'node:child_process';
import { availableParallelism, freemem, totalmem } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded, distDir, log, runContentSync, startEphemeralApi } from './host/build.ts';
import { BuildArgsError, channelDistDir, chooseParallelism, parseBuildArgs, readPeakRss, root } from './host/build-cli.ts';

async function main() {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const args = parseBuildArgs(process.argv.slice(2), process.env);
  if (args.kind === 'all') {
    await buildAllChannels();
    return;
  }
  const { channel } = args;
  // distDir and the stamp were fixed at import from CHANNEL: a channel named on the command line builds
  // in a fresh process with CHANNEL set, so every path above belongs to that channel.
  if (channel !== (process.env.CHANNEL || 'default')) {
    await buildChannelProcess(channel, process.env.API_BASE_URL, process.env.SHOP_DIST_DIR);
    return;
  }
  const external = process.env.API_BASE_URL;
  const api = external ? { baseUrl: external.replace(/\/+$/, ''), stop: async () => {} } : await startEphemeralApi();
  try {
    await runContentSync({ apiBaseUrl: api.baseUrl, channel });
    await buildIfNeeded({ apiBaseUrl: api.baseUrl, channel, force: true });
  } finally {
    await api.stop();
  }
  log(`Build for channel ${channel} is in ${relative(root, distDir) || '.'}/ (serve it with CHANNEL=${channel} npm start)`);
}

/** `node scripts/build.ts` for one channel in a child process (CHANNEL and SHOP_DIST_DIR set, no arguments). */
function buildChannelProcess(channel: string, apiBaseUrl: string | undefined, outDir: string | undefined): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, CHANNEL: channel, SHOP_DIST_DIR: channelDistDir(channel, outDir) };
    if (apiBaseUrl) env.API_BASE_URL = apiBaseUrl;
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`build of channel ${channel} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * `--all-channels`: every channel of the database, each in its own process and folder, as many at once
 * as memory and cores allow (chooseParallelism, from the peak RSS the last build of each channel recorded).
 * One API serves every child: the embedded one started here unless API_BASE_URL names one.
 */
async function buildAllChannels(): Promise<void> {
  // Listed before the embedded API opens the database: an embedded PGlite folder takes one process at a time.
  const channels = await listChannels();
  // An empty API_BASE_URL means none (as in main): the children must never start an API of their own on the same PGlite folder.
  const external = process.env.API_BASE_URL?.replace(/\/+$/, '') || undefined;
  const api = external ? null : await startEphemeralApi();
  try {
    const peak = Math.max(0, ...channels.map((c) => readPeakRss(channelDistDir(c))));
    const parallel = chooseParallelism({
      channels: channels.length,
      cores: availableParallelism(),
      totalMem: totalmem(),
      freeMem: freemem(),
      peakBytes: peak || undefined,
    });
    log(
      `Building ${channels.length} channels (${channels.join(', ')}), ${parallel} at a time (peak per build ${peak ? `${(peak / 2 ** 20).toFixed(0)} MiB measured` : 'not measured yet, estimated'}, ${(freemem() / 2 ** 30).toFixed(1)} GiB free)`,
    );
    const queue = [...channels];
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          // Each channel in its own folder under dist/ (SHOP_DIST_DIR is for one build, so not passed on).
          await buildChannelProcess(next, external || api!.baseUrl, undefined).catch((error: unknown) => {
            failures.push(`${next}: ${error instanceof Error ? error.message : String(error)}`);
          });
        }
      }),
    );
    if (failures.length) throw new Error(`channel builds failed: ${failures.join('; ')}`);
    for (const c of channels) {
      const rss = readPeakRss(channelDistDir(c));
      log(`  ${c}: ${relative(root, channelDistDir(c))}/${rss ? ` (astro build peak RSS ${(rss / 2 ** 20).toFixed(0)} MiB)` : ''}`);
    }
  } finally {
    await api?.stop();
  }
}

/** The channel ids of the configured database (DATABASE_URL, or the embedded PGlite), default first. */
async function listChannels(): Promise<string[]> {
  const { openDatabase } = await import('../api/src/db/client.ts');
  const { databaseUrl, readEnv } = await import('../api/src/env.ts');
  const { channels } = await import('../api/src/db/schema/index.ts');
  const { seedIfEmpty } = await import('../api/src/db/seed/index.ts');
  const database = await openDatabase(databaseUrl(readEnv()));
  try {
    await seedIfEmpty(database.db);
    const rows = await database.db.select({ id: channels.id, is_default: channels.is_default }).from(channels);
    return rows.sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id.localeCompare(b.id)).map((r) => r.id);
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    if (error instanceof BuildArgsError) {
      console.error(`[shop] ${error.message}`);
      process.exit(2);
    }
    console.error('[shop] build failed:', error);
    process.exit(1);
  });
}
