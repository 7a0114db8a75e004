/**
 * The check of an embroidery text typed in a form (the product page's 「名入れ刺繍をする」), with the same
 * rules and Japanese messages as the API (contracts/memorial-choices.ts, contracts/memorials.ts).
 */

import { characterCount, EMBROIDERY_TEXT, EMBROIDERY_TEXT_LABEL, EMBROIDERY_TEXT_MAX, embroideryMessages } from './memorial-choices.ts';
import { messages } from './messages.ts';

/** The message for the text typed (trimmed like the API does), or null when it can be stitched. */
export function embroideryTextError(raw: string): string | null {
  const v = raw.trim();
  if (!v) return messages.required(EMBROIDERY_TEXT_LABEL);
  if (characterCount(v) > EMBROIDERY_TEXT_MAX) return embroideryMessages.length;
  return EMBROIDERY_TEXT.test(v) ? null : embroideryMessages.characters;
}
