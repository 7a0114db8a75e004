/**
 * A line's 名入れ刺繍 (cart line, order line) without zod: how it is read back from storage, told apart
 * from another line's, written for a shopper (「名入れ：山田（明朝体・金）」) and checked in a form with
 * the same rules and Japanese messages as the API (contracts/memorial-choices.ts). The product page's
 * script, the cart screens, the mail and the receipt all read these.
 */
import { messages } from './messages.ts';
import {
  characterCount, EMBROIDERY_COLORS, EMBROIDERY_FONTS, EMBROIDERY_TEXT, EMBROIDERY_TEXT_LABEL, EMBROIDERY_TEXT_MAX, embroideryMessages,
  type EmbroideryColor, type EmbroideryFont,
} from './memorial-choices.ts';

/** The embroidery a line carries: the stitched text, the font code and the thread colour code. */
export interface LineEmbroidery { text: string; font: EmbroideryFont; color: EmbroideryColor }

const isFont = (v: unknown): v is EmbroideryFont => typeof v === 'string' && Object.hasOwn(EMBROIDERY_FONTS, v);
const isColor = (v: unknown): v is EmbroideryColor => typeof v === 'string' && Object.hasOwn(EMBROIDERY_COLORS, v);

/** A stored embroidery (jsonb) as a LineEmbroidery, or null for none or anything malformed. */
export function embroideryOf(v: unknown): LineEmbroidery | null {
  if (!v || typeof v !== 'object') return null;
  const { text, font, color } = v as Record<string, unknown>;
  return typeof text === 'string' && text !== '' && isFont(font) && isColor(color) ? { text, font, color } : null;
}

/** One string per distinct embroidery ('' for none): lines of a product merge only when theirs are equal. */
export const embroideryKey = (e: LineEmbroidery | null | undefined): string => (e ? `${e.text}\u0000${e.font}\u0000${e.color}` : '');

/** 「山田（明朝体・金）」: the text with its font and thread colour in Japanese. */
export const embroideryText = (e: LineEmbroidery): string =>
  `${e.text}（${EMBROIDERY_FONTS[e.font]}・${EMBROIDERY_COLORS[e.color].label}）`;

/** 「名入れ：山田（明朝体・金）」, as the cart, the order screens and the mail show it under a line. */
export const embroideryLabel = (e: LineEmbroidery): string => `名入れ：${embroideryText(e)}`;

/** The message for the text typed in a form (trimmed like the API does), or null when it can be stitched. */
export function embroideryTextError(raw: string): string | null {
  const v = raw.trim();
  if (!v) return messages.required(EMBROIDERY_TEXT_LABEL);
  if (characterCount(v) > EMBROIDERY_TEXT_MAX) return embroideryMessages.length;
  return EMBROIDERY_TEXT.test(v) ? null : embroideryMessages.characters;
}
