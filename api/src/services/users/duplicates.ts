/**
 * Login IDs are unique among a channel's live members that are not guests, e-mail addresses among
 * its registered ones (the partial unique indexes users_channel_username_uq / users_channel_email_uq):
 * a registration never verified holds no address, and is dropped when another one verifies it. The
 * check here answers the field that clashes; the indexes catch the race between two sign-ups.
 */
import { and, eq, isNull, ne, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { ApiError, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { uniqueViolation } from '../auth/index.ts';
import { eraseMember } from './erase.ts';

type Conn = Db | Tx;
type Field = 'username' | 'email';

export const TAKEN_MESSAGES: Record<Field, string> = {
  username: 'このログインIDは既に使用されています',
  email: 'このメールアドレスは既に登録されています',
};

/** 422 with the message on each clashing field only. */
export function takenError(fields: Field[]): ApiError {
  const code = fields.length === 1 ? `user.${fields[0]}.taken` : 'user.taken';
  return new ApiError(422, VALIDATION_MESSAGE, { code, errors: Object.fromEntries(fields.map((f) => [f, [TAKEN_MESSAGES[f]]])) });
}

/** Live non-guest members of the channel with `field` = `value` (case-insensitive); for the e-mail, registered ones only. */
const holders = (channelId: string, field: Field, value: string, exceptUserId: number) =>
  and(
    eq(users.channel_id, channelId),
    not(users.is_guest),
    isNull(users.deleted_at),
    ne(users.id, exceptUserId),
    sql`lower(${users[field]}) = ${value.toLowerCase()}`,
    field === 'email' ? eq(users.is_registered_member, true) : undefined,
  );

/** Which of `values` another member of the channel already holds (see holders). */
export async function takenFields(
  conn: Conn,
  channelId: string,
  values: Partial<Record<Field, string>>,
  exceptUserId = 0,
): Promise<Field[]> {
  const out: Field[] = [];
  for (const field of ['username', 'email'] as const) {
    const value = values[field];
    if (!value) continue;
    const [row] = await conn
      .select({ id: users.id })
      .from(users)
      .where(holders(channelId, field, value, exceptUserId))
      .limit(1);
    if (row) out.push(field);
  }
  return out;
}

/** The registered member of the channel, other than `exceptUserId`, whose address `email` is; undefined if none. */
export async function emailOwner(conn: Conn, channelId: string, email: string, exceptUserId = 0) {
  const [row] = await conn
    .select()
    .from(users)
    .where(holders(channelId, 'email', email, exceptUserId))
    .limit(1);
  return row;
}

/**
 * Locks every live registration of `email` in the channel, in id order (so two links of one address
 * opened at once take turns instead of deadlocking), and returns them.
 */
export function lockAddress(tx: Tx, channelId: string, email: string) {
  return tx
    .select({ id: users.id, is_registered_member: users.is_registered_member })
    .from(users)
    .where(
      and(
        eq(users.channel_id, channelId),
        not(users.is_guest),
        isNull(users.deleted_at),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(users.id)
    .for('update');
}

/**
 * Erases the channel's unverified registrations with `email` other than `keepUserId`: the address
 * now belongs to the member who verified it (or registered with it where nothing is verified first).
 */
export async function dropUnverified(tx: Tx, channelId: string, email: string, keepUserId: number): Promise<number> {
  const stale = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.channel_id, channelId),
        not(users.is_guest),
        isNull(users.deleted_at),
        eq(users.is_registered_member, false),
        ne(users.id, keepUserId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .for('update');
  for (const { id } of stale) await eraseMember(tx, id);
  return stale.length;
}

/** Throws takenError when any of `values` is taken. */
export async function assertFree(conn: Conn, channelId: string, values: Partial<Record<Field, string>>, exceptUserId = 0) {
  const taken = await takenFields(conn, channelId, values, exceptUserId);
  if (taken.length) throw takenError(taken);
}

/** The field behind a unique violation of the users indexes, or null for any other error. */
export function takenFieldOf(error: unknown): Field | null {
  const hit = uniqueViolation(error);
  if (!hit) return null;
  if (hit.constraint.includes('username')) return 'username';
  if (hit.constraint.includes('email')) return 'email';
  return null;
}

/** Runs a write; a race lost on the username/e-mail indexes becomes the 422 on that field. */
export async function mapTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = takenFieldOf(error);
    if (field) throw takenError([field]);
    throw error;
  }
}
