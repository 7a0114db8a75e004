/**
 * 名入れ刺繍 without zod and without the memorial rules: the fonts and thread colours (the my-page form,
 * the product page and the API offer these), and a line's embroidery (cart line, order line): read
 * back from storage, told apart from another line's, written for a shopper (「名入れ：山田（明朝体・金）」).
 * Small on purpose: the cart and checkout bundles load it. The text rules are in memorial-choices.ts,
 * and the form check that uses them in embroidery-rules.ts.
 */

/** Embroidery fonts, by code, in the order the form offers them. */
export const EMBROIDERY_FONTS = {
  mincho: '明朝体',
  gothic: 'ゴシック体',
  brush: '筆記体',
  block: 'ブロック体',
} as const;
export type EmbroideryFont = keyof typeof EMBROIDERY_FONTS;

/** Thread colours, by code: the name shown and the colour of the preview. */
export const EMBROIDERY_COLORS = {
  gold: { label: '金', hex: '#b8860b' },
  silver: { label: '銀', hex: '#8a8d91' },
  navy: { label: '紺', hex: '#1f2f5c' },
  black: { label: '黒', hex: '#1a1a1a' },
  red: { label: '赤', hex: '#b22222' },
  white: { label: '白', hex: '#ffffff' },
} as const;
export type EmbroideryColor = keyof typeof EMBROIDERY_COLORS;

/** The embroidery a line carries: the stitched text, the font code and the thread colour code. */
export interface LineEmbroidery {
  text: string;
  font: EmbroideryFont;
  color: EmbroideryColor;
}

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
