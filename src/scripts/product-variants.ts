/**
 * The variant picker's rules, pure: a product model's variants as colour swatches and size choices.
 * Each choice links to one variant (its own page, /product/{variant key}/): a colour keeps the size
 * being looked at when that colour has it, else goes to its first variant in stock; the sizes are the
 * current colour's. Each shows its own stock (在庫あり / 残りわずか / 在庫なし).
 */
import type { ProductVariant, StockStatus } from '#contracts/products.ts';

/** Japanese wording of each stock status (STOCK_STATUS_LABELS of the contract, not imported: zod). */
export const STOCK_LABELS: Record<StockStatus, string> = { in_stock: '在庫あり', low: '残りわずか', out: '在庫なし' };

export interface ColourChoice {
  color: string;
  colorCode: string | null;
  key: string;
  checked: boolean;
  stock: StockStatus;
}
export interface SizeChoice {
  size: string;
  key: string;
  checked: boolean;
  stock: StockStatus;
}

const rank: Record<StockStatus, number> = { in_stock: 2, low: 1, out: 0 };
const best = (a: StockStatus, b: StockStatus): StockStatus => (rank[a] >= rank[b] ? a : b);

type Current = { key: string; color: string | null; size: string | null };

/** Colour swatches in the model's order, one per colour. */
export function colourChoices(current: Current, variants: readonly ProductVariant[]): ColourChoice[] {
  const byColour = new Map<string, ProductVariant[]>();
  for (const v of variants) if (v.color) byColour.set(v.color, [...(byColour.get(v.color) ?? []), v]);
  return [...byColour].map(([color, group]) => {
    const target =
      group.find((v) => v.size === current.size && v.stock_status !== 'out') ??
      group.find((v) => v.stock_status !== 'out') ??
      group.find((v) => v.size === current.size) ??
      group[0];
    const checked = color === current.color;
    return {
      color,
      colorCode: group[0].color_code,
      key: checked ? current.key : target.key,
      checked,
      stock: group.reduce<StockStatus>((s, v) => best(s, v.stock_status), 'out'),
    };
  });
}

/** Size choices of the current colour (every variant's size when the model has no colours). */
export function sizeChoices(current: Current, variants: readonly ProductVariant[]): SizeChoice[] {
  const seen = new Set<string>();
  const out: SizeChoice[] = [];
  for (const v of variants) {
    if (!v.size || (current.color && v.color !== current.color) || seen.has(v.size)) continue;
    seen.add(v.size);
    out.push({ size: v.size, key: v.key, checked: v.key === current.key, stock: v.stock_status });
  }
  return out;
}

/** The arrow-key move inside a radio group of `count` choices (wraps); other keys leave it. */
export function radioMove(index: number, count: number, key: string): number {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return index;
}
