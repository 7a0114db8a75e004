/**
 * Request bodies over BODY_LIMIT_BYTES (multipart uploads: UPLOAD_BODY_LIMIT_BYTES) are refused with
 * a Japanese 413 before being read whole: at once from Content-Length, or as soon as a chunked body
 * passes the limit (hono's bodyLimit counts the stream).
 */
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { ApiEnv } from '../env.ts';
import { httpError } from '../lib/errors.ts';

const tooLarge = (): never => { throw httpError(413); };

/** The body-size guard for an app configured with `env`. */
export function limitBody(env: Pick<ApiEnv, 'BODY_LIMIT_BYTES' | 'UPLOAD_BODY_LIMIT_BYTES'>) {
  const plain = bodyLimit({ maxSize: env.BODY_LIMIT_BYTES, onError: tooLarge });
  const upload = bodyLimit({ maxSize: env.UPLOAD_BODY_LIMIT_BYTES, onError: tooLarge });
  return createMiddleware<AppEnv>((c, next) =>
    (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '') ? upload : plain)(c, next));
}
