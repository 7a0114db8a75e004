/**
 * Live rebuilds shared through the S3-compatible store (SHOP_SHARED_BUILDS=s3): two storefront
 * processes with SEPARATE folders (their own SHOP_DIST_DIR, dist.live and snapshot, as on two machines)
 * in front of one Shop API (the e2e shop on E2E_PORT), a local S3-compatible server (s3rver) run by the
 * test and the rebuild lock in Redis. An editor changes a post: exactly one process builds, both serve
 * the new page within seconds, the other never ran a build, and each answered the old page, never an
 * error, until it had the new version complete.
 *
 * Start point: a copy of the e2e shop's live build and snapshot for each process (hard links), so
 * neither builds at start; the test takes about a minute.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import S3rver from 's3rver';
import { SIGNATURE_HEADER, signRebuildRequest } from '../../scripts/host/rebuild-signature.ts';
import { API_HEADERS, editorHeaders, REBUILD_SECRET, rebuildStatus } from './support/editor.ts';
import { shopPort } from './support/shop.ts';

// The worker's own e2e shop (files are dealt to several, tests/e2e/support/shop.ts); the two processes
// take its port + 3 and + 4, which no other shop (+ 7 * i) or the school shop (+ 5) uses.
const apiPort = shopPort();
const apiUrl = `http://localhost:${apiPort}`;
const ports = [apiPort + 3, apiPort + 4];
const work = resolve(`.data/e2e-${apiPort}-shared`);

test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Shop {
  port: number;
  child: ChildProcess;
  log: string[];
}

/** Starts a storefront process (scripts/host/start.ts) on `port` with its own folders. */
function startShop(port: number, env: Record<string, string>): Shop {
  const dir = join(work, String(port));
  const child = spawn(process.execPath, ['scripts/host/start.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SHOP_DIST_DIR: join(dir, 'dist'),
      CONTENT_SNAPSHOT_DIR: join(dir, 'snapshot'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const shop: Shop = { port, child, log: [] };
  const keep = (c: Buffer) => {
    for (const line of c.toString().split('\n')) if (line.trim()) shop.log.push(`${Date.now()} ${line}`);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return shop;
}

async function status(port: number): Promise<{ state: string; builds: number; adopted: number; live_output: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/hooks/rebuild/status`, {
    headers: { [SIGNATURE_HEADER]: signRebuildRequest(REBUILD_SECRET, '') },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

test('two storefront processes with separate folders share one build through the store', async ({ request }) => {
  // The e2e shop is idle: its live build and snapshot are the start point of both processes.
  await expect.poll(async () => (await rebuildStatus(request)).state, { timeout: 120_000 }).toBe('idle');
  const live = resolve((await rebuildStatus(request)).live_output);
  rmSync(work, { recursive: true, force: true });
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(work, 's3'),
    configureBuckets: [{ name: 'builds', configs: [] }],
  });
  const { port: s3Port } = (await s3.run()) as unknown as { port: number };
  const env = {
    API_BASE_URL: apiUrl,
    CHANNEL: 'default',
    SITE_URL: apiUrl,
    PUBLIC_API_BASE_URL: '',
    DATABASE_URL: '',
    SHOP_SHARED_BUILDS: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: 'builds',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `e2e-shared-${process.pid}-${Date.now()}:`,
    REBUILD_SECRET,
    CONTENT_POLL_MS: '500',
    REBUILD_DEBOUNCE_MS: '200',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  for (const port of ports) {
    const dir = join(work, String(port));
    mkdirSync(dir, { recursive: true });
    expect(spawnSync('cp', ['-al', live, join(dir, 'dist')]).status).toBe(0);
    expect(spawnSync('cp', ['-al', resolve(`.data/e2e-${apiPort}/snapshot`), join(dir, 'snapshot')]).status).toBe(0);
    // The stamp of the copied build, so a process whose snapshot matches does not build at start.
    const fingerprint = spawnSync(
      process.execPath,
      ['-e', "import('./scripts/host/build.ts').then((b) => process.stdout.write(b.buildFingerprint('default')))"],
      {
        env: { ...process.env, ...env, SHOP_DIST_DIR: join(dir, 'dist'), CONTENT_SNAPSHOT_DIR: join(dir, 'snapshot') },
        encoding: 'utf8',
      },
    ).stdout;
    writeFileSync(join(dir, 'dist', '.shop-build-stamp'), fingerprint);
  }
  const shops = ports.map((port) => startShop(port, env));
  // The post as it was, written back at the end (other specs read the seeded posts).
  let restore: (() => Promise<unknown>) | null = null;
  try {
    for (const shop of shops) {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${shop.port}/`).catch(() => null))?.status ?? 0, {
          timeout: 120_000,
          intervals: [500],
        })
        .toBe(200);
    }
    // An older post, beyond the first list page.
    const blogs = (await (await request.get('/v1/blogs?per=all', { headers: API_HEADERS })).json()) as Array<{
      id: number;
      key: string;
      title: string;
    }>;
    const post = blogs[blogs.length - 1];
    const path = `/blog/${encodeURIComponent(post.key)}/`;
    const newTitle = `${post.title}（共有ビルド ${Date.now()}）`;
    for (const shop of shops) expect(await (await fetch(`http://127.0.0.1:${shop.port}${path}`)).text()).toContain(post.title);

    // Every 100 ms, what each process answers for the post's page.
    const seen: Array<Array<{ at: number; what: string }>> = shops.map(() => []);
    let watching = true;
    const watchers = shops.map(async (shop, i) => {
      while (watching) {
        const res = await fetch(`http://127.0.0.1:${shop.port}${path}`).catch((e: Error) => e);
        const what =
          res instanceof Error
            ? `error ${res.message}`
            : res.status !== 200
              ? `status ${res.status}`
              : (await res.text()).includes(newTitle)
                ? 'new'
                : 'old';
        seen[i].push({ at: Date.now(), what });
        await new Promise((r) => setTimeout(r, 100));
      }
    });

    const headers = await editorHeaders(request);
    const list = (await (await request.get('/admin/v1/blogs?per=100', { headers })).json()) as Array<{ id: number; key: string }>;
    const id = list.find((b) => b.key === post.key)?.id ?? post.id;
    const current = (await (await request.get(`/admin/v1/blogs/${id}`, { headers })).json()) as Record<string, unknown>;
    const { key, excerpt, body, image, tags, stylist_id, published_at } = current;
    restore = () =>
      request.put(`/admin/v1/blogs/${id}`, {
        headers,
        data: { key, title: post.title, excerpt, body, image, tags, stylist_id, published_at },
      });
    const edited = Date.now();
    const put = await request.put(`/admin/v1/blogs/${id}`, {
      headers,
      data: { key, title: newTitle, excerpt, body, image, tags, stylist_id, published_at },
    });
    expect(put.status(), await put.text()).toBe(200);

    await expect.poll(() => seen.every((s) => s.at(-1)?.what === 'new'), { timeout: 150_000, intervals: [250] }).toBe(true);
    watching = false;
    await Promise.all(watchers);

    // Each answered the old page, never an error, until it switched once to the new one.
    for (const s of seen) {
      const firstNew = s.findIndex((x) => x.what === 'new');
      expect(
        s.slice(0, firstNew).every((x) => x.what === 'old'),
        JSON.stringify(s.filter((x) => x.what !== 'old' && x.what !== 'new')),
      ).toBe(true);
      expect(s.slice(firstNew).every((x) => x.what === 'new')).toBe(true);
    }
    // Exactly one built; the other adopted that build and never built itself.
    await expect
      .poll(async () => (await Promise.all(ports.map(status))).every((st) => st.state === 'idle'), { timeout: 30_000 })
      .toBe(true);
    const states = await Promise.all(ports.map(status));
    expect(states.map((st) => st.builds).sort()).toEqual([0, 1]);
    const builder = states.findIndex((st) => st.builds === 1);
    const other = 1 - builder;
    expect(states[other].adopted).toBeGreaterThanOrEqual(1);
    expect(shops[other].log.some((l) => / building into /.test(l))).toBe(false);
    expect(states[other].live_output).toContain(`${ports[other]}/dist.live/s3-`);
    // The other switched only after its download was complete.
    const fetchedAt = Number(shops[other].log.find((l) => l.includes('Fetched build'))?.split(' ')[0]);
    const publishedAt = Number(shops[builder].log.find((l) => l.includes('Published build'))?.split(' ')[0]);
    const switched = (i: number) => seen[i].find((x) => x.what === 'new')!.at;
    expect(fetchedAt).toBeGreaterThan(0);
    expect(switched(other)).toBeGreaterThanOrEqual(fetchedAt - 200);
    // Within seconds of the publication (the poll is 500 ms).
    expect(switched(other) - publishedAt).toBeLessThan(10_000);
    console.log(
      `[shared-builds] edit → builder serves it: ${((switched(builder) - edited) / 1000).toFixed(1)} s; published → other serves it: ${((switched(other) - publishedAt) / 1000).toFixed(1)} s`,
    );
    console.log(`[shared-builds] ${shops[builder].log.find((l) => l.includes('Published build'))?.replace(/^\d+ /, '')}`);
    console.log(`[shared-builds] ${shops[other].log.find((l) => l.includes('Fetched build'))?.replace(/^\d+ /, '')}`);

    // A second change: whichever process builds it publishes only the few files that changed.
    const secondTitle = `${post.title}（二度目 ${Date.now()}）`;
    const put2 = await request.put(`/admin/v1/blogs/${id}`, {
      headers,
      data: { key, title: secondTitle, excerpt, body, image, tags, stylist_id, published_at },
    });
    expect(put2.status()).toBe(200);
    for (const shop of shops) {
      await expect
        .poll(async () => (await (await fetch(`http://127.0.0.1:${shop.port}${path}`)).text()).includes(secondTitle), {
          timeout: 150_000,
          intervals: [250],
        })
        .toBe(true);
    }
    const published = shops.flatMap((shop) => shop.log.filter((l) => l.includes('Published build'))).sort();
    expect(published).toHaveLength(2);
    const [, uploaded, total] = /: (\d+) of (\d+) files uploaded/.exec(published[1])!.map(Number);
    console.log(`[shared-builds] second publish: ${published[1].replace(/^\d+ /, '')}`);
    expect(uploaded).toBeLessThan(total / 10);
  } catch (error) {
    for (const shop of shops) console.log(`--- storefront ${shop.port}\n${shop.log.slice(-60).join('\n')}`);
    throw error;
  } finally {
    await restore?.();
    await Promise.all(
      shops.map(
        (shop) =>
          new Promise<void>((r) => {
            if (shop.child.exitCode !== null) return r();
            shop.child.once('exit', () => r());
            shop.child.kill('SIGTERM');
            setTimeout(() => {
              shop.child.kill('SIGKILL');
              r();
            }, 8000).unref();
          }),
      ),
    );
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  }
});
