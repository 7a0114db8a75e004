/**
 * The header category menu's data: GET /v1/categories/hierarchy?table=products, kept a minute per
 * server process (every page's header shows it; pages are shared-cached a minute anyway). A failing
 * call gives an empty menu rather than failing the page.
 */

import { getCategoryHierarchy } from '#api-client/content/content.ts';
import type { CategoryNode } from '#contracts/products.ts';

const TTL_MS = 60_000;
let cached: { at: number; tree: Promise<CategoryNode[]> } | null = null;

/** The product category tree (empty when the API cannot answer). */
export function productCategoryMenu(now = Date.now()): Promise<CategoryNode[]> {
  if (!cached || now - cached.at > TTL_MS) {
    const tree = getCategoryHierarchy('products').catch(() => {
      cached = null;
      return [] as CategoryNode[];
    });
    cached = { at: now, tree };
  }
  return cached.tree;
}
