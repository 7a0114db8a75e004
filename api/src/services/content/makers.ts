/** Makers, brands and stylists (shared by every channel). */
import { asc } from 'drizzle-orm';
import type { Brand, Maker, Stylist } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { brands, makers, stylists } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PageResult } from '../../lib/respond.ts';
import { toBrand, toMaker, toStylist } from './serializers.ts';
import { idOrKey, type ListQuery, listPage, withPage } from './shared.ts';

/** GET /v1/makers. */
export function listMakers(db: Db, query: ListQuery): Promise<PageResult<Maker>> {
  return listPage(
    query,
    (p) => withPage(db.select().from(makers).orderBy(asc(makers.sort), asc(makers.id)).$dynamic(), p),
    () => db.$count(makers),
    toMaker,
  );
}

/** GET /v1/makers/{id}: by id or key. */
export async function getMaker(db: Db, id: string): Promise<Maker> {
  const [row] = await db
    .select()
    .from(makers)
    .where(idOrKey(id, makers.id, makers.key))
    .limit(1);
  if (!row) throw notFound('メーカー');
  return toMaker(row);
}

/** GET /v1/brands. */
export function listBrands(db: Db, query: ListQuery): Promise<PageResult<Brand>> {
  return listPage(
    query,
    (p) => withPage(db.select().from(brands).orderBy(asc(brands.sort), asc(brands.id)).$dynamic(), p),
    () => db.$count(brands),
    toBrand,
  );
}

/** GET /v1/stylists. */
export function listStylists(db: Db, query: ListQuery): Promise<PageResult<Stylist>> {
  return listPage(
    query,
    (p) => withPage(db.select().from(stylists).orderBy(asc(stylists.id)).$dynamic(), p),
    () => db.$count(stylists),
    toStylist,
  );
}

/** GET /v1/stylists/{id}: by id or key. */
export async function getStylist(db: Db, id: string): Promise<Stylist> {
  const [row] = await db
    .select()
    .from(stylists)
    .where(idOrKey(id, stylists.id, stylists.key))
    .limit(1);
  if (!row) throw notFound('スタイリスト');
  return toStylist(row);
}
