/**
 * Content builds shared through the S3-compatible store (scripts/host/build-store.ts, the store coordinator
 * of scripts/host/rebuild-lock.ts) against a real S3-compatible server (s3rver) run by the test: a publish
 * uploads only content the store lacks and writes the pointer last; a reader gets a version completely
 * and verified into a folder of its own, or nothing at all; the upload storage lists and replaces.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage, s3Storage, type UploadStorage } from '../../../api/src/services/storage/index.ts';
import { fetchBuild, manifestOf, pointerKey, publishBuild, readPointer } from '../../../scripts/host/build-store.ts';
import { type BuildLock, storeCoordinator } from '../../../scripts/host/rebuild-lock.ts';

const noLock: BuildLock = { tryAcquire: async () => null, close: async () => {} };
let server: S3rver;
let work: string;
let store: UploadStorage;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'build-store-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(work, 's3'),
    configureBuckets: [{ name: 'shop', configs: [] }],
  });
  const { port } = (await server.run()) as unknown as { port: number };
  store = s3Storage({
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'shop',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A small build: pages, a compressed variant, a server entry; `pages` posts. */
function fakeBuild(dir: string, pages: Record<string, string>): string {
  const files: Record<string, string> = {
    'client/index.html': '<p>top</p>',
    'client/_astro/app.abc.js': 'console.log(1)'.repeat(50),
    'client/_astro/app.abc.js.br': 'br-bytes',
    'server/entry.mjs': 'export const handler = () => {};\n',
    'server/chunks/a.mjs': 'export default 1;\n',
    ...pages,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const old = new Date(Date.now() - 60_000);
  utimesSync(join(dir, 'client/_astro/app.abc.js'), old, old);
  return dir;
}

const treeHash = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith('.shop-'))
      .map((e) => {
        const p = join(e.parentPath, e.name);
        return [
          p.slice(dir.length + 1),
          `${createHash('sha256').update(readFileSync(p)).digest('hex')}@${Math.floor(statSync(p).mtimeMs)}`,
        ];
      }),
  );

describe('the upload storage for builds', () => {
  for (const kind of ['s3', 'disk'] as const) {
    it(`${kind}: replace overwrites, list gives every key under a prefix with its size`, async () => {
      const s = kind === 's3' ? store : diskStorage(join(work, 'disk'));
      await s.replace('builds/x/current.json', Buffer.from('one'), 'application/json');
      await s.replace('builds/x/current.json', Buffer.from('second'), 'application/json');
      await s.replace('builds/x/objects/ab', Buffer.from('12345'), 'application/octet-stream');
      await s.replace('builds/y/current.json', Buffer.from('other channel'), 'application/json');
      expect(Buffer.from((await s.get('builds/x/current.json'))!).toString()).toBe('second');
      expect(await s.list('builds/x/')).toEqual([
        { key: 'builds/x/current.json', size: 6 },
        { key: 'builds/x/objects/ab', size: 5 },
      ]);
    });
  }
});

