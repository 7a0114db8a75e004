/**
 * GET /admin/v1/customers: the channel's customers found by name or kana (姓名 / セイメイ, with or
 * without spaces, hiragana read as katakana), the start of the login ID or the member id (`q`), part of the e-mail
 * address, the digits of any phone column, and a status; 50 a page, newest first.
 */
import { type AnyColumn, and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { CUSTOMERS_PER_PAGE, type CustomerRow, type CustomerSearchQuery } from '#contracts/admin-customers.ts';
import { INT4_MAX } from '#contracts/fields.ts';
import type { Db } from '../../../db/client.ts';
import { orders, users } from '../../../db/schema/index.ts';
import { pageOf } from '../../../lib/pagination.ts';
import type { PageResult } from '../../../lib/respond.ts';
import { containing, fullName, isLocked, phoneDigits, STATUS_WHERE, searchWord, startingWith, statusOf } from './common.ts';

const digitsOf = (col: AnyColumn) => sql`regexp_replace(coalesce(${col}, ''), '[^0-9]', '', 'g')`;

/** The conditions of a search (each given field narrows it). */
export function searchWhere(channelId: string, query: CustomerSearchQuery): SQL {
  const where: (SQL | undefined)[] = [eq(users.channel_id, channelId)];
  const word = searchWord(query.q ?? '');
  if (word.plain) {
    const id = /^\d{1,10}$/.test(word.plain) && Number(word.plain) <= INT4_MAX ? Number(word.plain) : null;
    where.push(
      or(
        sql`(${users.last_name} || ${users.first_name}) ilike ${containing(word.plain)}`,
        sql`(${users.last_name_kana} || ${users.first_name_kana}) ilike ${containing(word.kana)}`,
        ilike(users.username, startingWith(word.plain)),
        id != null ? eq(users.id, id) : undefined,
      ),
    );
  }
  const email = (query.email ?? '').trim();
  if (email) where.push(ilike(users.email, containing(email.normalize('NFKC'))));
  const digits = phoneDigits(query.phone ?? '');
  if (digits) {
    const like = containing(digits);
    where.push(
      or(...[users.phone_number, users.cell_phone_number, users.contact_phone_number].map((c) => sql`${digitsOf(c)} like ${like}`)),
    );
  }
  if (query.status) where.push(STATUS_WHERE[query.status]);
  return and(...where)!;
}

/** One page of the search, newest registration first. */
export async function searchCustomers(
  db: Db,
  channelId: string,
  query: CustomerSearchQuery,
  now = new Date(),
): Promise<PageResult<CustomerRow>> {
  const page = pageOf({ page: query.page }, CUSTOMERS_PER_PAGE, CUSTOMERS_PER_PAGE)!;
  const where = searchWhere(channelId, query);
  const orderCount =
    sql<number>`(select count(*) from ${orders} where ${orders.user_id} = ${users.id} and ${orders.status} <> 'cancelled')`.mapWith(Number);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        last_name: users.last_name,
        first_name: users.first_name,
        last_name_kana: users.last_name_kana,
        first_name_kana: users.first_name_kana,
        phone_number: users.phone_number,
        cell_phone_number: users.cell_phone_number,
        contact_phone_number: users.contact_phone_number,
        is_guest: users.is_guest,
        is_registered_member: users.is_registered_member,
        deleted_at: users.deleted_at,
        locked_until: users.locked_until,
        point_balance: users.point_balance,
        created_at: users.created_at,
        order_count: orderCount,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.created_at), desc(users.id))
      .limit(page.per)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
  ]);
  return {
    items: rows.map((u) => ({
      id: u.id,
      login: u.username,
      name: fullName(u.last_name, u.first_name),
      kana: fullName(u.last_name_kana, u.first_name_kana),
      email: u.email,
      phone: u.phone_number || u.cell_phone_number || u.contact_phone_number || null,
      status: statusOf(u),
      locked: isLocked(u.locked_until, now),
      point_balance: u.point_balance,
      order_count: u.order_count,
      created_at: u.created_at.toISOString(),
    })),
    total: n,
    page,
  };
}
