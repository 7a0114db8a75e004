/**
 * `npm run start:cluster`: the shop as several processes on one machine over one PostgreSQL and
 * (optionally) one Redis, behind Debian's nginx (deploy/nginx/, rendered by scripts/nginx-config.ts):
 *
 *   PORT (default 4321)            nginx: /v1/*, /admin/v1/*, /public.json → API processes, everything
 *                                  else → storefront processes; the shared cache; /_astro/ from disk
 *   PORT+1 … PORT+API_PROCESSES    API processes (api/src/server.ts)
 *   the next WEB_PROCESSES ports   storefront processes (scripts/host/start.ts with API_BASE_URL = nginx,
 *                                  SHOP_SHARED_BUILDS=1: one live rebuild at a time, scripts/host/rebuild-lock.ts)
 *
 * Start order: nginx; the release step `node scripts/db-migrate.ts --seed` (migrations under an
 * advisory lock, the seed of an empty database); the API processes; the first storefront process (it
 * syncs and builds when dist/ is out of date), then the others. Each is ready when its GET /readyz
 * answers 200. A child that exits (nginx too) is restarted with backoff (0.5 s doubling to
 * 10 s; reset after 30 s up); nginx's passive health (max_fails) skips a process that is gone.
 * SIGINT/SIGTERM stop everything (nginx gracefully). `nginx -s reload -p <prefix> -c <config>`
 * (printed at start) reloads nginx under load.
 *
 * Each line a child prints is prefixed with its name; `[cluster] <name> pid <pid> port <port>` lines
 * tell tools (scripts/bench/loadtest.ts) which process is which, `[cluster] nginx pid … port … prefix … config …` nginx.
 * Environment: DATABASE_URL (required, PostgreSQL), REDIS_URL, REDIS_PREFIX, PORT, HOST,
 * API_PROCESSES (2), WEB_PROCESSES (2), TRUSTED_PROXIES (127.0.0.1,::1), METRICS_PORT (when set,
 * process n gets METRICS_PORT + n - 1), NGINX_BIN, SITE_URL, SHOP_INTERNAL_SECRET, CLUSTER_NODE_ARGS,
 * and everything the API and storefront read (docs/configuration.md). See docs/deployment.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { refuseUnsafeProduction, SHOP_SETTINGS } from '../api/src/lib/production-secrets.ts';
import { clientDir, root } from './host/build.ts';
import { clusterConfig, findNginx, INSTALL_HINT } from './nginx-config.ts';

const clusterEnv = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (several processes cannot share PGlite)'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  PORT: z.coerce.number().int().min(1).max(65000).default(4321),
  HOST: z.string().default('127.0.0.1'),
  API_PROCESSES: z.coerce.number().int().min(1).max(16).default(2),
  WEB_PROCESSES: z.coerce.number().int().min(1).max(16).default(2),
  METRICS_PORT: z.coerce.number().int().min(1).max(65000).optional(),
});

const nonEmpty = () => Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => !!e[1]));

/**
 * A child's line as the cluster prints it: a JSON log line (pino) stays one JSON object and gains
 * `"process":"<name>"`, so a collector still parses it; any other line gets a `[<name>] ` prefix.
 */
export function tagLine(name: string, line: string): string {
  return line.startsWith('{"') && line.endsWith('}') ? `{"process":${JSON.stringify(name)},${line.slice(1)}` : `[${name}] ${line}`;
}

export function log(line: string): void {
  console.log(`[cluster] ${line}`);
}

interface Member {
  name: string;
  role: 'api' | 'web' | 'nginx';
  port: number;
  command: string;
  args: string[];
  env: Record<string, string>;
  child?: ChildProcess;
  starts: number;
  startedAt: number;
  backoffMs: number;
  extra?: string;
}

