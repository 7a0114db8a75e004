/**
 * Where uploaded bytes live: a folder on disk (UPLOAD_DIR, outside the web root) by default, or an
 * S3-compatible bucket when S3_ENDPOINT, S3_BUCKET and both keys are set (path-style requests
 * signed with SigV4 by aws4fetch). Object keys are `<dir>/<random>.<ext>`, made by the service from
 * a checked directory and a random name, never from the client's file name.
 * Shared content builds (scripts/host/build-store.ts, SHOP_SHARED_BUILDS=s3) use the same store under
 * `builds/`: they also overwrite an object (`replace`, the version pointer) and list a prefix.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { ApiEnv } from '../../env.ts';

export interface UploadStorage {
  kind: 'disk' | 's3';
  put(objectKey: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the object is gone. */
  get(objectKey: string): Promise<Uint8Array | null>;
  /** Removes the object; one already gone is no error. */
  delete(objectKey: string): Promise<void>;
  /** Writes the object, replacing one already there (readers see the old or the new bytes, never a mix). */
  replace(objectKey: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Every object whose key starts with `prefix`, with its size (keys sorted). */
  list(prefix: string): Promise<StoredObject[]>;
}

export interface StoredObject {
  key: string;
  size: number;
}

type StorageEnv = Pick<
  ApiEnv,
  'DATA_DIR' | 'UPLOAD_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** A disk folder; every path is checked to stay inside it. */
export function diskStorage(root: string): UploadStorage {
  const base = resolve(root);
  const pathOf = (objectKey: string) => {
    const path = resolve(base, objectKey);
    if (!path.startsWith(base + sep)) throw new Error('upload path outside the upload folder');
    return path;
  };
  return {
    kind: 'disk',
    async put(objectKey, bytes) {
      const path = pathOf(objectKey);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
    },
    async get(objectKey) {
      try {
        return new Uint8Array(await readFile(pathOf(objectKey)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(objectKey) {
      await rm(pathOf(objectKey), { force: true });
    },
    async replace(objectKey, bytes) {
      const path = pathOf(objectKey);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      const walk = async (dir: string): Promise<void> => {
        let names: string[];
        try {
          names = await readdir(dir);
        } catch {
          return;
        }
        for (const name of names) {
          const path = join(dir, name);
          const info = await stat(path).catch(() => null);
          if (!info) continue;
          if (info.isDirectory()) await walk(path);
          else if (!name.endsWith('.tmp')) {
            const key = path
              .slice(base.length + 1)
              .split(sep)
              .join('/');
            if (key.startsWith(prefix)) found.push({ key, size: info.size });
          }
        }
      };
      // Only the folder the prefix names can hold its keys.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      await walk(folder ? pathOf(folder) : base);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}

/** Reads `<Key>`/`<Size>` pairs and the continuation token out of a ListObjectsV2 answer. */
function parseListing(xml: string): { objects: StoredObject[]; next: string | null } {
  const unescapeXml = (v: string) =>
    v
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].map((m) => ({
    key: unescapeXml(/<Key>([\s\S]*?)<\/Key>/.exec(m[1])?.[1] ?? ''),
    size: Number(/<Size>(\d+)<\/Size>/.exec(m[1])?.[1] ?? 0),
  }));
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const token = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { objects, next: truncated && token ? unescapeXml(token) : null };
}

/** An S3-compatible bucket (path-style URLs: <endpoint>/<bucket>/<key>). */
export function s3Storage(
  env: Required<Pick<StorageEnv, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>>,
): UploadStorage {
  const client = new AwsClient({
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    region: env.S3_REGION,
    service: 's3',
  });
  const urlOf = (objectKey: string) =>
    `${env.S3_ENDPOINT.replace(/\/+$/, '')}/${encodeURIComponent(env.S3_BUCKET)}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  return {
    kind: 's3',
    async put(objectKey, bytes, contentType) {
      const res = await client.fetch(urlOf(objectKey), {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType },
      });
      if (!res.ok) throw new Error(`S3 PUT failed with ${res.status}`);
      await res.arrayBuffer();
    },
    async get(objectKey) {
      const res = await client.fetch(urlOf(objectKey));
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw new Error(`S3 GET failed with ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(objectKey) {
      const res = await client.fetch(urlOf(objectKey), { method: 'DELETE' });
      await res.arrayBuffer();
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed with ${res.status}`);
    },
    // An S3 PUT replaces the object atomically.
    async replace(objectKey, bytes, contentType) {
      const res = await client.fetch(urlOf(objectKey), {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType },
      });
      if (!res.ok) throw new Error(`S3 PUT failed with ${res.status}`);
      await res.arrayBuffer();
    },
    async list(prefix) {
      const found: StoredObject[] = [];
      let token: string | null = null;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix, 'max-keys': '1000' });
        if (token) query.set('continuation-token', token);
        const res = await client.fetch(`${env.S3_ENDPOINT.replace(/\/+$/, '')}/${encodeURIComponent(env.S3_BUCKET)}?${query}`);
        const body = await res.text();
        if (!res.ok) throw new Error(`S3 LIST failed with ${res.status}`);
        const page = parseListing(body);
        found.push(...page.objects);
        token = page.next;
      } while (token);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}

/** The upload folder: UPLOAD_DIR, else `uploads` beside the PGlite folder (`.data/uploads`; per run under `.data/e2e-<port>/`). */
export function uploadDir(env: Pick<ApiEnv, 'DATA_DIR' | 'UPLOAD_DIR'>): string {
  return env.UPLOAD_DIR || join(dirname(resolve(env.DATA_DIR)), 'uploads');
}

/** The storage a kept file is in (its row's `storage`), whatever the configuration says now. */
export function storageOf(env: StorageEnv, kind: string): UploadStorage {
  return uploadStorage(kind === 'disk' ? { ...env, S3_BUCKET: undefined } : env);
}

/** The storage this configuration uses. */
export function uploadStorage(env: StorageEnv): UploadStorage {
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return s3Storage({ S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY });
  }
  return diskStorage(uploadDir(env));
}
