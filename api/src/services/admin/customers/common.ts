/**
 * What the customers area's services share: the kind of a customer row (registered, unverified,
 * guest, withdrawn) as SQL and as a value, the search's text normalisation, and the lookup of one
 * of the channel's members (404 for any other channel's).
 */
import { and, eq, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { CustomerStatus } from '#contracts/admin-customers.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';

/** The filter of each status of the search. */
export const STATUS_WHERE: Record<CustomerStatus, SQL> = {
  registered: and(not(users.is_guest), isNull(users.deleted_at), eq(users.is_registered_member, true))!,
  unverified: and(not(users.is_guest), isNull(users.deleted_at), eq(users.is_registered_member, false))!,
  guest: and(eq(users.is_guest, true), isNull(users.deleted_at))!,
  withdrawn: isNotNull(users.deleted_at),
  locked: and(isNull(users.deleted_at), sql`${users.locked_until} > now()`)!,
};

/** The kind of a row (a withdrawn guest counts as withdrawn). */
export const statusOf = (u: { deleted_at: Date | null; is_guest: boolean; is_registered_member: boolean }) =>
  u.deleted_at
    ? ('withdrawn' as const)
    : u.is_guest
      ? ('guest' as const)
      : u.is_registered_member
        ? ('registered' as const)
        : ('unverified' as const);

/** Whether the account is locked now. */
export const isLocked = (lockedUntil: Date | null, now = new Date()) => lockedUntil != null && lockedUntil > now;

/** Katakana for hiragana (the kana columns hold katakana; staff often type hiragana). */
const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));

/**
 * A search word as the columns are compared with it: NFKC (half-width kana and full-width letters
 * and digits made ordinary), every space gone (「山田 太郎」, 「山田　太郎」 and 「山田太郎」 alike),
 * and a kana form with hiragana as katakana.
 */
export function searchWord(q: string): { plain: string; kana: string } {
  const plain = q.normalize('NFKC').replace(/\s+/g, '');
  return { plain, kana: toKatakana(plain) };
}

/** Only the digits of a phone number as typed (full-width digits too). */
export const phoneDigits = (v: string) => v.normalize('NFKC').replace(/\D/g, '');

const literal = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
/** A LIKE pattern matching `s` anywhere, its own %, _ and \ taken literally. */
export const containing = (s: string) => `%${literal(s)}%`;
/** A LIKE pattern matching what starts with `s`. */
export const startingWith = (s: string) => `${literal(s)}%`;

/** The full name and kana as the screens show them (姓 名). */
export const fullName = (last: string, first: string) => [last, first].filter(Boolean).join(' ');

/** The channel's customer `id` (withdrawn and guests too), or 404. */
export async function customerOf(conn: Db | Tx, channelId: string, id: number, opts: { lock?: boolean } = {}) {
  const q = conn
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.channel_id, channelId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw notFound('会員');
  return row;
}
