/** FAQ: GET /v1/qas (category and keyword filters) and GET /v1/qa-categories, per channel. */
import { createRoute } from '@hono/zod-openapi';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { qaCategorySchema, qaListQuerySchema, qaSchema } from '#contracts/content.ts';
import { qa_categories, qas } from '../../db/schema.ts';
import { createRouter } from '../../lib/router.ts';
import { keywordTerms, likePattern } from '../../services/catalog.ts';
import { invalidResponse, json, paged, withPage } from './shared.ts';

const listQas = createRoute({
  method: 'get', path: '/qas', tags: ['content'], summary: 'FAQ items, ordered by category (per default 10, per=all)',
  request: { query: qaListQuerySchema },
  responses: { 200: json(z.array(qaSchema), 'FAQ items with their category'), 422: invalidResponse },
});
const listQaCategories = createRoute({
  method: 'get', path: '/qa-categories', tags: ['content'], summary: 'FAQ categories of the channel',
  responses: { 200: json(z.array(qaCategorySchema), 'FAQ categories') },
});

export const faqRoutes = createRouter()
  .openapi(listQas, async (c) => {
    const db = c.get('db');
    const q = c.req.valid('query');
    const conds: SQL[] = [eq(qa_categories.channel_id, c.get('channel').id)];
    if (q.qa_category_id) conds.push(eq(qas.qa_category_id, q.qa_category_id));
    for (const term of keywordTerms(q.keyword)) conds.push(or(ilike(qas.question, likePattern(term)), ilike(qas.answer, likePattern(term)))!);
    const where = and(...conds);
    const base = () => db.select({
      id: qas.id, question: qas.question, answer: qas.answer, cat_id: qa_categories.id, cat_name: qa_categories.name,
    }).from(qas).innerJoin(qa_categories, eq(qa_categories.id, qas.qa_category_id)).where(where);
    const rows = await paged(c, q,
      (p) => withPage(base().orderBy(asc(qa_categories.sort), asc(qa_categories.id), asc(qas.sort), asc(qas.id)).$dynamic(), p),
      async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(qas)
        .innerJoin(qa_categories, eq(qa_categories.id, qas.qa_category_id)).where(where))[0].n);
    return c.json(rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer, qa_category: { id: r.cat_id, name: r.cat_name } })), 200);
  })
  .openapi(listQaCategories, async (c) => {
    const rows = await c.get('db').select({ id: qa_categories.id, name: qa_categories.name }).from(qa_categories)
      .where(eq(qa_categories.channel_id, c.get('channel').id)).orderBy(asc(qa_categories.sort), asc(qa_categories.id));
    return c.json(rows, 200);
  });
