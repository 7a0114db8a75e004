/**
 * Memorial days (spec 7 "Memorials": GET/POST /v1/me/user-memorials, GET/PUT/DELETE
 * /v1/me/user-memorials/{id}) and the name embroidery (GET/PUT /v1/me/name-embroidery).
 */
import type { Memorial, MemorialInput, NameEmbroidery, NameEmbroideryInput } from '#contracts/memorials.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { readLimit } from '../core/pagination.ts';
import { memorialWire, nameEmbroideryWire } from '../wire/memorial.ts';

export type { Memorial, MemorialInput, NameEmbroidery, NameEmbroideryInput };

export interface MemorialList {
  items: Memorial[];
  /** Most memorial days the member can keep (x-limit), null when the server sent none. */
  limit: number | null;
}

/** GET /v1/me/user-memorials → the member's memorial days in calendar order and the x-limit maximum. */
export async function listMemorials(opts: CallOptions = {}): Promise<MemorialList> {
  const res = await request('GET', '/v1/me/user-memorials', { parse: array(memorialWire), signal: opts.signal });
  return { items: res.data, limit: readLimit(res.headers) ?? null };
}

export async function getMemorial(id: number, opts: CallOptions = {}): Promise<Memorial> {
  return (await request('GET', `/v1/me/user-memorials/${seg(id)}`, { parse: memorialWire, signal: opts.signal })).data;
}

export async function createMemorial(input: MemorialInput, opts: CallOptions = {}): Promise<Memorial> {
  return (await request('POST', '/v1/me/user-memorials', { body: input, parse: memorialWire, signal: opts.signal })).data;
}

export async function updateMemorial(id: number, input: MemorialInput, opts: CallOptions = {}): Promise<Memorial> {
  return (await request('PUT', `/v1/me/user-memorials/${seg(id)}`, { body: input, parse: memorialWire, signal: opts.signal })).data;
}

export async function deleteMemorial(id: number, opts: CallOptions = {}): Promise<void> {
  await request('DELETE', `/v1/me/user-memorials/${seg(id)}`, { body: {}, signal: opts.signal });
}

/** GET /v1/me/name-embroidery → the saved embroidery, or null while there is none. */
export async function getNameEmbroidery(opts: CallOptions = {}): Promise<NameEmbroidery | null> {
  return (await request('GET', '/v1/me/name-embroidery', { parse: nameEmbroideryWire, signal: opts.signal })).data;
}

/** PUT /v1/me/name-embroidery → the saved embroidery. */
export async function saveNameEmbroidery(input: NameEmbroideryInput, opts: CallOptions = {}): Promise<NameEmbroidery> {
  const saved = (await request('PUT', '/v1/me/name-embroidery', { body: input, parse: nameEmbroideryWire, signal: opts.signal })).data;
  if (!saved) throw new TypeError('name-embroidery: expected the saved embroidery');
  return saved;
}
