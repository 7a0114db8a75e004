/**
 * The list's filters and sort as SQL over `orders` (shared by the list and the CSV export), and the
 * normalising of what staff type: spaces in a name are ignored and hiragana read as katakana
 * (「やまだ」 finds ヤマダ), hyphens in a phone number ignored, a whole order number looked up by the
 * unique index, a part of one by substring. Dates are Japan days, both ends included.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AdminOrderFilters, ALL_CHANNELS, ORDER_QUERY_LABELS } from '#contracts/admin-orders.ts';
import { messages } from '#contracts/messages.ts';
import type { Db } from '../../../db/client.ts';
import { channels, order_shipments, orders, payment_methods } from '../../../db/schema/index.ts';
import { validationFailed } from '../../../lib/errors.ts';

/** Deliveries shipped (order_shipments rows) and deliveries in all, per order row. */
export const shippedCount = sql<number>`(select count(*)::int from ${order_shipments} where ${order_shipments.order_id} = ${orders.id})`;
export const deliveryCount = sql<number>`(case when jsonb_typeof(${orders.shippings}) = 'array' then jsonb_array_length(${orders.shippings}) else 0 end)`;

/** A LIKE pattern matching `v` anywhere, its wildcards taken literally. */
export const contains = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a name filter compares: NFKC (half-width kana to full), no spaces, hiragana as katakana. */
export function normaliseName(v: string): { text: string; kana: string } {
  const text = v.normalize('NFKC').replace(/[\s\u3000]+/g, '');
  return { text, kana: text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60)) };
}

/** A Japan day "2026-12-04" as the instant it starts, `days` later. */
export const jstDayStart = (ymd: string, days = 0) => new Date(Date.parse(`${ymd}T00:00:00+09:00`) + days * 86_400_000);

const FULL_ORDER_NO = /^\d{8}-\d{6,}$/;
const joined = (obj: SQL, a: string, b: string) => sql`(coalesce(${obj}->>${a}, '') || coalesce(${obj}->>${b}, ''))`;

/**
 * `test` holds for the address of some delivery. The first delivery is read by its path; the others
 * are unnested only for orders with more than one, so the common order of one delivery costs no
 * set-returning function per row (1.6–2.7× faster than unnesting every order, on 100,000 orders).
 */
function anyDelivery(test: (address: SQL) => SQL): SQL {
  const rest = sql`exists (select 1 from jsonb_array_elements(${orders.shippings}) with ordinality s(value, n) where s.n > 1 and ${test(sql`(s.value->'address')`)})`;
  // CASE, not AND: PostgreSQL does not promise to test the count before unnesting.
  return sql`(${test(sql`(${orders.shippings}->0->'address')`)} or (case when ${deliveryCount} > 1 then ${rest} else false end))`;
}

/** The channel of the call (X-Channel-Id) unless `channel` names another, or every channel for `all`; null: every channel. */
export async function scopeChannel(db: Db, headerChannel: string, wanted: string | undefined): Promise<string | null> {
  if (!wanted) return headerChannel;
  if (wanted === ALL_CHANNELS) return null;
  const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, wanted)).limit(1);
  if (!row) throw validationFailed({ channel: [messages.selected(ORDER_QUERY_LABELS.channel)] });
  return row.id;
}

/** The payment method ids of a code; an unknown code is a 422 on `payment`. */
async function paymentIds(db: Db, code: string): Promise<number[]> {
  const rows = await db.select({ id: payment_methods.id }).from(payment_methods).where(eq(payment_methods.code, code));
  if (!rows.length) throw validationFailed({ payment: [messages.selected(ORDER_QUERY_LABELS.payment)] });
  return rows.map((r) => r.id);
}

/**
 * The 対応状況 filter in SQL: the same rule as state.ts orderState. Only an order of two deliveries
 * or more can be 一部発送, so that cheap test comes first and the shipment count (a subquery per row)
 * runs for those alone: 1.0 s → about 60 ms for `partial` on 100,000 orders (docs/api.md "Back office").
 */
