/** FAQ of the channel: items ordered by category, filterable by category and keyword. */
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Qa, QaCategory } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { qa_categories, qas } from '../../db/schema/index.ts';
import type { PageResult } from '../../lib/respond.ts';
import { keywordTerms, likePattern } from '../products/catalog.ts';
import { toQa } from './serializers.ts';
import { type ListQuery, listPage, withPage } from './shared.ts';

/** GET /v1/qas. */
export function listQas(
  db: Db,
  channelId: string,
  query: ListQuery & { qa_category_id?: number; keyword?: string },
): Promise<PageResult<Qa>> {
  const conds: SQL[] = [eq(qa_categories.channel_id, channelId)];
  if (query.qa_category_id) conds.push(eq(qas.qa_category_id, query.qa_category_id));
  for (const term of keywordTerms(query.keyword))
    conds.push(or(ilike(qas.question, likePattern(term)), ilike(qas.answer, likePattern(term)))!);
  const where = and(...conds);
  const base = () =>
    db
      .select({
        id: qas.id,
        question: qas.question,
        answer: qas.answer,
        cat_id: qa_categories.id,
        cat_name: qa_categories.name,
      })
      .from(qas)
      .innerJoin(qa_categories, eq(qa_categories.id, qas.qa_category_id))
      .where(where);
  return listPage(
    query,
    (p) => withPage(base().orderBy(asc(qa_categories.sort), asc(qa_categories.id), asc(qas.sort), asc(qas.id)).$dynamic(), p),
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(qas)
          .innerJoin(qa_categories, eq(qa_categories.id, qas.qa_category_id))
          .where(where)
      )[0].n,
    toQa,
  );
}

/** GET /v1/qa-categories. */
export function listQaCategories(db: Db, channelId: string): Promise<QaCategory[]> {
  return db
    .select({ id: qa_categories.id, name: qa_categories.name })
    .from(qa_categories)
    .where(eq(qa_categories.channel_id, channelId))
    .orderBy(asc(qa_categories.sort), asc(qa_categories.id));
}
