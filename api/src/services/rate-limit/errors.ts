/** Refusals that tell the client when to come back (Retry-After): rate limits and a full KDF queue (both 429). */
import { ApiError } from '../../lib/errors.ts';

/** An ApiError that carries the seconds to put in the Retry-After header. */
export class RetryLaterError extends ApiError {
  retryAfterSeconds: number;
  constructor(status: 429 | 503, message: string, code: string, retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    // ApiError's headers are written by handleError, so every route that throws this sends Retry-After.
    super(status, message, { code, headers: { 'Retry-After': String(seconds) } });
    this.retryAfterSeconds = seconds;
  }
}

export const TOO_MANY_ATTEMPTS_MESSAGE = 'ログインの試行回数が多すぎます。しばらく時間をおいてから再度お試しください。';
export const TOO_MANY_REQUESTS_MESSAGE = 'リクエストが多すぎます。しばらく時間をおいてから再度お試しください。';
export const KDF_BUSY_MESSAGE = 'ただいまアクセスが集中しています。しばらく時間をおいてから再度お試しください。';

/** 429 auth.too_many_attempts, answered when a login or refresh limit is exhausted. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new RetryLaterError(429, TOO_MANY_ATTEMPTS_MESSAGE, 'auth.too_many_attempts', retryAfterSeconds);
