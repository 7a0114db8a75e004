/**
 * List, get, create, update and delete over any content type of adminResources. Every write is one
 * statement of its table, so the content-version trigger of that table (migration 0015) bumps the
 * version in the same transaction and the storefront's next poll of GET /v1/content-state sees it. Database
 * conflicts become the answers an editor can act on: a key already used is 409 with the field, a
 * reference to a missing row 422 with the field, deleting a row still in use 409. Each write and
 * its audit entry (content.create / update / delete, before and after) commit together.
 */
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { AdminItem } from '#contracts/admin.ts';
import type { Db } from '../../../db/client.ts';
import { ApiError, notFound, validationFailed } from '../../../lib/errors.ts';
import type { Page } from '../../../lib/pagination.ts';
import type { PageResult } from '../../../lib/respond.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import type { AdminResourceDef } from './resources.ts';

/** Default and largest page size of the editor lists. */
export const ADMIN_PAGE = { default: 20, max: 100 } as const;

/** A row as JSON: dates as ISO strings, everything else as stored. */
export function toAdminItem(row: Record<string, unknown>): AdminItem {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** The SQLSTATE of a database error (drizzle wraps the driver's in `cause`). */
export function sqlState(error: unknown): string | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, n = 0; e && n < 10; e = e.cause as typeof e, n++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

function saveConflict(def: AdminResourceDef, error: unknown): never {
  const state = sqlState(error);
  if (state === '23505' && def.unique) {
    throw new ApiError(409, def.unique.message, { code: 'common.duplicate', errors: { [def.unique.field]: [def.unique.message] } });
  }
  if (state === '23503' && def.reference) throw validationFailed({ [def.reference.field]: [def.reference.message] });
  throw error;
}

const where = (def: AdminResourceDef, channelId: string, id?: number): SQL | undefined =>
  and(def.scope(channelId), id === undefined ? undefined : eq(def.table.id, id));

/** GET /admin/v1/{resource}: one page, newest (or in display order) first. */
export async function listItems(
  db: Db,
  def: AdminResourceDef,
  channelId: string,
  query: { page?: number; per?: number },
): Promise<PageResult<AdminItem>> {
  const per = Math.min(query.per ?? ADMIN_PAGE.default, ADMIN_PAGE.max);
  const page: Page = { page: query.page ?? 1, per, offset: ((query.page ?? 1) - 1) * per };
  const cond = where(def, channelId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(def.table)
      .where(cond)
      .orderBy(...def.order())
      .limit(per)
      .offset(page.offset),
    db.select({ total: count() }).from(def.table).where(cond),
  ]);
  return { items: (rows as Record<string, unknown>[]).map(toAdminItem), total: Number(total), page };
}

/** GET /admin/v1/{resource}/{id}. */
export async function getItem(db: Db, def: AdminResourceDef, channelId: string, id: number): Promise<AdminItem> {
  const [row] = await db
    .select()
    .from(def.table)
    .where(where(def, channelId, id))
    .limit(1);
  if (!row) throw notFound(def.label);
  return toAdminItem(row as Record<string, unknown>);
}

/** POST /admin/v1/{resource}: the body already parsed by the route's schema. */
export async function createItem(
  db: Db,
  def: AdminResourceDef,
  channelId: string,
  input: Record<string, unknown>,
  actor: Actor,
): Promise<AdminItem> {
  const values = { ...(await def.toValues(db, channelId, input)), ...def.channelValues(channelId) };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(def.table)
        .values(values as never)
        .returning();
      const item = toAdminItem(row as Record<string, unknown>);
      await recordAudit(tx, actor, { action: 'content.create', targetType: def.name, targetId: item.id as number, after: item });
      return item;
    });
  } catch (error) {
    saveConflict(def, error);
  }
}

/** PUT /admin/v1/{resource}/{id}: replaces the editable fields (the whole body, as for create). */
export async function updateItem(
  db: Db,
  def: AdminResourceDef,
  channelId: string,
  id: number,
  input: Record<string, unknown>,
  actor: Actor,
): Promise<AdminItem> {
  const values: Record<string, unknown> = await def.toValues(db, channelId, input);
  if (def.hasUpdatedAt) values.updated_at = new Date();
  // Only columns of the table (a body field never names another), never the channel or the id.
  const columns = getTableColumns(def.table);
  const set = Object.fromEntries(Object.entries(values).filter(([k]) => k in columns && k !== 'id' && k !== 'channel_id'));
  let item: AdminItem | null;
  try {
    item = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(def.table)
        .where(where(def, channelId, id))
        .for('update');
      if (!before) return null;
      const [row] = await tx
        .update(def.table)
        .set(set as never)
        .where(where(def, channelId, id))
        .returning();
      const after = toAdminItem(row as Record<string, unknown>);
      await recordAudit(tx, actor, {
        action: 'content.update',
        targetType: def.name,
        targetId: id,
        before: toAdminItem(before as Record<string, unknown>),
        after,
      });
      return after;
    });
  } catch (error) {
    saveConflict(def, error);
  }
  if (!item) throw notFound(def.label);
  return item;
}

/** DELETE /admin/v1/{resource}/{id}. */
export async function deleteItem(db: Db, def: AdminResourceDef, channelId: string, id: number, actor: Actor): Promise<void> {
  let rows: unknown[];
  try {
    rows = await db.transaction(async (tx) => {
      const gone = await tx
        .delete(def.table)
        .where(where(def, channelId, id))
        .returning();
      if (gone.length)
        await recordAudit(tx, actor, {
          action: 'content.delete',
          targetType: def.name,
          targetId: id,
          before: toAdminItem(gone[0] as Record<string, unknown>),
        });
      return gone;
    });
  } catch (error) {
    if (sqlState(error) === '23503') {
      const message = def.inUseMessage ?? `この${def.label}は他のデータで使われているため削除できません。`;
      throw new ApiError(409, message, { code: 'common.in_use' });
    }
    throw error;
  }
  if (!rows.length) throw notFound(def.label);
}
