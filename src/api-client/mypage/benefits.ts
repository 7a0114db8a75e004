/** The member's coupons and points (spec 7 GET /v1/me/coupons, /v1/me/points, /v1/me/point-histories). */

import type { MyCoupon, PointHistory, PointSummary } from '#contracts/benefits.ts';
import type { Pagination } from '#contracts/common.ts';
import type { CallOptions } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';
import { myCouponWire, pointHistoryWire } from '../wire/benefits.ts';

export { getMyPoints } from './points.ts';

export type { MyCoupon, PointHistory, PointSummary };
export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

async function pagedCall<T>(
  path: string,
  parse: (v: unknown) => T,
  query: { page?: number; per?: number },
  opts: CallOptions,
): Promise<Paged<T>> {
  const res = await request('GET', path, { query, parse: array(parse), signal: opts.signal });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, query.per ?? PER_PAGE.other) };
}

/** GET /v1/me/coupons: handed to the member and open ones valid now, unused first. */
export const listMyCoupons = (query: { page?: number; per?: number } = {}, opts: CallOptions = {}) =>
  pagedCall('/v1/me/coupons', myCouponWire, query, opts);

/** GET /v1/me/point-histories: the point moves, newest first. */
export const listPointHistories = (query: { page?: number; per?: number } = {}, opts: CallOptions = {}) =>
  pagedCall('/v1/me/point-histories', pointHistoryWire, query, opts);
