/**
 * The header search box's suggestion logic, pure (no DOM): when to ask, which option the arrow keys
 * move to, what a picked option does. src/scripts/search-header.ts wires it to the ARIA combobox.
 */

/** Suggestions are asked for from this many characters (SUGGEST_MIN_LENGTH of the contract). */
export const SUGGEST_MIN = 2;

/** The trimmed word, or null when blank (a blank word is never searched for nor posted). */
export function searchWord(raw: string | null | undefined): string | null {
  const word = (raw ?? '').replace(/\s+/g, ' ').trim();
  return word ? word.slice(0, 100) : null;
}

/** True when the typed text is long enough to ask for suggestions. */
export function shouldSuggest(raw: string): boolean {
  return [...(searchWord(raw) ?? '')].length >= SUGGEST_MIN;
}

export type SuggestOption =
  | { kind: 'word'; label: string; href: string; word: string }
  | { kind: 'product'; label: string; href: string; image: string; price: number };

/** The suggest answer as one list of options: words first (they search), then products (they open). */
export function suggestOptions(data: {
  words: string[];
  products: Array<{ key: string; name: string; image: string; product_price_with_tax: number }>;
}): SuggestOption[] {
  return [
    ...data.words.map(
      (word): SuggestOption => ({ kind: 'word', label: word, word, href: `/product/?keyword=${encodeURIComponent(word)}` }),
    ),
    ...data.products.map(
      (p): SuggestOption => ({
        kind: 'product',
        label: p.name,
        href: `/product/${encodeURIComponent(p.key)}/`,
        image: p.image,
        price: p.product_price_with_tax,
      }),
    ),
  ];
}

/**
 * The active option after a key: ↓/↑ move and wrap through the input (-1 = none active); any other
 * key leaves it (Home/End stay the text field's caret keys). `count` is the number of options.
 */
export function moveActive(active: number, count: number, key: string): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active >= count - 1 ? -1 : active + 1;
    case 'ArrowUp':
      return active === -1 ? count - 1 : active - 1;
    default:
      return active;
  }
}

/** What Enter does: follow the active option, or (none active) submit the typed word, or nothing when blank. */
export function enterAction(active: number, options: readonly SuggestOption[], typed: string): { go: string; word: string | null } | null {
  const option = options[active];
  if (option) return { go: option.href, word: option.kind === 'word' ? option.word : null };
  const word = searchWord(typed);
  return word ? { go: `/product/?keyword=${encodeURIComponent(word)}`, word } : null;
}
