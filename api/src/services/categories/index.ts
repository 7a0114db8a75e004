/** The category tree of GET /v1/categories/hierarchy, also the order of a product list's category facets. */
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';

type Conn = Db | Tx;

export interface CategoryTreeNode {
  id: number;
  key: string;
  name: string;
  children: CategoryTreeNode[];
}

/** The category tree of a table ('products' or 'inquiries'), ordered by sort then id. */
export async function categoryTree(db: Conn, table: string): Promise<CategoryTreeNode[]> {
  const rows = await db
    .select({ id: categories.id, parent_id: categories.parent_id, key: categories.key, name: categories.name })
    .from(categories)
    .where(eq(categories.table_name, table))
    .orderBy(asc(categories.sort), asc(categories.id));
  return buildCategoryTree(rows);
}

/** The tree of category rows given in sort order (a row whose parent is not among them is a root). */
export function buildCategoryTree(rows: { id: number; parent_id: number | null; key: string; name: string }[]): CategoryTreeNode[] {
  const nodes = new Map<number, CategoryTreeNode>(rows.map((r) => [r.id, { id: r.id, key: r.key, name: r.name, children: [] }]));
  const roots: CategoryTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id != null ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
