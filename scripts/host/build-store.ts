/**
 * Content builds in the S3-compatible store (SHOP_SHARED_BUILDS=s3), so storefront processes on
 * machines that share no disk serve the same build. Layout under `builds/<channel>/`:
 *
 * - `objects/<sha256>`: a file's bytes, named by their sha256 (content-addressed), so a version shares
 *   every unchanged file with the one before it and a one-post rebuild uploads only its few pages;
 * - `<version>/manifest.json`: the version's every file under client/ and server/ (compressed variants
 *   too): path, size, sha256 and modification time (kept, so every machine sends the same ETags);
 * - `current.json`: the pointer `{ version, fingerprint, files, bytes, published_at, manifest,
 *   manifest_sha256, server_digest }`, written LAST, so a reader never finds a pointer to a version
 *   whose files are not all there.
 *
 * A reader downloads a version completely into a folder of its own (files the live build already has
 * with the same sha256 are hard-linked or copied from it instead), checks every size and sha256, and only then
 * renames the folder into place; a failed or partial download leaves nothing behind.
 * The storage is the module uploads use (api/src/services/storage/index.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { UploadStorage } from '../../api/src/services/storage/index.ts';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
  mtime_ms: number;
}
export interface BuildManifest {
  channel: string;
  version: string;
  fingerprint: string;
  files: ManifestFile[];
}
export interface BuildPointer {
  version: string;
  fingerprint: string;
  files: number;
  bytes: number;
  published_at: string;
  /** The manifest's object key and the sha256 of its bytes. */
  manifest: string;
  manifest_sha256: string;
  /** sha256 over the server/ files: equal digests mean the same server bundle. */
  server_digest: string;
  /** The build's sources fingerprint (without content): a process adopts only builds of its own code. */
  sources?: string;
}
export interface PublishReport {
  version: string;
  files: number;
  bytes: number;
  uploaded_files: number;
  uploaded_bytes: number;
  seconds: number;
}
export interface FetchReport {
  version: string;
  files: number;
  bytes: number;
  downloaded_files: number;
  downloaded_bytes: number;
  linked_files: number;
  seconds: number;
}

/** The parts of a build that are served or imported. */
const PARTS = ['client', 'server'];
/** Kept beside a local build: the manifest it was published or fetched with. */
export const LOCAL_MANIFEST = '.shop-manifest.json';
const CONCURRENCY = 8;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
export const prefixOf = (channel: string) => `builds/${channel}/`;
export const pointerKey = (channel: string) => `${prefixOf(channel)}current.json`;
const objectKey = (channel: string, sha: string) => `${prefixOf(channel)}objects/${sha}`;

/** Runs `fn` over `items`, at most CONCURRENCY at a time; after a failure starts nothing new, waits for the rest, throws the first error. */
async function eachLimited<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (!failure && next < items.length) {
        try {
          await fn(items[next++]);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw (failure as { error: unknown }).error;
}

/** sha256 over the server/ entries of a manifest. */
export function serverDigest(files: ManifestFile[]): string {
  return sha256(
    files
      .filter((f) => f.path.startsWith('server/'))
      .map((f) => `${f.path}\0${f.sha256}`)
      .join('\n'),
  );
}

/** Every file of a build's client/ and server/ with its hash (temporary files left out). */
export async function manifestOf(outDir: string): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
        files.push({
          path: relative(outDir, path).split(sep).join('/'),
          size: bytes.length,
          sha256: sha256(bytes),
          mtime_ms: Math.floor(info.mtimeMs),
        });
      }
    }
  };
  for (const part of PARTS) if (existsSync(join(outDir, part))) await walk(join(outDir, part));
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** The manifest kept beside a local build, or one made by hashing it. */
export async function localManifest(outDir: string): Promise<ManifestFile[]> {
  try {
    return (JSON.parse(await readFile(join(outDir, LOCAL_MANIFEST), 'utf8')) as BuildManifest).files;
  } catch {
    return manifestOf(outDir);
  }
}

