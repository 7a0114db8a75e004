/**
 * The one way a handler answers. Services return plain data; these helpers turn it into the HTTP
 * answer (status, JSON, pagination and limit headers), so every route group answers alike.
 */
import type { Context } from 'hono';
import type { InvalidJSONValue, JSONValue } from 'hono/utils/types';
import { LIMIT_HEADER } from '#contracts/common.ts';
import { type Page, setPaginationHeaders } from './pagination.ts';

type Body = JSONValue | object | InvalidJSONValue;

/** One page of a list as a service returns it; `page` null means everything (per=all). */
export interface PageResult<T> {
  items: T[];
  total: number;
  page: Page | null;
}

/** 200 with a JSON body. */
export const ok = <T extends Body>(c: Context, body: T) => c.json(body, 200);

/** 201 with the created resource. */
export const created = <T extends Body>(c: Context, body: T) => c.json(body, 201);

/** 204 without a body. */
export const noContent = (c: Context) => c.body(null, 204);

/** 200 with one page of items; the pagination headers (x-total, x-per-page, …) say where it sits. */
export function paged<T extends Body>(c: Context, result: PageResult<T>) {
  setPaginationHeaders(c, result.total, result.page);
  return c.json(result.items, 200);
}

/** 200 with a list whose maximum size the client reads from the x-limit header. */
export function limited<T extends Body>(c: Context, items: T[], limit: number) {
  c.header(LIMIT_HEADER, String(limit));
  return c.json(items, 200);
}

/** 200 with JSON already serialized and encoded (the answer cache's stored bytes) and the headers stored with it. */
export const okBytes = (c: Context, body: Uint8Array<ArrayBuffer>, headers: Record<string, string>) => c.body(body, 200, headers);
