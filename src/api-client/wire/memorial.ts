/** Decoders of a memorial day and of the name embroidery. */

import { EMBROIDERY_COLORS, EMBROIDERY_FONTS } from '#contracts/memorial-choices.ts';
import type { Memorial, NameEmbroidery } from '#contracts/memorials.ts';
import { boolean, type Decoder, int, literal, nullable, object, string } from '../core/guard.ts';

export const memorialWire: Decoder<Memorial> = /* @__PURE__ */ object({
  id: int,
  user_id: int,
  target_user_name: string,
  division_ct: int,
  name: string,
  month: int,
  date: int,
  call: boolean,
  created_at: string,
  updated_at: string,
});

const fonts = Object.keys(EMBROIDERY_FONTS) as Array<NameEmbroidery['font']>;
const colors = Object.keys(EMBROIDERY_COLORS) as Array<NameEmbroidery['color']>;

export const nameEmbroideryWire: Decoder<NameEmbroidery | null> = /* @__PURE__ */ nullable(
  object({
    text: string,
    font: literal(...fonts),
    color: literal(...colors),
    updated_at: string,
  }),
);