/** CLUSTER_NODE_ARGS: extra Node flags for every process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where time goes). */
const nodeArgs = (process.env.CLUSTER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Every child running now, so a failed start stops them too. */
const running = new Set<ChildProcess>();

/** The release step: migrations under an advisory lock, and the seed of an empty database. */
const MIGRATE_SCRIPT = join(root, 'scripts', 'db-migrate.ts');

/** Whether the process answers ready (GET /readyz 200: database reachable, schema current, build loaded). */
async function isReady(m: Member): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${m.port}/readyz`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function main() {
  const parsed = clusterEnv.safeParse(nonEmpty());
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const env = parsed.data;
  // NODE_ENV=production: every process gets this environment, so all of the shop's secrets are checked here.
  refuseUnsafeProduction('cluster', SHOP_SETTINGS);
  const edgeUrl = `http://127.0.0.1:${env.PORT}`;
  process.env.SITE_URL ||= `http://localhost:${env.PORT}`;
  process.env.SHOP_INTERNAL_SECRET ||= randomBytes(32).toString('base64url');
  // One card test provider for every API process (its tokens live in its memory), unless another
  // provider is configured.
  const { startConfiguredTestProvider } = await import('../api/src/services/payments/testpay/start.ts');
  const closeProvider = await startConfiguredTestProvider(log);
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error(INSTALL_HINT);

  const shared: Record<string, string> = {
    ...nonEmpty(),
    // nginx on loopback is the only proxy whose X-Forwarded-* headers the processes believe.
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES || '127.0.0.1,::1',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  delete shared.METRICS_PORT;
  const metricsOf = (n: number): Record<string, string> => (env.METRICS_PORT ? { METRICS_PORT: String(env.METRICS_PORT + n) } : {});
  const member = (m: Omit<Member, 'starts' | 'startedAt' | 'backoffMs'>): Member => ({ ...m, starts: 0, startedAt: 0, backoffMs: 500 });
  const api: Member[] = [];
  const web: Member[] = [];
  for (let i = 0; i < env.API_PROCESSES; i++) {
    const port = env.PORT + 1 + i;
    const metrics = metricsOf(i);
    api.push(
      member({
        name: `api-${i + 1}`,
        role: 'api',
        port,
        command: process.execPath,
        args: [...nodeArgs, join(root, 'api', 'src', 'server.ts')],
        env: { ...shared, API_PORT: String(port), PORT: String(port), ...metrics },
        extra: metrics.METRICS_PORT ? ` metrics ${metrics.METRICS_PORT}` : '',
      }),
    );
  }
  for (let i = 0; i < env.WEB_PROCESSES; i++) {
    const port = env.PORT + 1 + env.API_PROCESSES + i;
    const metrics = metricsOf(env.API_PROCESSES + i);
    web.push(
      member({
        name: `web-${i + 1}`,
        role: 'web',
        port,
        command: process.execPath,
        args: [...nodeArgs, join(root, 'scripts', 'host', 'start.ts')],
        env: {
          ...shared,
          PORT: String(port),
          HOST: '127.0.0.1',
          API_BASE_URL: edgeUrl,
          SHOP_SHARED_BUILDS: process.env.SHOP_SHARED_BUILDS || '1',
          ...metrics,
        },
        extra: metrics.METRICS_PORT ? ` metrics ${metrics.METRICS_PORT}` : '',
      }),
    );
  }

  // nginx: its configuration rendered for these ports, its files under .data/cluster/nginx-<port>.
  const prefix = join(root, '.data', 'cluster', `nginx-${env.PORT}`);
  // A new cluster starts with an empty cache: the last one's copies may come from another database.
  rmSync(join(prefix, 'cache'), { recursive: true, force: true });
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const config = join(prefix, 'nginx.conf');
  writeFileSync(
    config,
    clusterConfig({
      dir: prefix,
      listen: `${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`,
      api: api.map((m) => m.port),
      web: web.map((m) => m.port),
      clientDir,
    }),
  );
  const check = spawnSync(nginxBin, ['-t', '-q', '-p', prefix, '-c', config, '-e', 'stderr'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused ${config}:\n${check.stderr}`);
  const edge = member({
    name: 'nginx',
    role: 'nginx',
    port: env.PORT,
    command: nginxBin,
    args: ['-p', prefix, '-c', config, '-e', 'stderr', '-g', 'daemon off;'],
    env: shared,
    extra: ` prefix ${prefix} config ${config}`,
  });
  const members = [edge, ...api, ...web];

  let stopping = false;
  const spawnMember = (m: Member) => {
    m.starts += 1;
    m.startedAt = Date.now();
    const child = spawn(m.command, m.args, { cwd: root, env: m.env, stdio: ['ignore', 'pipe', 'pipe'] });
    m.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    log(`${m.name} pid ${child.pid} port ${m.port}${m.extra ?? ''}${m.starts > 1 ? ` (restart ${m.starts - 1})` : ''}`);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => console.log(tagLine(m.name, line)));
    }
    child.on('error', (e) => console.error(`[cluster] ${m.name}: ${e.message}`));
    child.on('exit', (code, signal) => {
      if (m.child !== child) return;
      m.child = undefined;
      if (stopping) return;
      if (Date.now() - m.startedAt > 30_000) m.backoffMs = 500;
      log(`${m.name} exited (${signal ?? `code ${code}`}), restarting in ${m.backoffMs} ms`);
      setTimeout(() => {
        if (!stopping) spawnMember(m);
      }, m.backoffMs);
      m.backoffMs = Math.min(m.backoffMs * 2, 10_000);
    });
  };
  /** Resolves once every member of `list` answers ready. */
  const ready = async (list: Member[], timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    const waiting = new Set(list);
    while (waiting.size) {
      for (const m of [...waiting]) if (await isReady(m)) waiting.delete(m);
      if (!waiting.size) break;
      if (Date.now() > until) throw new Error(`${[...waiting].map((m) => m.name).join(', ')} not ready after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping every process`);
    const exits = members
      .filter((m) => m.child)
      .map(
        (m) =>
          new Promise<void>((r) => {
            m.child!.once('exit', () => r());
            m.child!.kill(m.role === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
          }),
      );
    const force = setTimeout(() => {
      for (const m of members) m.child?.kill('SIGKILL');
    }, 8000);
    force.unref();
    await Promise.all(exits);
    await closeProvider();
    process.exit(0);
  };
  process.once('SIGINT', () => {
    void stop('SIGINT');
  });
  process.once('SIGTERM', () => {
    void stop('SIGTERM');
  });

  const started = Date.now();
  spawnMember(edge);
  // The release step: migrations (under an advisory lock) and the seed of an empty database, once.
  log('release step: node scripts/db-migrate.ts --seed');
  const migrate = spawnSync(process.execPath, [MIGRATE_SCRIPT, '--seed'], { cwd: root, env: shared, stdio: 'inherit' });
  if (migrate.status !== 0) throw new Error(`db-migrate failed (${migrate.signal ?? `code ${migrate.status}`})`);
  for (const m of api) spawnMember(m);
  await ready(api, 120_000);
  // The first storefront syncs and builds when needed; the others find the build current.
  spawnMember(web[0]);
  await ready([web[0]], 600_000);
  for (const m of web.slice(1)) spawnMember(m);
  await ready(web, 120_000);
  log(
    `Cluster ready at ${edgeUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (nginx, ${api.length} API, ${web.length} storefront processes${env.REDIS_URL ? ', Redis' : ', no Redis'})`,
  );
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(`[cluster] failed to start: ${error instanceof Error ? error.message : String(error)}`);
    for (const child of running) child.kill('SIGKILL');
    process.exit(1);
  });
}
