/**
 * Request bodies over BODY_LIMIT_BYTES (multipart uploads: UPLOAD_BODY_LIMIT_BYTES plus the framing) are refused with
 * a Japanese 413 before being read whole: at once from Content-Length, or, for a chunked body, as
 * soon as the bytes read pass the limit. A chunked body under the limit is kept in the request's body
 * cache, so the handlers' json()/formData() read it from there.
 *
 * Not hono's bodyLimit: it re-wraps the request in `new Request(raw, …)`, which throws (a 500) on the
 * Node server's own request objects — e.g. for a DELETE sent without Content-Length.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { ApiEnv } from '../env.ts';
import { httpError } from '../lib/errors.ts';

const tooLarge = (): never => {
  throw httpError(413);
};

/**
 * Room for a multipart body's framing (boundaries, part headers, small fields such as `dir`) beyond
 * its file: UPLOAD_BODY_LIMIT_BYTES and UPLOAD_MAX_BYTES count the file's bytes only, so a file of
 * exactly the documented size is accepted.
 */
export const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** Reads a stream up to `max` bytes; refuses (413) as soon as it is longer, without reading the rest. */
async function readLimited(body: ReadableStream<Uint8Array>, max: number): Promise<ArrayBuffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out.buffer;
}

/** A route whose plain (not multipart) bodies may be larger than BODY_LIMIT_BYTES, e.g. a CSV import. */
export interface BodyLimitOverride {
  path: RegExp;
  bytes: number;
}

/** The body-size guard for an app configured with `env` (and routes of their own cap, `overrides`). */
export function limitBody(env: Pick<ApiEnv, 'BODY_LIMIT_BYTES' | 'UPLOAD_BODY_LIMIT_BYTES'>, overrides: BodyLimitOverride[] = []) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    const own = overrides.find((o) => o.path.test(c.req.path))?.bytes;
    const max = multipart ? env.UPLOAD_BODY_LIMIT_BYTES + MULTIPART_FRAMING_BYTES : (own ?? env.BODY_LIMIT_BYTES);
    const length = c.req.header('content-length');
    if (length !== undefined) {
      // The HTTP server holds the body to the declared length; only the number needs checking.
      if (Number(length) > max) tooLarge();
      return next();
    }
    // No Content-Length: a chunked body, or none at all (an empty stream reads as 0 bytes).
    const body = c.req.raw.body;
    if (!body) return next();
    const bytes = await readLimited(body, max);
    // hono keeps promises in bodyCache (its type says values): json()/formData() derive from this one.
    (c.req.bodyCache as Record<string, Promise<unknown>>).arrayBuffer = Promise.resolve(bytes);
    return next();
  });
}
