/** Decoder of a line's 名入れ刺繍 (cart line, order line). */
import { EMBROIDERY_COLORS, EMBROIDERY_FONTS, type LineEmbroidery } from '#contracts/embroidery-choices.ts';
import { type Decoder, literal, nullable, object, optional, string } from '../core/guard.ts';

const fonts = Object.keys(EMBROIDERY_FONTS) as Array<LineEmbroidery['font']>;
const colors = Object.keys(EMBROIDERY_COLORS) as Array<LineEmbroidery['color']>;

/** Optional: a cart draft or an order from before embroidery has none. */
export const lineEmbroideryWire: Decoder<LineEmbroidery | null | undefined> = /* @__PURE__ */ optional(
  nullable(
    object({
      text: string,
      font: literal(...fonts),
      color: literal(...colors),
    }),
  ),
);
