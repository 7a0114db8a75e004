/**
 * The real API process with NODE_ENV=production on PostgreSQL (issue 23, items 3 and 4): started on
 * an empty database it neither migrates nor seeds, warns, and answers /readyz 503 saying the schema
 * is behind; after `npm run db:migrate` it turns ready without a restart; on SIGTERM /readyz answers
 * 503 at once while /healthz still answers during the drain, and the process exits 0.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expectedMigrations } from '../../api/src/db/migrate.ts';
import { onPostgres } from './helpers.ts';

const base = process.env.DATABASE_URL ?? '';
const name = `shop_rel_${randomBytes(6).toString('hex')}`;

async function admin(query: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

/** The environment of a production process: no variable of the test run's own, fresh secrets. */
function productionEnv(url: string): Record<string, string> {
  const keep = Object.entries(process.env).filter(
    ([k]) => !/SECRET|PASSWORD|^PAYMENT_|^DATABASE_URL$|^REDIS_URL$|^SMTP_URL$|^S3_|^NODE_ENV$|^VITEST|^SHUTDOWN/.test(k),
  );
  return {
    ...(Object.fromEntries(keep) as Record<string, string>),
    NODE_ENV: 'production',
    DATABASE_URL: url,
    API_PORT: '0',
    SHUTDOWN_DRAIN_MS: '1500',
    PAYMENT_PROVIDER: 'test',
    PAYMENT_PROVIDER_SECRET: randomBytes(24).toString('base64url'),
    SHOP_INTERNAL_SECRET: randomBytes(24).toString('base64url'),
  };
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('NODE_ENV=production: migrations are the release step', () => {
  let api: ChildProcess | null = null;
  afterAll(async () => {
    if (api && api.exitCode === null) api.kill('SIGKILL');
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('starts not ready on an empty database, turns ready after db:migrate, drains on SIGTERM', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const env = productionEnv(url.toString());
    api = spawn(process.execPath, ['api/src/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    api.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    api.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<number | null>((r) => api!.on('exit', (code) => r(code)));
    for (let i = 0; i < 200 && !/listening at http:\/\/localhost:\d+/.test(out); i++) await sleep(100);
    const port = /listening at http:\/\/localhost:(\d+)/.exec(out)?.[1];
    expect(port, out).toBeTruthy();
    const at = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);

    const expected = (await expectedMigrations()).length;
    const behind = `database schema is behind: 0 of ${expected} migrations applied; run npm run db:migrate`;
    // A JSON log line (pino) of the api component says so at start.
    const warned = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: string; component: string; msg: string });
    expect(
      warned.find((l) => l.msg.startsWith(behind)),
      out,
    ).toMatchObject({ level: 'warn', component: 'api' });
    expect((await at('/healthz')).status).toBe(200);
    const notReady = await at('/readyz');
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', schema: 'fail' },
      reason: behind,
      request_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const migrated = await run(['scripts/db-migrate.ts'], env);
    expect(migrated.code, migrated.out).toBe(0);
    let ready = 0;
    for (let i = 0; i < 50 && ready !== 200; i++) {
      await sleep(100);
      ready = (await at('/readyz')).status;
    }
    expect(ready).toBe(200);
    // Not seeded: the release step seeds only with --seed.
    expect((await at('/v1/settings')).status).not.toBe(200);

    api.kill('SIGTERM');
    await sleep(200);
    const stopping = await at('/readyz');
    expect(stopping.status).toBe(503);
    expect((await stopping.json()).reason).toBe('shutting down');
    expect((await at('/healthz')).status).toBe(200);
    expect(await exited).toBe(0);
    expect(out).toMatch(/SIGTERM: shutting down/);
  }, 60_000);
});
