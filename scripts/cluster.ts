/**
 * `npm run start:cluster`: the shop as several processes on one machine over one PostgreSQL and
 * (optionally) one Redis, behind a small round-robin load balancer (scripts/lb.ts):
 *
 *   PORT (default 4321)            the load balancer: /v1/*, /admin/v1/*, /public.json → API processes,
 *                                  everything else → storefront processes
 *   PORT+1 … PORT+API_PROCESSES    API processes (`npm run start:api`, api/src/server.ts)
 *   the next WEB_PROCESSES ports   storefront processes (scripts/start.ts with API_BASE_URL = the balancer,
 *                                  SHOP_SHARED_BUILDS=1: one live rebuild at a time, scripts/rebuild-lock.ts)
 *
 * Start order: the first API process migrates and seeds, then the other API processes, then the
 * first storefront process (it syncs and builds when dist/ is out of date), then the others (they
 * find the build current). A process that exits is taken out of the balancer at once and restarted
 * with backoff (0.5 s doubling to 10 s; reset after 30 s up). SIGINT/SIGTERM stop everything.
 *
 * Each line a child prints is prefixed with its name; `[cluster] <name> pid <pid> port <port>` lines
 * tell tools (scripts/loadtest.ts) which process is which.
 * Environment: DATABASE_URL (required, PostgreSQL), REDIS_URL, REDIS_PREFIX, PORT, HOST,
 * API_PROCESSES (2), WEB_PROCESSES (2), LB_CACHE (1: the balancer's shared cache; 0 turns it off), SITE_URL, SHOP_INTERNAL_SECRET, CLUSTER_NODE_ARGS, and everything the API and
 * storefront read (docs/configuration.md). See docs/deployment.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { z } from 'zod';
import { startBalancer, type Backend, type Balancer } from './lb.ts';
import { root } from './build.ts';
import { refuseUnsafeProduction, SHOP_SETTINGS } from '../api/src/lib/production-secrets.ts';

const clusterEnv = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (several processes cannot share PGlite)'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  PORT: z.coerce.number().int().min(1).max(65000).default(4321),
  HOST: z.string().default('127.0.0.1'),
  API_PROCESSES: z.coerce.number().int().min(1).max(16).default(2),
  WEB_PROCESSES: z.coerce.number().int().min(0).max(16).default(2),
  /** The balancer's shared cache (scripts/lb-cache.ts): on unless LB_CACHE=0. */
  LB_CACHE: z.enum(['0', '1']).default('1'),
});

const nonEmpty = () => Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => !!e[1]));

export function log(line: string): void {
  console.log(`[cluster] ${line}`);
}

interface Member extends Backend {
  role: 'api' | 'web';
  script: string;
  env: Record<string, string>;
  child?: ChildProcess;
  /** Resolves when the current child is ready (its health check passed). */
  starts: number;
  startedAt: number;
  backoffMs: number;
}

