/**
 * Errors the API answers with. The body is always Japanese JSON in the spec's shape: `message`, a
 * machine-readable `code` the storefront matches on (spec section 8), and `errors` (field → messages)
 * for validation failures. Database errors are mapped too: bad input is a 4xx, an unreachable or hung
 * database a 503 with Retry-After, and neither a stack nor SQL ever reaches a body. Every error body
 * carries the request's id as `request_id` (lib/request-context.ts), and each 5xx is logged once.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CHANNEL_NOT_FOUND_MESSAGE } from '#contracts/constants.ts';
import { logFor } from './log.ts';
import { currentRequestId } from './request-context.ts';

const log = logFor('api');

export class ApiError extends Error {
  status: ContentfulStatusCode;
  code: string | undefined;
  errors: Record<string, string[]> | undefined;
  headers: Record<string, string> | undefined;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    opts: { code?: string; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = opts.code;
    this.errors = opts.errors;
    this.headers = opts.headers;
  }
}

export const VALIDATION_MESSAGE = '入力内容に誤りがあります。';
export const NOT_FOUND_MESSAGE = 'お探しのページが見つかりませんでした。';
export const UNAVAILABLE_MESSAGE = 'ただいまサービスをご利用いただけません。しばらくしてから再度お試しください。';
/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

export const notFound = (what = 'リソース') => new ApiError(404, `${what}が見つかりません。`, { code: 'common.not_found' });
/** The unknown-channel answer; its message is matched literally by the storefront (spec 8), so it stays as is. */
export const channelNotFound = () => new ApiError(404, CHANNEL_NOT_FOUND_MESSAGE, { code: 'channel.not_exists' });
export const unauthenticated = () => new ApiError(401, 'ログインしてください。', { code: 'auth.unauthenticated' });
export const unprocessable = (message: string, code?: string, errors?: Record<string, string[]>) =>
  new ApiError(422, message, { code, errors });
/** The 422 of a failed validation: `errors` keyed by field, each message naming the field in Japanese. */
export const validationFailed = (errors: Record<string, string[]>) =>
  new ApiError(422, VALIDATION_MESSAGE, { code: 'common.validation', errors });
/** 503 with Retry-After: the database (or another dependency) is unreachable or overloaded. */
export const serviceUnavailable = () =>
  new ApiError(503, UNAVAILABLE_MESSAGE, { code: 'common.service_unavailable', headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });

/** Japanese answers for the statuses hono and its middleware raise as HTTPException. */
const HTTP_ERRORS: Partial<Record<number, [message: string, code: string]>> = {
  400: ['リクエストの形式が正しくありません。', 'common.bad_request'],
  401: ['ログインしてください。', 'auth.unauthenticated'],
  403: ['この操作を行う権限がありません。', 'common.forbidden'],
  404: [NOT_FOUND_MESSAGE, 'common.not_found'],
  405: ['このメソッドは使用できません。', 'common.method_not_allowed'],
  408: ['リクエストがタイムアウトしました。', 'common.timeout'],
  409: ['他の操作と競合しました。もう一度お試しください。', 'common.conflict'],
  413: ['送信されたデータが大きすぎます。', 'common.payload_too_large'],
  415: ['Content-Type に application/json を指定してください。', 'common.unsupported_media_type'],
  422: [VALIDATION_MESSAGE, 'common.validation'],
  429: ['リクエストが多すぎます。しばらくしてから再度お試しください。', 'common.too_many_requests'],
  503: [UNAVAILABLE_MESSAGE, 'common.service_unavailable'],
};

/** The ApiError for an HTTP status (Japanese message and code). */
export function httpError(status: ContentfulStatusCode): ApiError {
  if (status === 503) return serviceUnavailable();
  const [message, code] =
    HTTP_ERRORS[status] ??
    (status >= 500
      ? ['サーバーエラーが発生しました。', 'common.server_error']
      : ['リクエストを処理できませんでした。', 'common.client_error']);
  return new ApiError(status, message, { code });
}

