/**
 * The member's message centre (spec 7 GET /v1/me/system-messages, GET /v1/me/system-messages/{id};
 * GET /v1/me/system-messages/unread-count for the hub). Bodies are plain text: render as text.
 */
import type { Pagination } from '#contracts/common.ts';
import type { SystemMessage } from '#contracts/system-messages.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';
import { systemMessageWire, unreadCountWire } from '../wire/system-message.ts';

export type { SystemMessage };
export interface SystemMessagePage {
  items: SystemMessage[];
  pagination: Pagination;
}

/** One page of the member's messages, newest first (10 per page). */
export async function listSystemMessages(query: { page?: number } = {}, opts: CallOptions = {}): Promise<SystemMessagePage> {
  const res = await request('GET', '/v1/me/system-messages', { query, parse: array(systemMessageWire), signal: opts.signal });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, PER_PAGE.other) };
}

/** One message; the API marks it read on the first opening. */
export async function getSystemMessage(id: number | string, opts: CallOptions = {}): Promise<SystemMessage> {
  return (await request('GET', `/v1/me/system-messages/${seg(id)}`, { parse: systemMessageWire, signal: opts.signal })).data;
}

/** How many of the member's messages are unread. */
export async function getUnreadSystemMessageCount(opts: CallOptions = {}): Promise<number> {
  return (await request('GET', '/v1/me/system-messages/unread-count', { parse: unreadCountWire, signal: opts.signal })).data.unread_count;
}
