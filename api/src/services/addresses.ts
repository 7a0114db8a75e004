/** The address book: the wire shape with its display fields, and the member-scoped writes. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { user_addresses } from '../db/schema.ts';
import { notFound, unprocessable } from '../lib/errors.ts';
import { ADDRESS_LIMIT, type Address, type AddressInput, type DeliveryAddress } from '#contracts/addresses.ts';

type Conn = Db | Tx;
export type AddressRow = typeof user_addresses.$inferSelect;

/** "1500001" → "150-0001"; anything else unchanged. */
export function formatPostalCode(code: string): string {
  return /^\d{7}$/.test(code) ? `${code.slice(0, 3)}-${code.slice(3)}` : code;
}

/** The wire Address with formatted_postal_code, combined_address and full_address. */
export function serializeAddress(row: AddressRow): Address {
  const formatted = formatPostalCode(row.postal_code);
  const combined = `${row.prefecture}${row.city}${row.address1}${row.address2 ? ` ${row.address2}` : ''}`;
  return {
    id: row.id, division_ct: row.division_ct, name: row.name, shipping_name: row.shipping_name,
    last_name: row.last_name, first_name: row.first_name, last_name_kana: row.last_name_kana, first_name_kana: row.first_name_kana,
    postal_code: row.postal_code, formatted_postal_code: formatted,
    prefecture: row.prefecture, city: row.city, address1: row.address1, address2: row.address2,
    combined_address: combined, full_address: `〒${formatted} ${combined}`,
    phone_number: row.phone_number, cell_phone_number: row.cell_phone_number, is_default: row.is_default,
  };
}

/** A delivery copy of a saved address: the label (`name`) stays in the address book (spec 5). */
export function toDeliveryAddress(row: AddressRow): DeliveryAddress {
  const { name: _label, ...rest } = serializeAddress(row);
  return rest;
}

/** The member's address book, default first. */
export async function listAddresses(db: Conn, userId: number): Promise<Address[]> {
  const rows = await db.select().from(user_addresses).where(eq(user_addresses.user_id, userId))
    .orderBy(desc(user_addresses.is_default), asc(user_addresses.id));
  return rows.map(serializeAddress);
}

/** One of the member's addresses, or null (someone else's address is as good as missing). */
export async function findAddress(db: Conn, userId: number, id: number): Promise<AddressRow | null> {
  const [row] = await db.select().from(user_addresses)
    .where(and(eq(user_addresses.id, id), eq(user_addresses.user_id, userId))).limit(1);
  return row ?? null;
}

/** One of the member's addresses as the wire Address; anyone else's is 404. */
export async function getAddress(db: Conn, userId: number, id: number): Promise<Address> {
  const row = await findAddress(db, userId, id);
  if (!row) throw notFound('お届け先');
  return serializeAddress(row);
}

async function clearDefault(tx: Conn, userId: number) {
  await tx.update(user_addresses).set({ is_default: false }).where(and(eq(user_addresses.user_id, userId), eq(user_addresses.is_default, true)));
}

type ParsedInput = Omit<AddressInput, 'postal_code'> & { postal_code: string };

/** Adds an address; the first one becomes the default. */
export async function createAddress(db: Db, userId: number, input: ParsedInput): Promise<Address> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(user_addresses).where(eq(user_addresses.user_id, userId));
    if (n >= ADDRESS_LIMIT) throw unprocessable(`登録できるお届け先は${ADDRESS_LIMIT}件までです。`, 'user_address.limit');
    const isDefault = input.is_default === true || n === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx.insert(user_addresses).values({ ...input, user_id: userId, is_default: isDefault }).returning();
    return serializeAddress(row);
  });
}

/** Replaces an address's fields. */
export async function updateAddress(db: Db, userId: number, id: number, input: ParsedInput): Promise<Address> {
  return db.transaction(async (tx) => {
    if (!(await findAddress(tx, userId, id))) throw notFound('お届け先');
    if (input.is_default === true) await clearDefault(tx, userId);
    const { is_default, ...fields } = input;
    const [row] = await tx.update(user_addresses)
      .set({ ...fields, ...(is_default === true ? { is_default: true } : {}), updated_at: new Date() })
      .where(eq(user_addresses.id, id)).returning();
    return serializeAddress(row);
  });
}

/** Deletes an address; if it was the default, the oldest remaining one takes over. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findAddress(tx, userId, id);
    if (!row) throw notFound('お届け先');
    await tx.delete(user_addresses).where(eq(user_addresses.id, id));
    if (row.is_default) {
      const [next] = await tx.select({ id: user_addresses.id }).from(user_addresses)
        .where(eq(user_addresses.user_id, userId)).orderBy(asc(user_addresses.id)).limit(1);
      if (next) await tx.update(user_addresses).set({ is_default: true }).where(eq(user_addresses.id, next.id));
    }
  });
}

/** Makes an address the default (PATCH …/{id}/use). */
export async function useAddress(db: Db, userId: number, id: number): Promise<Address> {
  return db.transaction(async (tx) => {
    if (!(await findAddress(tx, userId, id))) throw notFound('お届け先');
    await clearDefault(tx, userId);
    const [row] = await tx.update(user_addresses).set({ is_default: true, updated_at: new Date() }).where(eq(user_addresses.id, id)).returning();
    return serializeAddress(row);
  });
}
