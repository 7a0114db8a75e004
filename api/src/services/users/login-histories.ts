/** GET /v1/me/login-histories: every login attempt on the member's account, newest first. */
import { desc, eq, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { Db } from '../../db/client.ts';
import { login_histories } from '../../db/schema/index.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';

export interface LoginHistory {
  id: number;
  ip: string | null;
  user_agent: string | null;
  succeeded: boolean;
  created_at: string;
}

export async function listLoginHistories(
  db: Db,
  userId: number,
  query: { page?: number; per?: number },
): Promise<PageResult<LoginHistory>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = eq(login_histories.user_id, userId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(login_histories)
      .where(where)
      .orderBy(desc(login_histories.created_at), desc(login_histories.id))
      .limit(page.per)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(login_histories)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      user_agent: r.user_agent,
      succeeded: r.succeeded,
      created_at: r.created_at.toISOString(),
    })),
    total: n,
    page,
  };
}
