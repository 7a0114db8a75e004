/**
 * Discovery calls for the my-page islands (spec 7 "Products", "History", "User lists, bookmarks") and
 * the store rules of spec 4 as pure functions. The product page's vanilla scripts do not use this
 * module (their JS budget): they call the API through src/scripts/discovery/api.ts.
 */
import type { Pagination } from '#contracts/common.ts';
import type { Bookmark, ListedProduct, ProductHistoryItem, ProductRequest, UserList } from '#contracts/discovery.ts';
import type { Product } from '#contracts/products.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';
import { messageWire } from '../wire/account.ts';
import {
  bookmarkWire,
  likedIdsWire,
  likeResultWire,
  listedProductWire,
  productHistoryItemWire,
  productRequestWire,
  userListWire,
} from '../wire/discovery.ts';
import { productWire } from '../wire/product.ts';

export type { Bookmark, ListedProduct, ProductHistoryItem, ProductRequest, UserList };

/**
 * Sent with DELETEs: a bodyless DELETE from the browser reaches hono's bodyLimit (middleware/body-limit.ts)
 * without Content-Length and its re-wrap of the request throws on the node server (a 500); an empty
 * JSON object carries a Content-Length and is ignored by the routes.
 */
const NO_BODY = {};

export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}
type PageQuery = { page?: number; per?: number };

async function paged<T>(
  path: string,
  parse: (v: unknown) => T[],
  query: Record<string, string | number | undefined>,
  per: number,
  opts: CallOptions,
): Promise<Paged<T>> {
  const res = await request('GET', path, { query, parse, signal: opts.signal });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, per) };
}

// ---------------------------------------------------------------- favourites

/**
 * POST or DELETE /v1/products/{id}/likes. Spec 8: a failure is rethrown with the server's message
 * field as the error's message (the ApiError carries it already).
 */
export async function setFavorite(productId: number, on: boolean, opts: CallOptions = {}): Promise<boolean> {
  const res = await request(on ? 'POST' : 'DELETE', `/v1/products/${seg(productId)}/likes`, { parse: likeResultWire, signal: opts.signal });
  return res.data.is_favorite;
}

/** GET /v1/me/likes?ids=: which of `ids` the member has favourited. */
export async function likedAmong(ids: number[], opts: CallOptions = {}): Promise<number[]> {
  if (!ids.length) return [];
  return (await request('GET', '/v1/me/likes', { query: { ids: ids.join(',') }, parse: likedIdsWire, signal: opts.signal })).data
    .product_ids;
}

/** GET /v1/me/likes/products: the member's favourites, last favourited first. */
export const listFavoriteProducts = (query: PageQuery = {}, opts: CallOptions = {}) =>
  paged<Product>('/v1/me/likes/products', array(productWire), query, query.per ?? PER_PAGE.other, opts);

/** Spec 4: toggling a favourite sets is_favorite on every product of a list that holds it (pure). */
export function applyFavorite<T extends { id: number; is_favorite: boolean }>(items: T[], productId: number, isFavorite: boolean): T[] {
  return items.map((p) => (p.id === productId && p.is_favorite !== isFavorite ? { ...p, is_favorite: isFavorite } : p));
}

// ---------------------------------------------------------------- browsing history

/** GET /v1/me/product-histories (10 per page). */
export const listProductHistory = (query: PageQuery = {}, opts: CallOptions = {}) =>
  paged<ProductHistoryItem>('/v1/me/product-histories', array(productHistoryItemWire), query, query.per ?? PER_PAGE.other, opts);

