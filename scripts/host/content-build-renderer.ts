/**
 * The warm content renderer: one `astro build`, kept alive to re-render changed content pages later
 * without bundling again. Vite/Rolldown bundling is a fixed ~5 s of every `astro build` (more on a busy
 * machine), and restoring ~11,000 unchanged pages from Astro's incremental cache into a fresh output
 * costs as much again; both are most of a one-post rebuild, far over 10 % of a full build.
 *
 * So this process runs `astro build` once (programmatically, with Astro's incremental cache, into the
 * output it is given) and keeps the build's prerenderer (the pre-render bundle with its routes,
 * styles and scripts) in memory. For each later content change it is told an output directory that
 * already holds a hard-linked copy of the live build (scripts/host/rebuild-live.ts makes it); it asks every
 * getStaticPaths() again (the snapshot is re-read after a sync: content-sync/snapshot.ts), renders only
 * the paths whose cacheKey changed or is new, writes each through a temporary file and a rename (which
 * replaces the link, never the live file it shared), and deletes the files of paths that are gone.
 * A change of sources or of the front settings (which every page and the config read) needs a real
 * build: the parent then starts a new renderer.
 *
 * Protocol (child_process.fork IPC): the child builds at once into SHOP_DIST_DIR and sends
 * `{type:'built'}` or `{type:'failed', error}`; then `{type:'render', outDir}` answers
 * `{type:'rendered', rendered, removed}` or `{type:'failed', error}`.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** What the parent gets from a render. */
export interface RenderResult {
  rendered: string[];
  removed: string[];
}

type Reply = { type: 'built' } | { type: 'rendered'; rendered: string[]; removed: string[] } | { type: 'failed'; error: string };

/** The parent's handle on a warm renderer. */
export interface WarmRenderer {
  /** Re-renders the changed content pages into `outDir` (a hard-linked copy of the live build). */
  render(outDir: string): Promise<RenderResult>;
  /** The process id (the bench measures its memory). */
  pid: number;
  stop(): void;
}

/**
 * Starts a renderer: it builds into `outDir` first (resolves once that build succeeded, rejects with
 * the build's error otherwise, and the process is then gone).
 */
