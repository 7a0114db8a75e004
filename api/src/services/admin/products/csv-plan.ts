/**
 * The change list of an import (pure): each read row against the named product's current values —
 * an unknown code and a 通常価格 not above the 販売価格 are errors of that line, an unchanged value is
 * no change — and the basis, a digest of the file and of every named product's current values, so
 * the real run can prove it applies exactly what the dry run showed.
 */
import { createHash } from 'node:crypto';
import type { ProductChange } from '#contracts/admin-products.ts';
import type { CsvErrors } from '../../user-addresses/csv.ts';
import { applied, changesOf, restocks, saleRuleError } from './changes.ts';
import type { ImportRow } from './csv-read.ts';
import type { Values } from './rows.ts';

export interface Current {
  id: number;
  code: string;
  values: Values;
}

export interface Plan {
  changes: ProductChange[];
  errors: CsvErrors;
  /** Products whose stock comes back from 0 (their restock mails go out). */
  restocked: number[];
  changedProducts: number;
  basis: string;
}

export function planImport(bytes: Uint8Array, rows: ImportRow[], readErrors: CsvErrors, current: Map<string, Current>): Plan {
  const errors: CsvErrors = { ...readErrors };
  const changes: ProductChange[] = [];
  const restocked: number[] = [];
  let changedProducts = 0;
  for (const row of rows) {
    const product = current.get(row.code);
    if (!product) {
      errors[`line_${row.line}`] = [`商品コード「${row.code}」の商品が見つかりません。`];
      continue;
    }
    const rule = saleRuleError(product.values, row.wanted);
    if (rule) {
      errors[`line_${row.line}`] = [rule];
      continue;
    }
    const found = changesOf(product.values, row.wanted, product, row.line);
    if (!found.length) continue;
    changes.push(...found);
    changedProducts++;
    if (restocks(product.values, applied(product.values, found))) restocked.push(product.id);
  }
  const hash = createHash('sha256').update(bytes);
  for (const code of [...current.keys()].sort()) hash.update(JSON.stringify([code, current.get(code)!.values]));
  return { changes, errors: sortedByLine(errors), restocked, changedProducts, basis: hash.digest('hex') };
}

/** `file` first, then line_{n} in line order. */
function sortedByLine(errors: CsvErrors): CsvErrors {
  const n = (k: string) => (k === 'file' ? 0 : Number(k.slice(5)) || 0);
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => n(a) - n(b)));
}