/** DELETE /v1/me/product-histories/{id}. */
export async function deleteProductHistory(id: number, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/product-histories/${seg(id)}`, { body: NO_BODY, signal: opts.signal });
}

/** Spec 4 "History": the current list, de-duplicated by product_id, newest first, at most `max` (pure). */
export function currentHistory<T extends { product_id: number; viewed_at: string }>(items: T[], max = 10): T[] {
  const sorted = [...items].sort((a, b) => Date.parse(b.viewed_at) - Date.parse(a.viewed_at));
  const seen = new Set<number>();
  return sorted.filter((h) => !seen.has(h.product_id) && seen.add(h.product_id)).slice(0, max);
}

// ---------------------------------------------------------------- user lists

export async function listUserLists(opts: CallOptions = {}): Promise<UserList[]> {
  return (await request('GET', '/v1/me/user-lists', { parse: array(userListWire), signal: opts.signal })).data;
}

export async function getUserList(key: string, opts: CallOptions = {}): Promise<UserList> {
  return (await request('GET', `/v1/me/user-lists/${seg(key)}`, { parse: userListWire, signal: opts.signal })).data;
}

/** GET /v1/me/user-lists/{key}?is_listables=1: the list's products, paged. */
export const listUserListProducts = (key: string, query: PageQuery = {}, opts: CallOptions = {}) =>
  paged<Product>(`/v1/me/user-lists/${seg(key)}`, array(productWire), { ...query, is_listables: 1 }, query.per ?? PER_PAGE.other, opts);

/**
 * PATCH /v1/me/user-lists/attach: into the list `key` (default: the member's default list). Spec 8:
 * a failure is rethrown with the server response's message (the ApiError's message is that field).
 */
export async function attachProducts(ids: number[], key?: string, opts: CallOptions = {}): Promise<UserList> {
  return (
    await request('PATCH', '/v1/me/user-lists/attach', {
      body: { table: 'products', ids, ...(key ? { key } : {}) },
      parse: userListWire,
      signal: opts.signal,
    })
  ).data;
}

/** PATCH /v1/me/user-lists/detach: out of every list; answers the updated products. */
export async function detachProducts(ids: number[], opts: CallOptions = {}): Promise<ListedProduct[]> {
  return (
    await request('PATCH', '/v1/me/user-lists/detach', {
      body: { table: 'products', ids },
      parse: array(listedProductWire),
      signal: opts.signal,
    })
  ).data;
}

/** PATCH /v1/me/user-lists/{key}/detach: out of that list. */
export async function detachFromList(key: string, ids: number[], opts: CallOptions = {}): Promise<UserList> {
  return (
    await request('PATCH', `/v1/me/user-lists/${seg(key)}/detach`, {
      body: { table: 'products', ids },
      parse: userListWire,
      signal: opts.signal,
    })
  ).data;
}

/** POST /v1/me/user-lists: a new empty list (422 with errors.name on a bad or duplicate name, or at the limit). */
export async function createUserList(name: string, opts: CallOptions = {}): Promise<UserList> {
  return (await request('POST', '/v1/me/user-lists', { body: { name }, parse: userListWire, signal: opts.signal })).data;
}

/** PATCH /v1/me/user-lists/{key}: renames the list. */
export async function renameUserList(key: string, name: string, opts: CallOptions = {}): Promise<UserList> {
  return (await request('PATCH', `/v1/me/user-lists/${seg(key)}`, { body: { name }, parse: userListWire, signal: opts.signal })).data;
}

/** DELETE /v1/me/user-lists/{key}: the list and its items (the default list is refused, 422). */
export async function deleteUserList(key: string, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/user-lists/${seg(key)}`, { body: NO_BODY, signal: opts.signal });
}

/** Spec 4: after detach, the returned product replaces the matching list entry (pure). */
export function replaceListEntry<T extends { id: number }>(items: T[], updated: T): T[] {
  return items.map((p) => (p.id === updated.id ? updated : p));
}

// ---------------------------------------------------------------- bookmarks

export const listBookmarks = (query: PageQuery = {}, opts: CallOptions = {}) =>
  paged<Bookmark>('/v1/me/bookmarks', array(bookmarkWire), query, query.per ?? PER_PAGE.other, opts);

export async function createBookmark(input: { url: string; title: string }, opts: CallOptions = {}): Promise<Bookmark> {
  return (await request('POST', '/v1/me/bookmarks', { body: input, parse: bookmarkWire, signal: opts.signal })).data;
}

export async function getBookmark(id: number, opts: CallOptions = {}): Promise<Bookmark> {
  return (await request('GET', `/v1/me/bookmarks/${seg(id)}`, { parse: bookmarkWire, signal: opts.signal })).data;
}

export async function deleteBookmark(id: number, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/bookmarks/${seg(id)}`, { body: NO_BODY, signal: opts.signal });
}

// ---------------------------------------------------------------- restock requests

export const listProductRequests = (query: PageQuery = {}, opts: CallOptions = {}) =>
  paged<ProductRequest>('/v1/me/product-request-histories', array(productRequestWire), query, query.per ?? PER_PAGE.other, opts);

/** POST /v1/product-requests/confirm { token }: the confirmation mail's link; answers the message to show. */
export async function confirmProductRequests(token: string, opts: CallOptions = {}): Promise<string> {
  return (await request('POST', '/v1/product-requests/confirm', { body: { token }, parse: messageWire, signal: opts.signal })).data.message;
}

export async function deleteProductRequest(id: number, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/product-request-histories/${seg(id)}`, { body: NO_BODY, signal: opts.signal });
}
