/** GET /v1/postal-code: the address parts of a Japanese postal code. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { postal_codes } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import type { PostalCodeResult } from '#contracts/addresses.ts';

/** Looks up "150-0001" or "1500001"; unknown codes are 404. */
export async function lookupPostalCode(db: Db | Tx, code: string): Promise<PostalCodeResult> {
  const [row] = await db.select().from(postal_codes).where(eq(postal_codes.code, code.replace('-', ''))).limit(1);
  if (!row) throw notFound('郵便番号');
  return { postal_code: row.code, prefecture: row.prefecture, city: row.city, town: row.town };
}