/** The channel's pointer, or null when nothing was published yet. */
export async function readPointer(store: UploadStorage, channel: string): Promise<BuildPointer | null> {
  const bytes = await store.get(pointerKey(channel));
  if (!bytes) return null;
  const pointer = JSON.parse(Buffer.from(bytes).toString('utf8')) as BuildPointer;
  if (!pointer.version || !pointer.manifest || !pointer.manifest_sha256) throw new Error(`${pointerKey(channel)} is not a build pointer`);
  return pointer;
}

/** The manifest a pointer names, checked against the pointer's digest. */
async function readManifest(store: UploadStorage, pointer: BuildPointer): Promise<BuildManifest> {
  const bytes = await store.get(pointer.manifest);
  if (!bytes) throw new Error(`the manifest ${pointer.manifest} is missing`);
  if (sha256(bytes) !== pointer.manifest_sha256) throw new Error(`the manifest ${pointer.manifest} does not match its pointer`);
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as BuildManifest;
}

/**
 * Publishes the build in `outDir` as `version`: uploads every file whose content the store does not
 * have yet (known from the previous version's manifest and `known`, which it extends), then the
 * manifest, then the pointer.
 */
export async function publishBuild(opts: {
  store: UploadStorage;
  channel: string;
  outDir: string;
  version: string;
  fingerprint: string;
  sources?: string;
  known?: Set<string>;
}): Promise<PublishReport> {
  const started = Date.now();
  const { store, channel } = opts;
  const known = opts.known ?? new Set<string>();
  const previous = await readPointer(store, channel).catch(() => null);
  if (previous) {
    const old = await readManifest(store, previous).catch(() => null);
    for (const f of old?.files ?? []) known.add(f.sha256);
  }
  const files = await manifestOf(opts.outDir);
  const missing = new Map<string, ManifestFile>();
  for (const f of files) if (!known.has(f.sha256)) missing.set(f.sha256, f);
  let uploadedBytes = 0;
  await eachLimited([...missing.values()], async (f) => {
    const bytes = await readFile(join(opts.outDir, f.path));
    if (sha256(bytes) !== f.sha256) throw new Error(`${f.path} changed while it was published`);
    await store.replace(objectKey(channel, f.sha256), bytes, 'application/octet-stream');
    uploadedBytes += bytes.length;
    known.add(f.sha256);
  });
  const manifest: BuildManifest = { channel, version: opts.version, fingerprint: opts.fingerprint, files };
  const manifestBytes = Buffer.from(JSON.stringify(manifest));
  const manifestKey = `${prefixOf(channel)}${opts.version}/manifest.json`;
  await store.replace(manifestKey, manifestBytes, 'application/json');
  // By a rename: the next build's hard-linked copy of this folder shares the file.
  const localTmp = join(opts.outDir, `${LOCAL_MANIFEST}.${process.pid}.tmp`);
  await writeFile(localTmp, manifestBytes);
  await rename(localTmp, join(opts.outDir, LOCAL_MANIFEST));
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const pointer: BuildPointer = {
    version: opts.version,
    fingerprint: opts.fingerprint,
    files: files.length,
    bytes,
    published_at: new Date().toISOString(),
    manifest: manifestKey,
    manifest_sha256: sha256(manifestBytes),
    server_digest: serverDigest(files),
    sources: opts.sources,
  };
  // Last: until now readers still find the previous version, complete.
  await store.replace(pointerKey(channel), Buffer.from(JSON.stringify(pointer)), 'application/json');
  return {
    version: opts.version,
    files: files.length,
    bytes,
    uploaded_files: missing.size,
    uploaded_bytes: uploadedBytes,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Downloads the version `pointer` names into `intoDir` (which must not exist yet), verifying every
 * file; files that `reuse` (the live build and its manifest) has with the same sha256 are hard-linked.
 * Works in `<intoDir>.partial-<pid>` and renames it into place only when complete.
 */
export async function fetchBuild(opts: {
  store: UploadStorage;
  pointer: BuildPointer;
  intoDir: string;
  reuse?: { dir: string; files: ManifestFile[] };
}): Promise<FetchReport> {
  const started = Date.now();
  const { store, pointer } = opts;
  const manifest = await readManifest(store, pointer);
  const channel = manifest.channel;
  const partial = `${opts.intoDir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  const local = new Map<string, string>();
  for (const f of opts.reuse?.files ?? []) local.set(f.sha256, join(opts.reuse!.dir, f.path));
  let downloaded = 0;
  let downloadedBytes = 0;
  let linked = 0;
  try {
    await eachLimited(manifest.files, async (f) => {
      if (f.path.split('/').includes('..') || !/^(client|server)\//.test(f.path))
        throw new Error(`unexpected path in the manifest: ${f.path}`);
      const target = join(partial, f.path);
      await mkdir(dirname(target), { recursive: true });
      const same = local.get(f.sha256);
      if (same) {
        // Same bytes in the live build: a hard link when even the time matches, else a local copy with the manifest's time.
        if (
          await link(same, target).then(
            () => true,
            () => false,
          )
        ) {
          const info = await stat(target);
          if (info.size === f.size && Math.floor(info.mtimeMs) === f.mtime_ms) {
            linked += 1;
            return;
          }
          await rm(target);
        }
        if (
          await copyFile(same, target).then(
            () => true,
            () => false,
          )
        ) {
          const time = new Date(f.mtime_ms);
          await utimes(target, time, time);
          linked += 1;
          return;
        }
      }
      const bytes = await store.get(objectKey(channel, f.sha256));
      if (!bytes) throw new Error(`${f.path} (${f.sha256.slice(0, 12)}) is missing from the store`);
      if (bytes.length !== f.size || sha256(bytes) !== f.sha256)
        throw new Error(`${f.path} does not match the manifest (${bytes.length} bytes)`);
      await writeFile(target, bytes);
      const time = new Date(f.mtime_ms);
      await utimes(target, time, time);
      downloaded += 1;
      downloadedBytes += bytes.length;
    });
    await writeFile(join(partial, LOCAL_MANIFEST), JSON.stringify(manifest));
    await rename(partial, opts.intoDir);
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  return {
    version: pointer.version,
    files: manifest.files.length,
    bytes: pointer.bytes,
    downloaded_files: downloaded,
    downloaded_bytes: downloadedBytes,
    linked_files: linked,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Removes versions older than the newest `keep` (their manifests) and every object no kept manifest
 * names. Run by the builder under the rebuild lock, after its pointer is written; readers only ever
 * fetch the current version, so a kept previous one covers a reader still downloading it.
 */
export async function pruneStore(store: UploadStorage, channel: string, keep = 3): Promise<{ versions: number; objects: number }> {
  const prefix = prefixOf(channel);
  const listed = await store.list(prefix);
  const manifests = listed
    .filter((o) => o.key.endsWith('/manifest.json'))
    .map((o) => o.key)
    .sort();
  const kept = manifests.slice(-keep);
  const pointer = await readPointer(store, channel);
  if (pointer && !kept.includes(pointer.manifest)) kept.push(pointer.manifest);
  const referenced = new Set<string>();
  for (const key of kept) {
    const bytes = await store.get(key);
    // A manifest that cannot be read: keep every object rather than guess.
    if (!bytes) return { versions: 0, objects: 0 };
    for (const f of (JSON.parse(Buffer.from(bytes).toString('utf8')) as BuildManifest).files) referenced.add(f.sha256);
  }
  const oldManifests = manifests.filter((k) => !kept.includes(k));
  const oldObjects = listed.filter(
    (o) => o.key.startsWith(`${prefix}objects/`) && !referenced.has(o.key.slice(`${prefix}objects/`.length)),
  );
  await eachLimited([...oldManifests, ...oldObjects.map((o) => o.key)], (key) => store.delete(key));
  return { versions: oldManifests.length, objects: oldObjects.length };
}
