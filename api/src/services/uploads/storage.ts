/**
 * Where uploaded bytes live: a folder on disk (UPLOAD_DIR, outside the web root) by default, or an
 * S3-compatible bucket when S3_ENDPOINT, S3_BUCKET and both keys are set (path-style requests
 * signed with SigV4 by aws4fetch). Object keys are `<dir>/<random>.<ext>`, made by the service from
 * a checked directory and a random name, never from the client's file name.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
}

type StorageEnv = Pick<ApiEnv, 'DATA_DIR' | 'UPLOAD_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

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
      try { return new Uint8Array(await readFile(pathOf(objectKey))); } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(objectKey) {
      await rm(pathOf(objectKey), { force: true });
    },
  };
}

/** An S3-compatible bucket (path-style URLs: <endpoint>/<bucket>/<key>). */
export function s3Storage(env: Required<Pick<StorageEnv, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>>): UploadStorage {
  const client = new AwsClient({ accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, region: env.S3_REGION, service: 's3' });
  const urlOf = (objectKey: string) => `${env.S3_ENDPOINT.replace(/\/+$/, '')}/${encodeURIComponent(env.S3_BUCKET)}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  return {
    kind: 's3',
    async put(objectKey, bytes, contentType) {
      const res = await client.fetch(urlOf(objectKey), { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': contentType } });
      if (!res.ok) throw new Error(`S3 PUT failed with ${res.status}`);
      await res.arrayBuffer();
    },
    async get(objectKey) {
      const res = await client.fetch(urlOf(objectKey));
      if (res.status === 404) { await res.arrayBuffer(); return null; }
      if (!res.ok) throw new Error(`S3 GET failed with ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(objectKey) {
      const res = await client.fetch(urlOf(objectKey), { method: 'DELETE' });
      await res.arrayBuffer();
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed with ${res.status}`);
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
