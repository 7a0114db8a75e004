/**
 * Keeps the derived search columns of products current: search_text (the normalised words a search
 * matches, see normalize.ts) and popularity (人気順). Both are idempotent and safe to run on a live
 * database: they only write rows whose value changed, in batches.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { productSearchText } from './normalize.ts';

type Conn = Db | Tx;
const BATCH = 1000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface TextRow {
  id: number;
  name: string;
  code: string;
  search_text: string;
  color: string | null;
  size: string | null;
  model_name: string | null;
  brand_name: string | null;
  maker_name: string | null;
  maker_kana: string | null;
}

/**
 * Recomputes products.search_text from the product's name, code, colour and size and its model,
 * brand and maker. `all: false` (startup) only fills rows that have none yet; `all: true` (after a
 * seed or a rename) checks every row. Returns how many rows changed.
 */
export async function refreshSearchText(db: Conn, { all = false }: { all?: boolean } = {}): Promise<number> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = rowsOf<TextRow>(
      await db.execute(sql`
      select p.id, p.name, p.code, p.search_text, p.color, p.size, pm.name as model_name, b.name as brand_name,
        m.name as maker_name, m.name_kana as maker_kana
      from products p left join product_models pm on pm.id = p.product_model_id
      left join brands b on b.id = p.brand_id left join makers m on m.id = p.maker_id
      where p.id > ${after} ${all ? sql`` : sql`and p.search_text = ''`} order by p.id limit ${BATCH}`),
    );
    if (!rows.length) return changed;
    after = rows[rows.length - 1].id;
    const updates = rows
      .map((r) => ({
        id: r.id,
        t: productSearchText([r.name, r.code, r.model_name, r.brand_name, r.maker_name, r.maker_kana, r.color, r.size]),
        old: r.search_text,
      }))
      .filter((r) => r.t !== r.old)
      .map(({ id, t }) => ({ id, t }));
    if (updates.length) {
      await db.execute(sql`update products set search_text = x.t
        from json_to_recordset(${JSON.stringify(updates)}::json) as x(id int, t text) where products.id = x.id`);
      changed += updates.length;
    }
  }
}

/** Rows of popularity written per statement: each is its own short transaction. */
const POPULARITY_BATCH = 2000;

/**
 * 人気順: a model's units ordered (×10, cancelled orders left out), views in the browsing history and
 * reviews (×3, plus their stars) summed over its variants; every variant of a model carries the
 * model's score, so the grouped list ranks models. A product without a model scores alone.
 * The scores are worked out by one read; only the rows whose score changed are written, in
 * batches of POPULARITY_BATCH (a single UPDATE of 100,000 products ran past the statement timeout
 * and held every row's lock meanwhile). Nothing is written, and the catalogue version stays, when
 * no score changed. Returns how many rows changed.
 */
export async function refreshPopularity(db: Conn): Promise<number> {
  const changed = rowsOf<{ id: number; score: number }>(
    await db.execute(sql`
    with sold as (
      select oi.product_id, sum(oi.quantity) * 10 as score from order_items oi join orders o on o.id = oi.order_id
      where o.status <> 'cancelled' and oi.product_id is not null group by oi.product_id
    ), viewed as (select product_id, count(*) as score from product_histories group by product_id),
    reviewed as (select product_id, sum(3 + rating) as score from product_reviews group by product_id),
    per_product as (
      select p.id, p.popularity, coalesce(p.product_model_id, -p.id) as g,
        coalesce(s.score, 0) + coalesce(v.score, 0) + coalesce(r.score, 0) as score
      from products p left join sold s on s.product_id = p.id left join viewed v on v.product_id = p.id
      left join reviewed r on r.product_id = p.id
    ), per_group as (select g, sum(score)::int as score from per_product group by g)
    select pp.id, pg.score from per_product pp join per_group pg on pg.g = pp.g
    where pp.popularity is distinct from pg.score order by pp.id`),
  );
  for (let i = 0; i < changed.length; i += POPULARITY_BATCH) {
    const batch = changed.slice(i, i + POPULARITY_BATCH).map((r) => ({ id: Number(r.id), s: Number(r.score) }));
    await db.execute(sql`update products set popularity = x.s
      from json_to_recordset(${JSON.stringify(batch)}::json) as x(id int, s int) where products.id = x.id`);
  }
  return changed.length;
}
