/**
 * GET /admin/v1/customers/{id}: what a staff member needs to help one customer: the profile (every
 * column but the password hash, the security answer and anything secret: only whether a question is
 * set and how many cards are saved), the address book, the newest orders, one page of the points
 * ledger (granted, pending and cancelled rows) with the balance, and the last 50 logins.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type CustomerDetail, LEDGER_PER_PAGE, LOGIN_HISTORY_LIMIT, RECENT_ORDERS_LIMIT } from '#contracts/admin-customers.ts';
import type { Db } from '../../../db/client.ts';
import { login_histories, orders, point_histories, user_addresses, user_cards, type users } from '../../../db/schema/index.ts';
import { customerOf, isLocked, statusOf } from './common.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
type User = typeof users.$inferSelect;

/** The profile of a member row: named columns only, so a new secret column never leaks by default. */
function profileOf(u: User, savedCards: number, now: Date): CustomerDetail['profile'] {
  return {
    id: u.id,
    login: u.username,
    email: u.email,
    status: statusOf(u),
    locked: isLocked(u.locked_until, now),
    point_balance: u.point_balance,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    last_name: u.last_name,
    first_name: u.first_name,
    last_name_kana: u.last_name_kana,
    first_name_kana: u.first_name_kana,
    email_verified_at: iso(u.email_verified_at),
    is_registered_member: u.is_registered_member,
    is_guest: u.is_guest,
    phone_number: u.phone_number,
    cell_phone_number: u.cell_phone_number,
    contact_phone_number: u.contact_phone_number,
    fax: u.fax,
    birthday: u.birthday,
    gender: u.gender,
    job: u.job,
    school: u.school,
    newsletter: u.newsletter,
    mfa_enabled: u.mfa_enabled,
    security_question_set: u.security_question_ct != null && u.security_answer_hash != null,
    saved_card_count: savedCards,
    password_changed_at: iso(u.password_changed_at),
    failed_login_count: u.failed_login_count,
    locked_until: iso(u.locked_until),
    mail_error_count: u.mail_error_count,
    synced_from_user_id: u.synced_from_user_id,
    deleted_at: iso(u.deleted_at),
  };
}

export async function customerDetail(
  db: Db,
  channelId: string,
  id: number,
  query: { points_page?: number },
  now = new Date(),
): Promise<CustomerDetail> {
  const u = await customerOf(db, channelId, id);
  const page = query.points_page ?? 1;
  const [[cards], addresses, recent, [orderTotal], ledger, [ledgerCount], [pending], logins] = await Promise.all([
    db.select({ n: count() }).from(user_cards).where(eq(user_cards.user_id, id)),
    db
      .select({
        id: user_addresses.id,
        name: user_addresses.name,
        shipping_name: user_addresses.shipping_name,
        last_name: user_addresses.last_name,
        first_name: user_addresses.first_name,
        last_name_kana: user_addresses.last_name_kana,
        first_name_kana: user_addresses.first_name_kana,
        postal_code: user_addresses.postal_code,
        prefecture: user_addresses.prefecture,
        city: user_addresses.city,
        address1: user_addresses.address1,
        address2: user_addresses.address2,
        phone_number: user_addresses.phone_number,
        cell_phone_number: user_addresses.cell_phone_number,
        is_default: user_addresses.is_default,
      })
      .from(user_addresses)
      .where(eq(user_addresses.user_id, id))
      .orderBy(desc(user_addresses.is_default), user_addresses.id),
    db
      .select({
        id: orders.id,
        order_no: orders.order_no,
        created_at: orders.created_at,
        total_payment: orders.total_payment,
        status: orders.status,
        payment_status: orders.payment_status,
        payment_name: orders.payment_name,
      })
      .from(orders)
      .where(and(eq(orders.user_id, id), eq(orders.channel_id, channelId)))
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(RECENT_ORDERS_LIMIT),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.user_id, id), eq(orders.channel_id, channelId))),
    db
      .select({
        id: point_histories.id,
        created_at: point_histories.created_at,
        amount: point_histories.amount,
        reason: point_histories.reason,
        status: point_histories.status,
        expires_at: point_histories.expires_at,
        order_id: point_histories.order_id,
        order_no: orders.order_no,
      })
      .from(point_histories)
      .leftJoin(orders, eq(orders.id, point_histories.order_id))
      .where(eq(point_histories.user_id, id))
      .orderBy(desc(point_histories.created_at), desc(point_histories.id))
      .limit(LEDGER_PER_PAGE)
      .offset((page - 1) * LEDGER_PER_PAGE),
    db.select({ n: count() }).from(point_histories).where(eq(point_histories.user_id, id)),
    db
      .select({ n: sql<number>`coalesce(sum(${point_histories.amount}), 0)`.mapWith(Number) })
      .from(point_histories)
      .where(and(eq(point_histories.user_id, id), eq(point_histories.status, 'pending'))),
    db
      .select({
        created_at: login_histories.created_at,
        ip: login_histories.ip,
        user_agent: login_histories.user_agent,
        succeeded: login_histories.succeeded,
      })
      .from(login_histories)
      .where(eq(login_histories.user_id, id))
      .orderBy(desc(login_histories.created_at), desc(login_histories.id))
      .limit(LOGIN_HISTORY_LIMIT),
  ]);
  return {
    profile: profileOf(u, cards.n, now),
    addresses,
    orders: recent.map((o) => ({ ...o, created_at: o.created_at.toISOString() })),
    order_total: orderTotal.n,
    points: {
      balance: u.point_balance,
      pending: pending.n,
      ledger: ledger.map((r) => ({ ...r, created_at: r.created_at.toISOString(), expires_at: iso(r.expires_at) })),
      total: ledgerCount.n,
      page,
      per: LEDGER_PER_PAGE,
      last_page: Math.max(1, Math.ceil(ledgerCount.n / LEDGER_PER_PAGE)),
    },
    logins: logins.map((l) => ({ ...l, created_at: l.created_at.toISOString() })),
  };
}