describe('publishing and fetching a build', () => {
  const channel = 'pub';
  it('uploads every file once, then only what changed; the pointer describes the version', async () => {
    const v1 = fakeBuild(join(work, 'b1'), { 'client/blog/a/index.html': 'A', 'client/blog/b/index.html': 'B' });
    const r1 = await publishBuild({ store, channel, outDir: v1, version: 'v1', fingerprint: 'f1' });
    expect(r1).toMatchObject({ files: 7, uploaded_files: 7 });
    const p1 = (await readPointer(store, channel))!;
    expect(p1).toMatchObject({ version: 'v1', fingerprint: 'f1', files: 7, manifest: `builds/${channel}/v1/manifest.json` });
    expect(p1.bytes).toBe((await manifestOf(v1)).reduce((n, f) => n + f.size, 0));

    // One post changed: a new process (nothing known in memory) uploads that file alone.
    const v2 = fakeBuild(join(work, 'b2'), { 'client/blog/a/index.html': 'A changed', 'client/blog/b/index.html': 'B' });
    const r2 = await publishBuild({ store, channel, outDir: v2, version: 'v2', fingerprint: 'f2' });
    expect(r2).toMatchObject({ files: 7, uploaded_files: 1, uploaded_bytes: 'A changed'.length });
    expect((await readPointer(store, channel))!.version).toBe('v2');

    // A reader gets it completely, mtimes included (same ETags on every machine), hard-linking what it has.
    const into = join(work, 'reader', 's3-v2');
    const fetched = await fetchBuild({ store, pointer: (await readPointer(store, channel))!, intoDir: into });
    expect(fetched).toMatchObject({ files: 7, downloaded_files: 7, linked_files: 0 });
    expect(treeHash(into)).toEqual(treeHash(v2));
    const again = await fetchBuild({
      store,
      pointer: (await readPointer(store, channel))!,
      intoDir: join(work, 'reader', 's3-v2-again'),
      reuse: { dir: into, files: await manifestOf(into) },
    });
    expect(again).toMatchObject({ downloaded_files: 0, linked_files: 7 });
  });

  it('a corrupt or missing object leaves no folder behind, and the pointer unchanged names a complete version', async () => {
    const v3 = fakeBuild(join(work, 'b3'), { 'client/blog/c/index.html': 'C only here' });
    await publishBuild({ store, channel: 'bad', outDir: v3, version: 'v3', fingerprint: 'f3' });
    const pointer = (await readPointer(store, 'bad'))!;
    const sha = createHash('sha256').update('C only here').digest('hex');
    await store.replace(`builds/bad/objects/${sha}`, Buffer.from('C tampered!'), 'application/octet-stream');
    const into = join(work, 'reader-bad', 's3-v3');
    await expect(fetchBuild({ store, pointer, intoDir: into })).rejects.toThrow(/does not match the manifest/);
    expect(existsSync(into)).toBe(false);
    expect(readdirSync(join(work, 'reader-bad'))).toEqual([]);
    await store.delete(`builds/bad/objects/${sha}`);
    await expect(fetchBuild({ store, pointer, intoDir: into })).rejects.toThrow(/missing from the store/);
    expect(readdirSync(join(work, 'reader-bad'))).toEqual([]);
    // A pointer whose manifest was replaced is refused too.
    await store.replace(pointer.manifest, Buffer.from('{}'), 'application/json');
    await expect(fetchBuild({ store, pointer, intoDir: into })).rejects.toThrow(/does not match its pointer/);
  });
});

