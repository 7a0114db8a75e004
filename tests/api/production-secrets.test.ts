/**
 * NODE_ENV=production: every entry point refuses to start, one line per variable, while a secret it
 * reads is unset, short or written in the repository, or the test payment provider would start
 * without PAYMENT_PROVIDER=test; with the shop's own secrets it starts (or gets past the check).
 * Development needs no setup.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productionProblems } from '../../api/src/lib/production-secrets.ts';

const REFUSED = "NODE_ENV=production needs the shop's own secrets:";
const dir = mkdtempSync(join(tmpdir(), 'prod-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The test runner's environment without any secret, database or provider setting. */
function bareEnv(extra: Record<string, string>): Record<string, string> {
  const drop = /SECRET|PASSWORD|^PAYMENT_PROVIDER|^DATABASE_URL$|^REDIS_URL$|^SMTP_URL$|^S3_|^NODE_ENV$|^VITEST/;
  const base = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !drop.test(e[0])));
  return { ...base, DATA_DIR: join(dir, `pglite-${randomBytes(4).toString('hex')}`), API_PORT: '0', PORT: '0', ...extra };
}

/** A secret nobody has seen: random, so written nowhere. */
const own = () => randomBytes(24).toString('base64url');
/** One database for the starts that go all the way (migrated once). */
const served = () => join(dir, 'served');

/** Runs `script` until it exits, or until a line matches `until` (then it is killed): its output and exit code. */
function run(script: string, env: Record<string, string>, until?: RegExp): Promise<{ out: string; code: number | null; matched: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let matched = false;
    const take = (d: Buffer) => {
      out += d.toString();
      if (until && !matched && until.test(out)) {
        matched = true;
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => resolve({ out, code, matched }));
  });
}

/** The lines naming a refused variable, by name. */
const refusedNames = (out: string) =>
  out
    .split('\n')
    .filter((l) => /^ {2}[A-Z_]+: /.test(l))
    .map((l) => l.trim().split(':')[0]);

// Each case spawns Node processes that load the whole API: slow on a busy machine.
describe('NODE_ENV=production with the defaults', { timeout: 120_000 }, () => {
  it('the Shop API (npm run api) refuses: the test provider not chosen, no provider secret, no internal secret', async () => {
    const { out, code } = await run('api/src/server.ts', bareEnv({ NODE_ENV: 'production' }));
    expect(code).toBe(1);
    expect(out.split('\n')[0]).toBe(`[api] failed to start: ${REFUSED}`);
    expect(refusedNames(out)).toEqual(['PAYMENT_PROVIDER', 'PAYMENT_PROVIDER_SECRET', 'SHOP_INTERNAL_SECRET']);
  });

  it("the Shop API refuses values written in the repository: env.ts's default, a test's secret, a documented password", async () => {
    const { out, code } = await run(
      'api/src/server.ts',
      bareEnv({
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'test',
        PAYMENT_PROVIDER_SECRET: 'sk_test_storefront_secret',
        SHOP_INTERNAL_SECRET: 'e2e-rebuild-secret-0123456789',
        SMTP_URL: 'smtp://user:pass@mail.example.jp:587',
      }),
    );
    expect(code).toBe(1);
    expect(refusedNames(out)).toEqual(['PAYMENT_PROVIDER_SECRET', 'SHOP_INTERNAL_SECRET', 'SMTP_URL']);
    expect(out).toContain('PAYMENT_PROVIDER_SECRET: equals a value written in the repository (api/src/env.ts)');
  });

  it("npm start refuses, naming the rebuild secret too; with an external API only the storefront's secrets", async () => {
    const embedded = await run('scripts/host/start.ts', bareEnv({ NODE_ENV: 'production' }));
    expect(embedded.code).toBe(1);
    expect(embedded.out.split('\n')[0]).toBe(`[shop] failed to start: ${REFUSED}`);
    expect(refusedNames(embedded.out)).toEqual(['PAYMENT_PROVIDER', 'PAYMENT_PROVIDER_SECRET', 'SHOP_INTERNAL_SECRET', 'REBUILD_SECRET']);
    const external = await run('scripts/host/start.ts', bareEnv({ NODE_ENV: 'production', API_BASE_URL: 'http://127.0.0.1:1' }));
    expect(refusedNames(external.out)).toEqual(['SHOP_INTERNAL_SECRET', 'REBUILD_SECRET']);
  });

  it('the cluster, npm run rebuild, content-sync and editor:create refuse', async () => {
    const cluster = await run(
      'scripts/cluster.ts',
      bareEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop', PORT: '4901' }),
    );
    expect(cluster.code).toBe(1);
    expect(cluster.out.split('\n')[0]).toBe(`[cluster] failed to start: ${REFUSED}`);
    expect(refusedNames(cluster.out)).toEqual(['PAYMENT_PROVIDER', 'PAYMENT_PROVIDER_SECRET', 'SHOP_INTERNAL_SECRET', 'REBUILD_SECRET']);
    const rebuild = await run('scripts/rebuild.ts', bareEnv({ NODE_ENV: 'production', REBUILD_SECRET: 'e2e-rebuild-secret-0123456789' }));
    expect(rebuild.code).toBe(1);
    expect(rebuild.out).toContain('REBUILD_SECRET: equals a value written in the repository (tests/e2e/support/editor.ts)');
    const sync = await run('content-sync/sync.ts', bareEnv({ NODE_ENV: 'production' }));
    expect(sync.code).toBe(1);
    expect(refusedNames(sync.out)).toEqual(['SHOP_INTERNAL_SECRET']);
    // A password only a test wrote (found by searching the repository, not from a list).
    const editor = await run(
      'api/src/services/admin/auth/create-editor.ts',
      bareEnv({ NODE_ENV: 'production', EDITOR_PASSWORD: 'first-password-2026' }),
    );
    expect(editor.code).toBe(1);
    expect(editor.out).toContain('EDITOR_PASSWORD: equals a value written in the repository (tests/api/admin-editor-create.test.ts)');
  });
});