function stateCondition(state: NonNullable<AdminOrderFilters['status']>): SQL {
  const partial = sql`(${deliveryCount} > 1 and ${shippedCount} > 0 and ${shippedCount} < ${deliveryCount})`;
  switch (state) {
    case 'cancelled':
      return sql`${orders.status} = 'cancelled'`;
    case 'partial':
      return sql`${orders.status} <> 'cancelled' and ${partial}`;
    case 'ordered':
      return sql`${orders.status} not in ('cancelled', 'shipped') and not exists (select 1 from ${order_shipments} where ${order_shipments.order_id} = ${orders.id})`;
    case 'shipped':
      return sql`${orders.status} <> 'cancelled' and (${orders.status} = 'shipped' or ${deliveryCount} > 0) and not ${partial}
      and (${orders.status} = 'shipped' or ${shippedCount} >= ${deliveryCount})`;
  }
}

/** Every filter of `f` as one condition over `orders` (channel null: every channel). */
export async function orderWhere(db: Db, channelId: string | null, f: AdminOrderFilters): Promise<SQL | undefined> {
  const c: (SQL | undefined)[] = [];
  if (channelId) c.push(eq(orders.channel_id, channelId));
  if (f.order_no)
    c.push(FULL_ORDER_NO.test(f.order_no) ? eq(orders.order_no, f.order_no) : sql`${orders.order_no} like ${contains(f.order_no)}`);
  if (f.name) {
    const { text, kana } = normaliseName(f.name);
    // LIKE where the words have no letter to fold (kanji, kana, digits): ILIKE's case folding costs on every row.
    const like = (v: SQL, pattern: string) => (/[A-Za-z]/.test(pattern) ? sql`${v} ilike ${pattern}` : sql`${v} like ${pattern}`);
    const t = contains(text);
    const k = contains(kana);
    const named = (who: SQL) =>
      sql`(${like(joined(who, 'last_name', 'first_name'), t)} or ${like(joined(who, 'last_name_kana', 'first_name_kana'), k)})`;
    c.push(sql`(${named(sql`${orders.customer}`)} or ${anyDelivery(named)})`);
  }
  if (f.email) c.push(sql`(${orders.customer}->>'email') ilike ${contains(f.email.normalize('NFKC'))}`);
  if (f.phone) {
    const p = contains(f.phone.replaceAll('-', ''));
    const digits = (v: SQL) => sql`replace(coalesce(${v}, ''), '-', '')`;
    const phoned = (who: SQL) =>
      sql`(${digits(sql`${who}->>'phone_number'`)} like ${p} or ${digits(sql`${who}->>'cell_phone_number'`)} like ${p})`;
    c.push(sql`(${phoned(sql`${orders.customer}`)} or ${anyDelivery(phoned)})`);
  }
  if (f.status) c.push(stateCondition(f.status));
  if (f.payment) c.push(inArray(orders.payment_id, await paymentIds(db, f.payment)));
  if (f.payment_status) c.push(eq(orders.payment_status, f.payment_status));
  if (f.from) c.push(sql`${orders.created_at} >= ${jstDayStart(f.from).toISOString()}`);
  if (f.to) c.push(sql`${orders.created_at} < ${jstDayStart(f.to, 1).toISOString()}`);
  return c.length ? and(...c) : undefined;
}

/** ORDER BY of the list: newest first unless asked otherwise; ties by id, so pages never overlap. */
export function orderSort(f: Pick<AdminOrderFilters, 'sort' | 'dir'>): SQL {
  const dir = f.dir === 'asc' ? sql`asc` : sql`desc`;
  switch (f.sort ?? 'ordered_at') {
    case 'order_no':
      return sql`${orders.order_no} ${dir}, ${orders.id} ${dir}`;
    case 'total':
      return sql`${orders.total_payment} ${dir}, ${orders.id} ${dir}`;
    case 'status':
      return sql`(case ${orders.status} when 'ordered' then 0 when 'shipped' then 1 else 2 end) ${dir}, ${orders.created_at} desc, ${orders.id} desc`;
    default:
      return sql`${orders.created_at} ${dir}, ${orders.id} ${dir}`;
  }
}
