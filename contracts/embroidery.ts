/**
 * 名入れ刺繍 on a cart line and an order line (PATCH /v1/carts/products/add `embroidery`, CartProduct and
 * OrderItem `embroidery`). The request takes the same rules and Japanese messages as the member's saved
 * embroidery (PUT /v1/me/name-embroidery); the zod-free helpers live in contracts/embroidery-choices.ts.
 */

import { EMBROIDERY_COLORS, EMBROIDERY_FONTS } from './embroidery-choices.ts';
import { nameEmbroideryInputSchema } from './memorials.ts';
import { z } from './zod.ts';

export * from './embroidery-choices.ts';

const fontCodes = Object.keys(EMBROIDERY_FONTS) as [keyof typeof EMBROIDERY_FONTS, ...(keyof typeof EMBROIDERY_FONTS)[]];
const colorCodes = Object.keys(EMBROIDERY_COLORS) as [keyof typeof EMBROIDERY_COLORS, ...(keyof typeof EMBROIDERY_COLORS)[]];

/** A line's embroidery as the API answers it: text, font code (mincho…) and thread colour code (gold…). */
export const lineEmbroiderySchema = z
  .object({
    text: z.string(),
    font: z.enum(fontCodes),
    color: z.enum(colorCodes),
  })
  .meta({ id: 'LineEmbroidery' });

/** The embroidery asked for with an add: text trimmed, 1–12 stitchable characters; font and colour codes. */
export const lineEmbroideryInputSchema = nameEmbroideryInputSchema.meta({ id: 'LineEmbroideryInput' });
export type LineEmbroideryInput = z.infer<typeof lineEmbroideryInputSchema>;
