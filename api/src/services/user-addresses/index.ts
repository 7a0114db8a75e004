/** The address book: the wire shape with its display fields, and the member-scoped writes. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ADDRESS_LIMIT, type Address, type AddressInput, type DeliveryAddress } from '#contracts/addresses.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user_addresses } from '../../db/schema/index.ts';
import { ApiError, notFound, unprocessable } from '../../lib/errors.ts';
import { readAddressCsv } from './csv.ts';

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
    id: row.id,
    division_ct: row.division_ct,
    name: row.name,
    shipping_name: row.shipping_name,
    last_name: row.last_name,
    first_name: row.first_name,
    last_name_kana: row.last_name_kana,
    first_name_kana: row.first_name_kana,
    postal_code: row.postal_code,
    formatted_postal_code: formatted,
    prefecture: row.prefecture,
    city: row.city,
    address1: row.address1,
    address2: row.address2,
    combined_address: combined,
    full_address: `〒${formatted} ${combined}`,
    phone_number: row.phone_number,
    cell_phone_number: row.cell_phone_number,
    is_default: row.is_default,
  };
}

/** A delivery copy of a saved address: the label (`name`) stays in the address book (spec 5). */
export function toDeliveryAddress(row: AddressRow): DeliveryAddress {
  const { name: _label, ...rest } = serializeAddress(row);
  return rest;
}

/** The member's address book, default first. */
export async function listAddresses(db: Conn, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(user_addresses)
    .where(eq(user_addresses.user_id, userId))
    .orderBy(desc(user_addresses.is_default), asc(user_addresses.id));
  return rows.map(serializeAddress);
}

/** One of the member's addresses, or null (someone else's address is as good as missing). */
export async function findAddress(db: Conn, userId: number, id: number): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(user_addresses)
    .where(and(eq(user_addresses.id, id), eq(user_addresses.user_id, userId)))
    .limit(1);
  return row ?? null;
}

/** One of the member's addresses as the wire Address; anyone else's is 404. */
export async function getAddress(db: Conn, userId: number, id: number): Promise<Address> {
  const row = await findAddress(db, userId, id);
  if (!row) throw notFound('お届け先');
  return serializeAddress(row);
}

async function clearDefault(tx: Conn, userId: number) {
  await tx
    .update(user_addresses)
    .set({ is_default: false })
    .where(and(eq(user_addresses.user_id, userId), eq(user_addresses.is_default, true)));
}

/** The advisory lock class of a member's address book (the second key is the member's id). */
const ADDRESS_BOOK_LOCK = 20260021;

/**
 * Locks the member's address book for the transaction and counts their addresses. Every path that
 * adds to the book takes it (the form, the CSV import, a new address entered in a cart), so two adds
 * at once cannot both pass the x-limit check. A lock of its own rather than the member's row: the
 * cart's path already holds the cart, and the member's row is locked by other work (points) in
 * other orders, so that row could deadlock where this lock cannot.
 */
export async function lockAndCount(tx: Tx, userId: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK}, ${userId})`);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(user_addresses)
    .where(eq(user_addresses.user_id, userId));
  return n;
}

/** The 422 of a full address book. */
export const addressLimitReached = () => unprocessable(`登録できるお届け先は${ADDRESS_LIMIT}件までです。`, 'user_address.limit');

type ParsedInput = Omit<AddressInput, 'postal_code'> & { postal_code: string };

/** Adds an address; the first one becomes the default. */
export async function createAddress(db: Db, userId: number, input: ParsedInput): Promise<Address> {
  return db.transaction(async (tx) => {
    const n = await lockAndCount(tx, userId);
    if (n >= ADDRESS_LIMIT) throw addressLimitReached();
    const isDefault = input.is_default === true || n === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(user_addresses)
      .values({ ...input, user_id: userId, is_default: isDefault })
      .returning();
    return serializeAddress(row);
  });
}

/** Replaces an address's fields. */
export async function updateAddress(db: Db, userId: number, id: number, input: ParsedInput): Promise<Address> {
  return db.transaction(async (tx) => {
    if (!(await findAddress(tx, userId, id))) throw notFound('お届け先');
    if (input.is_default === true) await clearDefault(tx, userId);
    const { is_default, ...fields } = input;
    const [row] = await tx
      .update(user_addresses)
      .set({ ...fields, ...(is_default === true ? { is_default: true } : {}), updated_at: new Date() })
      .where(eq(user_addresses.id, id))
      .returning();
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
      const [next] = await tx
        .select({ id: user_addresses.id })
        .from(user_addresses)
        .where(eq(user_addresses.user_id, userId))
        .orderBy(asc(user_addresses.id))
        .limit(1);
      if (next) await tx.update(user_addresses).set({ is_default: true }).where(eq(user_addresses.id, next.id));
    }
  });
}

/** Makes an address the default (PATCH …/{id}/use). */
export async function useAddress(db: Db, userId: number, id: number): Promise<Address> {
  return db.transaction(async (tx) => {
    if (!(await findAddress(tx, userId, id))) throw notFound('お届け先');
    await clearDefault(tx, userId);
    const [row] = await tx
      .update(user_addresses)
      .set({ is_default: true, updated_at: new Date() })
      .where(eq(user_addresses.id, id))
      .returning();
    return serializeAddress(row);
  });
}

/** Deletes every address of the member (DELETE /v1/me/user-addresses-all); nobody else's. Answers how many went. */
export async function deleteAllAddresses(db: Db, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(user_addresses).where(eq(user_addresses.user_id, userId)).returning({ id: user_addresses.id });
    return gone.length;
  });
}

/** The 422 of a refused CSV file: nothing was added. */
export const importRefused = (errors: Record<string, string[]>) =>
  new ApiError(422, 'CSVファイルの内容に誤りがあります。修正して再度アップロードしてください。', {
    code: 'user_address.import.invalid',
    errors,
  });

/**
 * Adds every address of a CSV file (services/user-addresses/csv.ts) in one transaction: all rows or none.
 * The rows must fit in the x-limit beside the saved ones; the first becomes the default when the
 * member had none. Answers the number added and the whole book.
 */
export async function importAddresses(db: Db, userId: number, bytes: Uint8Array): Promise<{ imported: number; addresses: Address[] }> {
  const imported = await db.transaction(async (tx) => {
    const n = await lockAndCount(tx, userId);
    const read = readAddressCsv(bytes, Math.max(0, ADDRESS_LIMIT - n), ADDRESS_LIMIT);
    if (!read.ok) throw importRefused(read.errors);
    await tx.insert(user_addresses).values(
      read.rows.map(({ input }, i) => {
        const { is_default: _ignored, ...fields } = input;
        // An empty phone cell is no phone, as the form sends it.
        return { ...fields, phone_number: fields.phone_number || null, user_id: userId, is_default: n === 0 && i === 0 };
      }),
    );
    return read.rows.length;
  });
  return { imported, addresses: await listAddresses(db, userId) };
}
