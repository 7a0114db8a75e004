/**
 * The cart's lines as the cart screen nests them: each line of the shopper's own with the accessory
 * lines that belong to it (wire parent_key), in the server's order. An accessory whose parent is not
 * in the cart (not expected: the API deletes accessories with their line) is shown as a line of its own.
 */
import type { CartLine } from '#api-client/core/types.ts';

export interface LineGroup {
  line: CartLine;
  accessories: CartLine[];
}

/** Groups accessory lines under their parent line. */
export function groupCartLines(lines: CartLine[]): LineGroup[] {
  const own = new Set(lines.filter((l) => !l.parentKey).map((l) => l.key));
  const groups = new Map<string, LineGroup>();
  for (const line of lines) {
    if (line.parentKey && own.has(line.parentKey)) continue;
    groups.set(line.key, { line, accessories: [] });
  }
  for (const line of lines) {
    if (line.parentKey && own.has(line.parentKey)) groups.get(line.parentKey)!.accessories.push(line);
  }
  return [...groups.values()];
}
