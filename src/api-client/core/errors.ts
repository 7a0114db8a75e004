/**
 * The one error type the API client throws. Screens decide what to show with two predicates:
 * `isIgnoredError` (nothing to show: network failure or a cancelled request, spec 8 "ignored
 * silently") and `isHandledError` (the client already acted: redirect to login, maintenance or the
 * invalid-channel state, so a toast would only add noise).
 */
import { CHANNEL_NOT_FOUND_MESSAGE } from '#contracts/constants.ts';

/** Codes the client itself produces (the server's codes look like `cart.common.is_expired`). */
export const CLIENT_CODES = {
  network: 'client.network',
  aborted: 'client.aborted',
  timeout: 'client.timeout',
  invalidResponse: 'client.invalid_response',
  refreshFailed: 'client.refresh_failed',
  unauthenticated: 'client.unauthenticated',
  maintenance: 'client.maintenance',
  invalidChannel: 'client.invalid_channel',
} as const;

export const TIMEOUT_MESSAGE = '通信がタイムアウトしました。時間をおいて再度お試しください。';
export const INVALID_RESPONSE_MESSAGE = 'サーバーからの応答を読み取れませんでした。';
export const NETWORK_MESSAGE = '通信できませんでした。';

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
  ignored?: boolean;
  handled?: boolean;
}

/** Typed failure of an API call: HTTP status (0 when no response), server code, message, field errors. */
export class ApiError extends Error {
  status: number;
  code: string | undefined;
  errors: Record<string, string[]> | undefined;
  /** Nothing to show the shopper (network error, cancelled by navigation). */
  ignored: boolean;
  /** The client already took the visible action (redirect, maintenance, invalid channel). */
  handled: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.ignored = init.ignored ?? false;
    this.handled = init.handled ?? false;
  }
}

/** True for errors the spec says to ignore silently (network failure, cancelled request). */
export function isIgnoredError(e: unknown): boolean {
  return e instanceof ApiError && e.ignored;
}

/** True when the client already redirected or switched state, so screens should stay quiet. */
export function isHandledError(e: unknown): boolean {
  return e instanceof ApiError && e.handled;
}

/** True when a screen should show this error to the shopper. */
export function isDisplayableError(e: unknown): e is ApiError {
  return e instanceof ApiError && !e.ignored && !e.handled;
}

/** True for the server's "channel does not exist" answer (spec 8). */
export function isChannelNotFound(status: number, message: string | undefined): boolean {
  return status === 404 && message === CHANNEL_NOT_FOUND_MESSAGE;
}

/** Cart codes after which the cart is reset (spec 8). */
export function isProductNotFoundCode(code: string | undefined): boolean {
  return !!code && (code.includes('product_not_found') || code === 'cart.update_products.not_sale');
}

export const CART_EXPIRED_CODE = 'cart.common.is_expired';

/** The first message to show for an error: the first field error, else the message. */
export function firstErrorMessage(e: unknown, fallback = 'エラーが発生しました'): string {
  if (e instanceof ApiError) {
    const first = e.errors ? Object.values(e.errors).flat()[0] : undefined;
    return first ?? (e.message || fallback);
  }
  return fallback;
}