describe("NODE_ENV=production with the shop's own secrets", () => {
  const secrets = () => ({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'test',
    PAYMENT_PROVIDER_SECRET: own(),
    SHOP_INTERNAL_SECRET: own(),
    REBUILD_SECRET: own(),
  });

  it('the Shop API starts and serves', async () => {
    const { out, matched } = await run('api/src/server.ts', bareEnv({ ...secrets(), DATA_DIR: served() }), /Shop API listening/);
    expect(out).not.toContain(REFUSED);
    expect(matched).toBe(true);
  }, 180_000);

  it('npm start, the cluster, rebuild and content-sync get past the check', async () => {
    // A later check stops each of them, so none builds or spawns: proof the secrets passed.
    const stop = { ACCESS_TOKEN_TTL: '-1' };
    const start = await run('scripts/host/start.ts', bareEnv({ ...secrets(), ...stop }));
    expect(start.out).not.toContain(REFUSED);
    expect(start.out).toContain('Invalid Shop API configuration');
    const cluster = await run(
      'scripts/cluster.ts',
      bareEnv({ ...secrets(), ...stop, DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop', PORT: '4901' }),
    );
    expect(cluster.out).not.toContain(REFUSED);
    expect(cluster.out).toContain('Invalid Shop API configuration');
    const sync = await run('content-sync/sync.ts', bareEnv({ ...secrets(), API_BASE_URL: 'http://127.0.0.1:1' }));
    expect(sync.out).not.toContain(REFUSED);
    expect(sync.out).toContain('content-sync failed');
    // A "shop" that answers without a status: the rebuild asks it through the webhook, then fails.
    const shop: Server = createServer((_req, res) => res.end('not json'));
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', () => r()));
    const rebuild = await run(
      'scripts/rebuild.ts',
      bareEnv({ ...secrets(), SHOP_URL: `http://127.0.0.1:${(shop.address() as AddressInfo).port}` }),
    );
    shop.close();
    expect(rebuild.out).not.toContain(REFUSED);
    expect(rebuild.out).toContain('rebuild failed');
  }, 180_000);
});

describe('development', () => {
  it('the Shop API starts with no setup (NODE_ENV unset)', async () => {
    const { out, matched } = await run('api/src/server.ts', bareEnv({ DATA_DIR: served() }), /Shop API listening/);
    expect(out).not.toContain(REFUSED);
    expect(matched).toBe(true);
  }, 180_000);

  it('finds nothing to refuse outside production', () => {
    expect(productionProblems(['PAYMENT_PROVIDER', 'PAYMENT_PROVIDER_SECRET', 'REBUILD_SECRET'], {})).toEqual([]);
    expect(
      productionProblems(['PAYMENT_PROVIDER_SECRET'], { NODE_ENV: 'production', PAYMENT_PROVIDER_SECRET: own().slice(0, 12) }),
    ).toEqual(["PAYMENT_PROVIDER_SECRET: shorter than 16 characters; set the payment provider's own secret key"]);
  });
});
