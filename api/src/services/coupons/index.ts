/** The member's coupons in my-page: GET /v1/me/coupons. What a cart does with a coupon is services/carts/coupons.ts. */
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { MyCoupon } from '#contracts/benefits.ts';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { Db } from '../../db/client.ts';
import { coupons, user_coupons } from '../../db/schema/index.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /v1/me/coupons: the coupons handed to the member (used ones too, with when; not those whose
 * period ended unused), and the open coupons valid now (period running, not used up), unused first,
 * then by the nearest end.
 */
export async function listMyCoupons(
  db: Db,
  channelId: string,
  userId: number,
  query: { page?: number; per?: number },
  now = new Date(),
): Promise<PageResult<MyCoupon>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const mine = and(eq(user_coupons.coupon_id, coupons.id), eq(user_coupons.user_id, userId));
  const where = and(
    eq(coupons.is_active, true),
    or(isNull(coupons.channel_id), eq(coupons.channel_id, channelId)),
    or(
      and(
        eq(coupons.is_member_only, true),
        isNotNull(user_coupons.user_id),
        or(isNull(coupons.ends_at), gt(coupons.ends_at, now), isNotNull(user_coupons.used_at)),
      ),
      and(
        eq(coupons.is_member_only, false),
        or(isNull(coupons.starts_at), lte(coupons.starts_at, now)),
        or(isNull(coupons.ends_at), gt(coupons.ends_at, now)),
        or(isNull(coupons.usage_limit), lt(coupons.used_count, coupons.usage_limit), isNotNull(user_coupons.used_at)),
      ),
    ),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ c: coupons, used_at: user_coupons.used_at, held: user_coupons.user_id })
      .from(coupons)
      .leftJoin(user_coupons, mine)
      .where(where)
      .orderBy(sql`${user_coupons.used_at} is not null`, sql`${coupons.ends_at} asc nulls last`, asc(coupons.id))
      .limit(page.per)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(coupons)
      .leftJoin(user_coupons, mine)
      .where(where),
  ]);
  return {
    items: rows.map(({ c, used_at, held }) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      description: c.description,
      discount_type: c.discount_type === 'percent' ? 'percent' : 'amount',
      discount_value: c.discount_value,
      max_discount: c.max_discount,
      min_total: c.min_total,
      starts_at: iso(c.starts_at),
      ends_at: iso(c.ends_at),
      is_granted: c.is_member_only && held != null,
      used_at: iso(used_at),
    })),
    total: n,
    page,
  };
}