describe('the store coordinator', () => {
  it("a second machine downloads the builder's version into its own folder; the builder downloads nothing", async () => {
    const channel = 'coord';
    const dirA = join(work, 'machine-a', 'dist.live');
    const dirB = join(work, 'machine-b', 'dist.live');
    const lines: string[] = [];
    const a = storeCoordinator({ liveBuildsDir: dirA, channel, lock: noLock, store, log: (l) => lines.push(`A ${l}`) });
    const b = storeCoordinator({ liveBuildsDir: dirB, channel, lock: noLock, store, log: (l) => lines.push(`B ${l}`) });
    const liveB = fakeBuild(join(work, 'machine-b', 'dist'), { 'client/blog/a/index.html': 'old A' });
    expect(await b.latest({ outDir: liveB, fingerprint: 'old' })).toBeNull(); // nothing published yet

    const built = fakeBuild(join(dirA, '1700000000001'), { 'client/blog/a/index.html': 'new A' });
    await a.publish({ outDir: built, fingerprint: 'new' });
    expect(await a.latest({ outDir: built, fingerprint: 'new' })).toMatchObject({ outDir: built, fingerprint: 'new' });
    const got = await b.latest({ outDir: liveB, fingerprint: 'old' });
    expect(got).toMatchObject({ fingerprint: 'new' });
    expect(got!.outDir.startsWith(dirB)).toBe(true);
    expect(treeHash(got!.outDir)).toEqual(treeHash(built));
    // Asked again: the same folder, nothing fetched again.
    expect((await b.latest({ outDir: got!.outDir, fingerprint: 'new' }))!.outDir).toBe(got!.outDir);
    expect(lines.filter((l) => l.startsWith('B Fetched'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('A Fetched'))).toHaveLength(0);
    // Unchanged files were hard-linked from B's live build, only the changed page and the rest differing were downloaded.
    expect(lines.find((l) => l.startsWith('B Fetched'))).toMatch(/[1-9]\d* taken from the live build/);
    expect(JSON.parse(Buffer.from((await store.get(pointerKey(channel)))!).toString())).toMatchObject({ fingerprint: 'new', files: 6 });
  });
});

describe('pruning the store', () => {
  it('keeps the newest versions and every object they name, removes the rest', async () => {
    const { pruneStore } = await import('../../../scripts/host/build-store.ts');
    const channel = 'prune';
    for (let i = 1; i <= 5; i++) {
      const dir = fakeBuild(join(work, `p${i}`), { 'client/blog/a/index.html': `version ${i}` });
      await publishBuild({ store, channel, outDir: dir, version: `v${i}`, fingerprint: `f${i}` });
    }
    const before = await store.list(`builds/${channel}/objects/`);
    expect(before).toHaveLength(5 + 5); // 5 shared files + one changed page per version
    expect(await pruneStore(store, channel, 3)).toEqual({ versions: 2, objects: 2 });
    const keys = (await store.list(`builds/${channel}/`)).map((o) => o.key);
    expect(keys.filter((k) => k.endsWith('manifest.json'))).toEqual(['v3', 'v4', 'v5'].map((v) => `builds/${channel}/${v}/manifest.json`));
    // The current version still fetches completely.
    const fetched = await fetchBuild({ store, pointer: (await readPointer(store, channel))!, intoDir: join(work, 'pruned-reader', 'v5') });
    expect(fetched.files).toBe(6);
  });
});

describe('builds of other sources', () => {
  it('are not adopted (a rolling update runs two code versions side by side)', async () => {
    const channel = 'release';
    const lines: string[] = [];
    const newCode = storeCoordinator({ liveBuildsDir: join(work, 'rel-a'), channel, lock: noLock, store, sources: 'code-2' });
    const oldCode = storeCoordinator({
      liveBuildsDir: join(work, 'rel-b'),
      channel,
      lock: noLock,
      store,
      sources: 'code-1',
      log: (l) => lines.push(l),
    });
    const built = fakeBuild(join(work, 'rel-a', '1700000000002'), { 'client/blog/a/index.html': 'new code' });
    await newCode.publish({ outDir: built, fingerprint: 'f-new' });
    expect((await readPointer(store, channel))!.sources).toBe('code-2');
    const live = fakeBuild(join(work, 'rel-b', 'dist'), {});
    expect(await oldCode.latest({ outDir: live, fingerprint: 'f-old' })).toBeNull();
    expect(lines.join('\n')).toMatch(/other sources/);
  });
});

describe('SHOP_SHARED_BUILDS', () => {
  it('is off unset, 1 is the shared folder, s3 needs the whole store configuration and a lock', async () => {
    const { coordinatorFromEnv } = await import('../../../scripts/host/rebuild-lock.ts');
    const dir = join(work, 'env.live');
    expect(coordinatorFromEnv(dir, 'default', {})).toBeUndefined();
    expect(
      coordinatorFromEnv(dir, 'default', { SHOP_SHARED_BUILDS: '1', DATABASE_URL: 'postgres://x@127.0.0.1/y' })?.ownFolder,
    ).toBeFalsy();
    expect(() => coordinatorFromEnv(dir, 'default', { SHOP_SHARED_BUILDS: 'yes' })).toThrow(/must be 1 or s3/);
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(() =>
      coordinatorFromEnv(dir, 'default', { SHOP_SHARED_BUILDS: 's3', DATABASE_URL: 'postgres://x@127.0.0.1/y', S3_BUCKET: 'b' }),
    ).toThrow(/S3_ENDPOINT/);
    expect(() => coordinatorFromEnv(dir, 'default', { SHOP_SHARED_BUILDS: 's3', ...s3 })).toThrow(/REDIS_URL or DATABASE_URL/);
    expect(
      coordinatorFromEnv(dir, 'default', { SHOP_SHARED_BUILDS: 's3', DATABASE_URL: 'postgres://x@127.0.0.1/y', ...s3 })?.ownFolder,
    ).toBe(true);
  });
});