/** CLUSTER_NODE_ARGS: extra Node flags for every process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where time goes). */
const nodeArgs = (process.env.CLUSTER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Every child running now, so a failed start stops them too. */
const running = new Set<ChildProcess>();

async function main() {
  const parsed = clusterEnv.safeParse(nonEmpty());
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const env = parsed.data;
  // NODE_ENV=production: every process gets this environment, so all of the shop's secrets are checked here.
  refuseUnsafeProduction('cluster', SHOP_SETTINGS);
  const lbUrl = `http://127.0.0.1:${env.PORT}`;
  process.env.SITE_URL ||= `http://localhost:${env.PORT}`;
  process.env.SHOP_INTERNAL_SECRET ||= randomBytes(32).toString('base64url');
  // One card test provider for every API process (its tokens live in its memory), unless another
  // provider is configured.
  const { startConfiguredTestProvider } = await import('../api/src/services/payments/testpay/start.ts');
  const closeProvider = await startConfiguredTestProvider(log);

  const shared: Record<string, string> = {
    ...nonEmpty(),
    TRUST_PROXY: process.env.TRUST_PROXY || '1',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const members: Member[] = [];
  for (let i = 0; i < env.API_PROCESSES; i++) {
    const port = env.PORT + 1 + i;
    members.push({
      name: `api-${i + 1}`, role: 'api', port, script: join(root, 'api', 'src', 'server.ts'),
      env: { ...shared, API_PORT: String(port), PORT: String(port) }, starts: 0, startedAt: 0, backoffMs: 500,
    });
  }
  for (let i = 0; i < env.WEB_PROCESSES; i++) {
    const port = env.PORT + 1 + env.API_PROCESSES + i;
    members.push({
      name: `web-${i + 1}`, role: 'web', port, script: join(root, 'scripts', 'start.ts'),
      env: { ...shared, PORT: String(port), HOST: '127.0.0.1', API_BASE_URL: lbUrl, SHOP_SHARED_BUILDS: '1' }, starts: 0, startedAt: 0, backoffMs: 500,
    });
  }
  const api = members.filter((m) => m.role === 'api');
  const web = members.filter((m) => m.role === 'web');
  const balancer: Balancer = await startBalancer({
    port: env.PORT, host: env.HOST, api, web, log: (l) => console.log(`[lb] ${l}`), ...(env.LB_CACHE === '0' ? { cache: false as const } : {}),
  });
  log(`load balancer at ${lbUrl} (API: ${api.map((m) => m.port).join(', ')}; storefront: ${web.map((m) => m.port).join(', ') || 'none'}; shared cache ${env.LB_CACHE === '0' ? 'off' : 'on'})`);

  let stopping = false;
  const spawnMember = (m: Member) => {
    m.starts += 1;
    m.startedAt = Date.now();
    const child = spawn(process.execPath, [...nodeArgs, m.script], { cwd: root, env: m.env, stdio: ['ignore', 'pipe', 'pipe'] });
    m.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    log(`${m.name} pid ${child.pid} port ${m.port}${m.starts > 1 ? ` (restart ${m.starts - 1})` : ''}`);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${m.name}] ${line}`));
    }
    child.on('exit', (code, signal) => {
      if (m.child !== child) return;
      m.child = undefined;
      balancer.markDown(m.name);
      if (stopping) return;
      if (Date.now() - m.startedAt > 30_000) m.backoffMs = 500;
      log(`${m.name} exited (${signal ?? `code ${code}`}), restarting in ${m.backoffMs} ms`);
      setTimeout(() => { if (!stopping) spawnMember(m); }, m.backoffMs);
      m.backoffMs = Math.min(m.backoffMs * 2, 10_000);
    });
  };
  /** Resolves once every member of `list` passed a health check. */
  const ready = async (list: Member[], timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (list.some((m) => !m.healthy)) {
      if (Date.now() > until) throw new Error(`${list.filter((m) => !m.healthy).map((m) => m.name).join(', ')} not ready after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
      await balancer.check();
    }
  };

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping every process`);
    const exits = members.filter((m) => m.child).map((m) => new Promise<void>((r) => { m.child!.once('exit', () => r()); m.child!.kill('SIGTERM'); }));
    const force = setTimeout(() => { for (const m of members) m.child?.kill('SIGKILL'); }, 8000);
    force.unref();
    await Promise.all(exits);
    await balancer.close();
    await closeProvider();
    process.exit(0);
  };
  process.once('SIGINT', () => { void stop('SIGINT'); });
  process.once('SIGTERM', () => { void stop('SIGTERM'); });

  const started = Date.now();
  // The first API process migrates and seeds; the others then find the database ready.
  spawnMember(api[0]);
  await ready([api[0]], 120_000);
  for (const m of api.slice(1)) spawnMember(m);
  await ready(api, 60_000);
  // The first storefront syncs and builds when needed; the others find the build current.
  if (web.length) {
    spawnMember(web[0]);
    await ready([web[0]], 600_000);
    for (const m of web.slice(1)) spawnMember(m);
    await ready(web, 120_000);
  }
  log(`Cluster ready at ${lbUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (${api.length} API, ${web.length} storefront processes${env.REDIS_URL ? ', Redis' : ', no Redis'})`);
}

main().catch((error: unknown) => {
  console.error(`[cluster] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  for (const child of running) child.kill('SIGKILL');
  process.exit(1);
});
