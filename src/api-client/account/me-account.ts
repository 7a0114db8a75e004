/** The member's account calls of spec 7: withdrawal (DELETE /v1/me/user) and the login history. */
import type { Pagination } from '#contracts/common.ts';
import type { CallOptions } from '../core/call.ts';
import { ApiError, CLIENT_CODES } from '../core/errors.ts';
import { array } from '../core/guard.ts';
import { options, request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';
import { refreshForRequest } from '../core/refresh.ts';
import { isTokenExpired } from '../core/token.ts';
import { type LoginHistory, loginHistoryWire } from '../wire/me-account.ts';

export type { LoginHistory };

/**
 * DELETE /v1/me/user { password }: withdrawal. Spec 7: the stored access token is removed first, so
 * a withdrawal whose answer never arrives (tab closed, connection lost) leaves no token of an erased
 * member for the next page to restore; the call carries the token it read. When the API refuses
 * (wrong password 422, too many tries 429) the account still exists and the token is put back; a 401
 * means the session was already over, so nothing is put back. Logging out afterwards is the caller's.
 */
export async function withdrawMember(password: string, opts: CallOptions = {}): Promise<void> {
  const o = options();
  let session = o.tokens.read();
  if (!session) throw new ApiError({ status: 401, code: CLIENT_CODES.unauthenticated, message: 'ログインしてください。' });
  if (isTokenExpired(session.expiresAt, o.now())) session = await refreshForRequest();
  o.tokens.clear();
  try {
    await request('DELETE', '/v1/me/user', {
      body: { password },
      bearer: session.accessToken,
      cancelOnNavigation: false,
      signal: opts.signal,
    });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) o.tokens.write(session);
    throw e;
  }
}

export interface LoginHistoryList {
  items: LoginHistory[];
  pagination: Pagination;
}

/** GET /v1/me/login-histories?page&per → newest first, with pagination (10 per page by default). */
export async function listLoginHistories(query: { page?: number; per?: number } = {}, opts: CallOptions = {}): Promise<LoginHistoryList> {
  const res = await request('GET', '/v1/me/login-histories', { query, parse: array(loginHistoryWire), signal: opts.signal });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, query.per ?? PER_PAGE.other) };
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser column of the login history: 「Chrome（Windows）」 from a User-Agent, 「不明」 without one. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent?.trim()) return '不明';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser) return 'その他';
  return system ? `${browser}（${system}）` : browser;
}
