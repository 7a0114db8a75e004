/**
 * The member's point balance (spec 7 GET /v1/me/points). A module apart from benefits.ts (which
 * re-exports it): the confirm step uses only this call, and its chunk (astro.config.mjs) would
 * otherwise carry the coupon and point-history lists with their paging that only my page runs.
 */
import type { PointSummary } from '#contracts/benefits.ts';
import type { CallOptions } from '../core/call.ts';
import { request } from '../core/http.ts';
import { pointSummaryWire } from '../wire/points.ts';

/** GET /v1/me/points: the balance and what expires soon. */
export async function getMyPoints(opts: CallOptions = {}): Promise<PointSummary> {
  return (await request('GET', '/v1/me/points', { parse: pointSummaryWire, signal: opts.signal })).data;
}
