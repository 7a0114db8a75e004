/**
 * Memorial days and the name embroidery of the signed-in member. Every read and write is scoped to
 * the member: another member's memorial is as good as missing (404).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { MEMORIAL_LIMIT, type Memorial, type MemorialInput, type NameEmbroidery, type NameEmbroideryInput } from '#contracts/memorials.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user_memorials, user_name_embroideries, users } from '../../db/schema/index.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';

type Conn = Db | Tx;
type MemorialRow = typeof user_memorials.$inferSelect;
type EmbroideryRow = typeof user_name_embroideries.$inferSelect;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export function serializeMemorial(row: MemorialRow): Memorial {
  return {
    id: row.id,
    user_id: row.user_id,
    target_user_name: row.target_user_name,
    division_ct: row.division_ct,
    name: row.name,
    month: row.month,
    date: row.date,
    call: row.call,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The member's memorial days in calendar order (month, day), then oldest first. */
export async function listMemorials(db: Conn, userId: number): Promise<Memorial[]> {
  const rows = await db
    .select()
    .from(user_memorials)
    .where(eq(user_memorials.user_id, userId))
    .orderBy(asc(user_memorials.month), asc(user_memorials.date), asc(user_memorials.id));
  return rows.map(serializeMemorial);
}

async function findMemorial(db: Conn, userId: number, id: number): Promise<MemorialRow | null> {
  const [row] = await db
    .select()
    .from(user_memorials)
    .where(and(eq(user_memorials.id, id), eq(user_memorials.user_id, userId)))
    .limit(1);
  return row ?? null;
}

export async function getMemorial(db: Conn, userId: number, id: number): Promise<Memorial> {
  const row = await findMemorial(db, userId, id);
  if (!row) throw notFound('記念日');
  return serializeMemorial(row);
}

/**
 * Adds a memorial day unless the member already has MEMORIAL_LIMIT (422 `user_memorial.limit`).
 * The member's row is locked first, so two simultaneous adds cannot both pass the count.
 */
export async function createMemorial(db: Db, userId: number, input: MemorialInput): Promise<Memorial> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(user_memorials)
      .where(eq(user_memorials.user_id, userId));
    if (n >= MEMORIAL_LIMIT) throw unprocessable(`登録できる記念日は${MEMORIAL_LIMIT}件までです。`, 'user_memorial.limit');
    const [row] = await tx
      .insert(user_memorials)
      .values({ ...input, call: input.call ?? false, user_id: userId })
      .returning();
    return serializeMemorial(row);
  });
}

/**
 * Replaces a memorial day's fields (`call` keeps its value when not sent). Moving the day to another
 * month or date forgets this year's reminder, so the new day is reminded of too.
 */
export async function updateMemorial(db: Db, userId: number, id: number, input: MemorialInput): Promise<Memorial> {
  const { call, ...fields } = input;
  const sameDay = sql`${user_memorials.month} = ${fields.month} and ${user_memorials.date} = ${fields.date}`;
  const [row] = await db
    .update(user_memorials)
    .set({
      ...fields,
      ...(call === undefined ? {} : { call }),
      updated_at: new Date(),
      reminded_for_year: sql`case when ${sameDay} then ${user_memorials.reminded_for_year} end`,
    })
    .where(and(eq(user_memorials.id, id), eq(user_memorials.user_id, userId)))
    .returning();
  if (!row) throw notFound('記念日');
  return serializeMemorial(row);
}

export async function deleteMemorial(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(user_memorials)
    .where(and(eq(user_memorials.id, id), eq(user_memorials.user_id, userId)))
    .returning({ id: user_memorials.id });
  if (gone.length === 0) throw notFound('記念日');
}

function serializeEmbroidery(row: EmbroideryRow): NameEmbroidery {
  return {
    text: row.text,
    font: row.font as NameEmbroidery['font'],
    color: row.color as NameEmbroidery['color'],
    updated_at: iso(row.updated_at),
  };
}

/** The member's name embroidery, or null while none is saved. */
export async function getNameEmbroidery(db: Conn, userId: number): Promise<NameEmbroidery | null> {
  const [row] = await db.select().from(user_name_embroideries).where(eq(user_name_embroideries.user_id, userId)).limit(1);
  return row ? serializeEmbroidery(row) : null;
}

/** Saves (creates or replaces) the member's name embroidery. */
export async function saveNameEmbroidery(db: Conn, userId: number, input: NameEmbroideryInput): Promise<NameEmbroidery> {
  const now = new Date();
  const [row] = await db
    .insert(user_name_embroideries)
    .values({ user_id: userId, text: input.text, font: input.font, color: input.color, updated_at: now })
    .onConflictDoUpdate({
      target: user_name_embroideries.user_id,
      set: { text: input.text, font: input.font, color: input.color, updated_at: now },
    })
    .returning();
  return serializeEmbroidery(row);
}