export function startWarmRenderer(outDir: string, env: Record<string, string>): Promise<WarmRenderer> {
  const child: ChildProcess = fork(here, [], {
    env: { ...process.env, ...env, SHOP_DIST_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let waiting: { resolve: (r: Reply) => void } | null = null;
  let exited = false;
  child.on('message', (reply: Reply) => {
    const w = waiting;
    waiting = null;
    w?.resolve(reply);
  });
  child.on('exit', (code, signal) => {
    exited = true;
    const w = waiting;
    waiting = null;
    w?.resolve({ type: 'failed', error: `the renderer exited (${signal ?? `code ${code}`})` });
  });
  const next = () =>
    new Promise<Reply>((r) => {
      waiting = { resolve: r };
    });
  const handle: WarmRenderer = {
    pid: child.pid!,
    async render(dir) {
      if (exited) throw new Error('the renderer is not running');
      const reply = next();
      child.send({ type: 'render', outDir: dir });
      const r = await reply;
      if (r.type !== 'rendered') throw new Error(r.type === 'failed' ? r.error : 'unexpected renderer reply');
      return { rendered: r.rendered, removed: r.removed };
    },
    stop() {
      if (!exited) child.kill('SIGTERM');
    },
  };
  return next().then((r) => {
    if (r.type === 'built') return handle;
    handle.stop();
    throw new Error(r.type === 'failed' ? r.error : 'unexpected renderer reply');
  });
}

// ---------------------------------------------------------------- the child process

interface PathEntry {
  pathname: string;
  route: { component: string; route: string; type: string };
  cacheKey?: string;
}
interface BuildApp {
  routeCache: { clearAll(): void };
  getOptions(): { origin: string };
  render(request: Request, options: { routeData: unknown }): Promise<Response>;
}
interface Prerenderer {
  app: BuildApp;
  getStaticPaths(): Promise<PathEntry[]>;
  render(request: Request, options: { routeData: unknown; collectMetadata: boolean }): Promise<Response | { response: Response }>;
}

/**
 * The pre-render app of the build that just generated its pages. Importing its entry again gives the
 * module instance Astro already loaded (same URL), whose app holds the build's internals (styles,
 * scripts of every route), so it renders exactly as the build did.
 */
async function keepBuildApp(outDir: string): Promise<Prerenderer> {
  const bundleDir = join(outDir, 'server', '.prerender');
  const entry = readdirSync(bundleDir).find((name) => /^prerender-entry\..*\.mjs$/.test(name));
  if (!entry) throw new Error(`no pre-render entry in ${bundleDir}`);
  const { app } = (await import(pathToFileURL(join(bundleDir, entry)).href)) as { app: BuildApp };
  // @ts-expect-error Astro's runtime module has no type declarations of its own.
  const { StaticPaths } = (await import('astro/runtime/prerender/static-paths.js')) as {
    StaticPaths: new (app: BuildApp) => { getAll(): Promise<PathEntry[]> };
  };
  return {
    app,
    getStaticPaths: () => new StaticPaths(app).getAll(),
    render: (request, { routeData }) => app.render(request, { routeData }),
  };
}

/** Pathname → its cacheKey (undefined: a page without one) and its output file relative to the output directory. */
type PathKeys = Map<string, { cacheKey: string | undefined; file: string }>;

/** The output file of a pre-rendered path (build.format 'directory', trailing slashes; endpoints and 404 by name). */
function outputFile(outDir: string, entry: PathEntry): string {
  const decoded = decodeURI(entry.pathname);
  if (entry.route.type === 'endpoint') return join(outDir, 'client', decoded);
  if (entry.route.route === '/404') return join(outDir, 'client', '404.html');
  return join(outDir, 'client', decoded, decoded.endsWith('.html') ? '' : 'index.html');
}

/** The file's bytes, or null when there is none. */
async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

async function child(): Promise<void> {
  const root = resolve(here, '../../..');
  process.chdir(root);
  let prerenderer: Prerenderer | null = null;
  // Every pre-rendered path of the live output → its cacheKey (undefined: a page without one) and file.
  const keys: PathKeys = new Map();
  const send = (reply: Reply) => process.send!(reply);

  const { build } = await import('astro');
  try {
    // Keep the pre-render app Astro built with (astro.config.mjs calls this before deleting its bundle).
    // (The hook's own `dir` is the client folder; the bundle is under the output's server/.)
    (globalThis as { __shopKeepPrerenderer?: () => Promise<void> }).__shopKeepPrerenderer = async () => {
      prerenderer = await keepBuildApp(resolve(root, process.env.SHOP_DIST_DIR!));
    };
    await build({ root });
    if (!prerenderer) throw new Error('the build kept no prerenderer');
    // The keys the build rendered or copied with (its routeCache still holds that getStaticPaths()).
    for (const p of await (prerenderer as Prerenderer).getStaticPaths())
      keys.set(p.pathname, { cacheKey: p.cacheKey, file: outputFile('', p) });
    send({ type: 'built' });
  } catch (error) {
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }

  const renderer = prerenderer as unknown as Prerenderer;
  process.on('message', (message: { type: string; outDir: string }) => {
    if (message.type !== 'render') return;
    renderInto(renderer, keys, message.outDir).then(
      (r) => send({ type: 'rendered', ...r }),
      (error: unknown) => send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

/**
 * Renders into outDir what changed since the live output: every path whose cacheKey changed or is new,
 * and every path without a cacheKey (pages that are not dynamic routes, such as /faq/ or /sitemap/, cannot
 * declare one; there are few), each written only when its bytes differ, so an unchanged page keeps its
 * file. Paths gone since are deleted.
 */
async function renderInto(renderer: Prerenderer, keys: PathKeys, outDir: string): Promise<RenderResult> {
  renderer.app.routeCache.clearAll();
  const paths = await renderer.getStaticPaths();
  const origin = renderer.app.getOptions().origin;
  const next: PathKeys = new Map();
  const rendered: string[] = [];
  for (const entry of paths) {
    if (entry.route.type === 'redirect' || entry.route.type === 'fallback') continue;
    const previous = keys.get(entry.pathname);
    next.set(entry.pathname, { cacheKey: entry.cacheKey, file: outputFile('', entry) });
    if (previous && entry.cacheKey !== undefined && previous.cacheKey === entry.cacheKey) continue;
    // The URL astro build requests for the path: pages with a trailing slash (build.format 'directory').
    const url = entry.route.type === 'page' && !entry.pathname.endsWith('/') ? `${entry.pathname}/` : entry.pathname;
    const result = await renderer.render(new Request(new URL(url, origin)), { routeData: entry.route, collectMetadata: false });
    const response = result instanceof Response ? result : result.response;
    const expected = entry.route.route === '/404' ? [200, 404] : entry.route.route === '/500' ? [200, 500] : [200];
    if (!expected.includes(response.status)) throw new Error(`rendering ${entry.pathname} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const file = outputFile(outDir, entry);
    const before = await readIfExists(file);
    if (before?.equals(body)) continue;
    await mkdir(dirname(file), { recursive: true });
    // A new file renamed over the hard link: the live build's copy of this path stays as it was.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
    rendered.push(entry.pathname);
  }
  const removed = paths.length ? [...keys.keys()].filter((p) => !next.has(p)) : [];
  for (const pathname of removed) {
    const file = join(outDir, keys.get(pathname)!.file);
    await rm(file, { force: true });
    await rmdir(dirname(file)).catch(() => {});
  }
  keys.clear();
  for (const [k, v] of next) keys.set(k, v);
  return { rendered, removed };
}

if (import.meta.main && process.send) {
  child().catch((error: unknown) => {
    console.error('[renderer] failed:', error);
    process.exit(1);
  });
}
