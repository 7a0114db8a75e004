/**
 * Where rendered images are kept: a per-process memory cache (the most recent MEMORY_BYTES of
 * variants) in front of the upload storage (disk or S3, services/storage) under
 * `.image-cache/e<encoder version>/<source id>/<variant>`: a name made of what decides the bytes,
 * so an entry is never stale. The folder cannot clash with uploads (their folders never start with a
 * dot). Concurrent requests for the same missing entry share one render.
 */
import { createHash } from 'node:crypto';
import type { UploadStorage } from '../storage/index.ts';
import { ENCODER_VERSION } from './encode.ts';

const MEMORY_BYTES = 48 * 1024 * 1024;

export interface Cached {
  bytes: Uint8Array;
  etag: string;
}

const memory = new Map<string, Cached>();
let memoryBytes = 0;
const inFlight = new Map<string, Promise<Cached>>();

const etagOf = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

/** The storage key of a cache entry. */
export const cacheKey = (id: string, variant: string) => `.image-cache/e${ENCODER_VERSION}/${id}/${variant}`;

function remember(key: string, entry: Cached) {
  memory.delete(key);
  memory.set(key, entry);
  memoryBytes += entry.bytes.byteLength;
  for (const [old, e] of memory) {
    if (memoryBytes <= MEMORY_BYTES) break;
    memory.delete(old);
    memoryBytes -= e.bytes.byteLength;
  }
}

/** The cached bytes of `key`, else `render()`'s, stored for next time (a failed store only logs). */
export function cached(
  storage: UploadStorage,
  key: string,
  render: () => Promise<Uint8Array>,
  onStoreError: (e: unknown) => void,
): Promise<Cached> {
  const hit = memory.get(key);
  if (hit) {
    // Most recently used last.
    memory.delete(key);
    memory.set(key, hit);
    return Promise.resolve(hit);
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const work = (async () => {
    let bytes = await storage.get(key).catch((e) => {
      onStoreError(e);
      return null;
    });
    if (!bytes) {
      bytes = await render();
      await storage.replace(key, bytes, 'application/octet-stream').catch(onStoreError);
    }
    const entry = { bytes, etag: etagOf(bytes) };
    remember(key, entry);
    return entry;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

/** Empties the memory cache (tests: the next read comes from storage). */
export function forgetMemory() {
  memory.clear();
  memoryBytes = 0;
}
