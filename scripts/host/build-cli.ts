/**
 * The command line of `npm run build` and the choices it makes before building: which channels, into
 * which folders, how many at once. Pure functions (no build, no database), so tests/unit covers them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');

/** A channel id as the API and content-sync accept it; it also names a folder, so nothing else. */
const CHANNEL_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type BuildArgs = { kind: 'one'; channel: string } | { kind: 'all' };

export class BuildArgsError extends Error {}

const USAGE = 'usage: npm run build [-- --channel NAME | -- --all-channels]';

/**
 * `--channel NAME` (or `--channel=NAME`) builds one channel, `--all-channels` every channel of the
 * database; without either, CHANNEL (default 'default'). Anything else is an error, not ignored: a
 * mistyped flag must not quietly build the default channel.
 */
export function parseBuildArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): BuildArgs {
  let channel: string | undefined;
  let all = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--all-channels') all = true;
    else if (arg === '--channel' || arg.startsWith('--channel=')) {
      if (channel !== undefined) throw new BuildArgsError(`--channel given twice\n${USAGE}`);
      const value = arg === '--channel' ? argv[++i] : arg.slice('--channel='.length);
      if (value === undefined || value === '' || value.startsWith('--')) throw new BuildArgsError(`--channel needs a channel id\n${USAGE}`);
      channel = value;
    } else throw new BuildArgsError(`unknown argument "${arg}"\n${USAGE}`);
  }
  if (all && channel !== undefined) throw new BuildArgsError(`--channel and --all-channels exclude each other\n${USAGE}`);
  if (all) return { kind: 'all' };
  const chosen = channel ?? (env.CHANNEL || 'default');
  if (!CHANNEL_ID.test(chosen)) throw new BuildArgsError(`invalid channel id "${chosen}" (letters, digits, - and _ only)`);
  return { kind: 'one', channel: chosen };
}

/** A channel's build folder: SHOP_DIST_DIR when given (one build's own folder), else dist/<channel>/. */
export function channelDistDir(channel: string, shopDistDir?: string): string {
  if (!CHANNEL_ID.test(channel)) throw new BuildArgsError(`invalid channel id "${channel}"`);
  return resolve(root, shopDistDir || join('dist', channel));
}

/**
 * Peak RSS of one `astro build` when none was recorded yet. Measured on this project (2 cores, 24 GiB):
 * the default channel's build peaked at about 1.1 GiB; the estimate stays above that.
 */
export const ESTIMATED_BUILD_PEAK = 1.5 * 2 ** 30;
/** Memory left to the system, the API serving the builds and the other processes on the machine. */
export const MEMORY_RESERVE = 1 * 2 ** 30;

/**
 * How many channel builds run at once: at most one per core (a build keeps a core busy), at most one
 * per channel, and only as many as fit in free memory minus a reserve, each counted at its measured
 * peak plus a quarter for safety. Never less than one: a tight machine builds one after another.
 */
export function chooseParallelism(opts: {
  channels: number;
  cores: number;
  totalMem: number;
  freeMem: number;
  peakBytes?: number;
}): number {
  const peak = (opts.peakBytes && opts.peakBytes > 0 ? opts.peakBytes : ESTIMATED_BUILD_PEAK) * 1.25;
  // Free memory can read low while the page cache is full; more than total never counts.
  const usable = Math.min(opts.freeMem, opts.totalMem) - MEMORY_RESERVE;
  const byMemory = Math.floor(usable / peak);
  return Math.max(1, Math.min(opts.channels, Math.max(1, opts.cores), byMemory));
}

/**
 * A module for `node --import`: the process writes its peak resident set size (bytes) to PEAK_RSS_FILE
 * when it exits. Node exposes no child's rusage, so the build measures itself.
 */
export const peakRssHook = `data:text/javascript,${encodeURIComponent(
  "import{writeFileSync}from'node:fs';const f=process.env.PEAK_RSS_FILE;" +
    "if(f)process.on('exit',()=>{try{writeFileSync(f,String(process.resourceUsage().maxRSS*1024))}catch{}});",
)}`;

/** The peak RSS (bytes) the last build in a folder recorded, or 0. */
export function readPeakRss(dir: string): number {
  const file = join(dir, '.build-peak-rss');
  if (!existsSync(file)) return 0;
  const n = Number(readFileSync(file, 'utf8').trim());
  return Number.isFinite(n) && n > 0 ? n : 0;
}