// SQLSTATEs (and driver conditions) that mean "the database cannot serve now": connection
// exceptions (class 08), shutdown and crash (57P01-57P03), statement or lock timeout (57014, 55P03),
// idle-in-transaction timeout (25P03), too many connections and other resource limits (class 53).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|57014|55P03|25P03|53...)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
]);
// "timeout expired": a pooled client's own connect timeout (api/src/db/pool.ts), shorter than the pool's wait.
const UNAVAILABLE_TEXT =
  /timeout exceeded when trying to connect|^timeout expired$|Query read timeout|Connection terminated|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|Client was closed and is not queryable/i;

/** What a database (or driver) error means for the client, or null when it is not one we know. */
export function dbErrorOf(err: unknown): ApiError | null {
  for (const e of causes(err)) {
    const code = typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : '';
    if (/^[0-9A-Z]{5}$/.test(code) && !code.startsWith('E')) {
      if (UNAVAILABLE_SQLSTATE.test(code)) return serviceUnavailable();
      if (code.startsWith('22')) return new ApiError(422, VALIDATION_MESSAGE, { code: 'common.invalid_input' });
      if (code === '23505') return new ApiError(409, '既に登録されています。', { code: 'common.duplicate' });
      if (code === '23503') return new ApiError(422, '指定されたデータが見つかりません。', { code: 'common.invalid_reference' });
      if (code.startsWith('23')) return new ApiError(422, VALIDATION_MESSAGE, { code: 'common.invalid_input' });
      if (code === '40001' || code === '40P01') return httpError(409);
    }
    if (UNAVAILABLE_ERRNO.has(code)) return serviceUnavailable();
    if (e instanceof Error && UNAVAILABLE_TEXT.test(e.message)) return serviceUnavailable();
  }
  return null;
}

/** The error and everything it wraps: `cause` (drizzle wraps the driver's error) and AggregateError's list. */
function* causes(err: unknown): Generator<object> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 20) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    yield e;
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
}

/** Answers made by errorResponse (their body has request_id already; middleware/request-id.ts adds it to others). */
const tagged = new WeakSet<Response>();
export const isTagged = (res: Response): boolean => tagged.has(res);

/** The JSON body and headers for an ApiError. */
export function errorResponse(c: Context, err: ApiError) {
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  const requestId = currentRequestId();
  const res = c.json(
    {
      message: err.message,
      ...(err.code ? { code: err.code } : {}),
      ...(err.errors ? { errors: err.errors } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
    err.status,
  );
  tagged.add(res);
  return res;
}

/** hono onError: known errors keep their status, database errors are mapped, anything else is a logged 500. */
export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    if (err.status >= 500)
      log.warn(
        { method: c.req.method, path: c.req.path, status: err.status, code: err.code },
        `answered ${err.status} ${err.code ?? ''}: ${err.message}`,
      );
    return errorResponse(c, err);
  }
  if (err instanceof HTTPException) return errorResponse(c, httpError(err.status as ContentfulStatusCode));
  const mapped = dbErrorOf(err);
  if (mapped) {
    if (mapped.status === 503)
      log.warn(
        { method: c.req.method, path: c.req.path, cause: describe(err) },
        `database unavailable: ${c.req.method} ${c.req.path} ${describe(err)}`,
      );
    return errorResponse(c, mapped);
  }
  log.error({ err, method: c.req.method, path: c.req.path }, `unhandled error ${c.req.method} ${c.req.path}`);
  return errorResponse(c, new ApiError(500, 'サーバーエラーが発生しました。', { code: 'common.server_error' }));
}

/** One log line for an expected failure: the innermost cause's code and message, without the query. */
function describe(err: unknown): string {
  const all = [...causes(err)];
  const inner = all[all.length - 1] as { code?: unknown; message?: unknown };
  return `${inner.code ?? ''} ${typeof inner.message === 'string' ? inner.message.split('\n')[0] : ''}`.trim();
}
