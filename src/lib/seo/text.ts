/** Plain text for meta descriptions from CMS HTML or product text. */

/** Characters of a meta description: about what a Japanese search result shows. */
export const DESCRIPTION_LENGTH = 120;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Block elements separate words; inline ones (<b>, <a>, <span>) sit inside Japanese text without a space. */
const BLOCK_TAG = /<\/?(p|div|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|section|article|blockquote|figure|figcaption|pre)\b[^>]*>/gi;

/** Text of an HTML fragment: tags (and script/style contents) dropped, common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A meta description: the first non-empty source as plain text, cut to `max` characters (whole code
 * points, ending in 「…」 when cut), else `fallback`.
 */
export function metaDescription(sources: Array<string | null | undefined>, fallback: string, max = DESCRIPTION_LENGTH): string {
  for (const source of sources) {
    const text = source ? htmlToText(source) : '';
    if (!text) continue;
    const chars = Array.from(text);
    return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
  }
  return fallback;
}
