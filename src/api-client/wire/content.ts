/** Decoders of the small content lists the browser reads once per page (spec 4): brands, tags, popups. */
import type { Brand, Popup, Tag } from '#contracts/content.ts';
import { boolean, type Decoder, int, nullable, object, string } from '../core/guard.ts';

export const brandWire: Decoder<Brand> = /* @__PURE__ */ object({ id: int, key: string, name: string, maker_id: nullable(int) });

export const tagWire: Decoder<Tag> = /* @__PURE__ */ object({ id: int, key: string, name: string });

/** A popup's body is editor HTML, already sanitised by the API. */
export const popupWire: Decoder<Popup> = /* @__PURE__ */ object({ id: int, title: string, body: string, is_show: boolean });
