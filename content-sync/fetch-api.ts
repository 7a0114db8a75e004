/**
 * The sync's own small HTTP reader for the /v1 content calls. Build-time tooling runs in Node
 * without cookies or a session, so it does not go through the browser API client; it sends the
 * same contract headers and parses every response with the contract's zod schemas.
 */
import type { z } from 'zod';
import { CHANNEL_HEADER, PAGINATION_HEADERS, XHR_HEADER, XHR_VALUE } from '#contracts/common.ts';
import { internalHeaders } from '#contracts/internal.ts';

export type FetchLike = (input: string, init?: { headers?: Record<string, string> }) => Promise<Response>;

export interface ApiReader {
  /** GET one resource and parse it. */
  get<S extends z.ZodType>(path: string, schema: S, query?: Record<string, string>): Promise<z.infer<S>>;
  /** GET every page of a paged list (following x-last-page) and concatenate the items. */
  getAllPages<S extends z.ZodType>(path: string, itemSchema: S, per?: number): Promise<Array<z.infer<S>>>;
}

/** Error for a non-2xx answer, carrying the status so callers can tell 404 from an outage. */
export class SyncHttpError extends Error {
  status: number;
  constructor(status: number, url: string, body: string) {
    super(`GET ${url} answered ${status}: ${body.slice(0, 200)}`);
    this.status = status;
  }
}

/** Creates a reader bound to one API base URL and channel. */
export function createApiReader(apiBaseUrl: string, channel: string, fetchImpl: FetchLike = fetch): ApiReader {
  const base = apiBaseUrl.replace(/\/+$/, '');

  async function raw(path: string, query?: Record<string, string>): Promise<Response> {
    const qs = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
    const url = `${base}${path}${qs}`;
    const res = await fetchImpl(url, {
      // The internal secret lets the sync through the maintenance switch (contracts/internal.ts).
      headers: { [CHANNEL_HEADER]: channel, [XHR_HEADER]: XHR_VALUE, Accept: 'application/json', ...internalHeaders() },
    });
    if (!res.ok) throw new SyncHttpError(res.status, url, await res.text().catch(() => ''));
    return res;
  }

  return {
    async get(path, schema, query) {
      const res = await raw(path, query);
      return schema.parse(await res.json());
    },
    async getAllPages(path, itemSchema, per = 50) {
      const items: unknown[] = [];
      // Guard against a server that never reports a last page.
      for (let page = 1; page <= 1000; page += 1) {
        const res = await raw(path, { page: String(page), per: String(per) });
        const body: unknown = await res.json();
        if (!Array.isArray(body)) throw new Error(`GET ${path} did not return a list`);
        items.push(...body.map((item) => itemSchema.parse(item)));
        const last = Number(res.headers.get(PAGINATION_HEADERS.last) ?? '1');
        if (!Number.isFinite(last) || page >= last || body.length === 0) break;
      }
      return items as Array<z.infer<typeof itemSchema>>;
    },
  };
}
