/**
 * The content lists of spec 4 "Fetch-once data" (brands, tags, popups) and the single popup. Unlike
 * content.ts, which the server reads with the contracts' zod schemas, these are read by the browser
 * too (the fetch-once stores), so they parse with the small wire decoders and keep zod out of island
 * bundles. content.ts re-exports them, so the "Content" calls stay one import for SSR pages.
 */
import type { Brand, Popup, Tag } from '#contracts/content.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { brandWire, popupWire, tagWire } from '../wire/content.ts';

export type { Brand, Popup, Tag };

const brandListWire = /* @__PURE__ */ array(brandWire);
const tagListWire = /* @__PURE__ */ array(tagWire);
const popupListWire = /* @__PURE__ */ array(popupWire);

/** GET /v1/brands?per=all: every brand, a plain list (spec 9: brands use per=all). */
export async function listBrands(opts: CallOptions = {}): Promise<Brand[]> {
  return (await request('GET', '/v1/brands', { query: { per: 'all' }, parse: brandListWire, signal: opts.signal })).data;
}

/** GET /v1/tags: every tag (tags are shared by the channels). */
export async function listTags(opts: CallOptions = {}): Promise<Tag[]> {
  return (await request('GET', '/v1/tags', { parse: tagListWire, signal: opts.signal })).data;
}

/** GET /v1/popups: the popups shown on this channel. */
export async function listPopups(opts: CallOptions = {}): Promise<Popup[]> {
  return (await request('GET', '/v1/popups', { parse: popupListWire, signal: opts.signal })).data;
}

/** GET /v1/popups/{id}: one shown popup of this channel (a hidden or unknown one is a 404 ApiError). */
export async function getPopup(id: number, opts: CallOptions = {}): Promise<Popup> {
  return (await request('GET', `/v1/popups/${seg(id)}`, { parse: popupWire, signal: opts.signal })).data;
}
