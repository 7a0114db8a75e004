/**
 * Errors the API answers with. The body always carries `message`, and `errors` (field → messages)
 * for validation failures, plus a machine-readable `code` the storefront matches on (spec section 8).
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  status: ContentfulStatusCode;
  code: string | undefined;
  errors: Record<string, string[]> | undefined;
  constructor(status: ContentfulStatusCode, message: string, opts: { code?: string; errors?: Record<string, string[]> } = {}) {
    super(message);
    this.status = status;
    this.code = opts.code;
    this.errors = opts.errors;
  }
}

export const notFound = (what = 'リソース') => new ApiError(404, `${what}が見つかりません。`, { code: 'common.not_found' });
export const unauthenticated = () => new ApiError(401, 'Unauthenticated.', { code: 'auth.unauthenticated' });
export const unprocessable = (message: string, code?: string, errors?: Record<string, string[]>) =>
  new ApiError(422, message, { code, errors });

/** hono onError: known errors keep their status, anything else is a logged 500 without internals. */
export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    return c.json({ message: err.message, ...(err.code ? { code: err.code } : {}), ...(err.errors ? { errors: err.errors } : {}) }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 400) return c.json({ message: 'リクエストの形式が正しくありません。', code: 'common.bad_request' }, 400);
    return c.json({ message: err.message || 'Error' }, status);
  }
  console.error('[api] unhandled error', c.req.method, c.req.path, err);
  return c.json({ message: 'サーバーエラーが発生しました。', code: 'common.server_error' }, 500);
}
