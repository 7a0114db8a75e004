/** Messages, banners, popups, free areas and tags: the small fetch-once content of the channel. */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Banner, FreeArea, Message, Popup, Tag } from '#contracts/content.ts';
import type { Db } from '../../db/client.ts';
import { banner_files, banners, free_areas, messages, popups, tags } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PageResult } from '../../lib/respond.ts';
import { toBanner, toFreeArea, toMessage, toPopup } from './serializers.ts';
import { type ListQuery, listPage, withPage } from './shared.ts';

/** GET /v1/messages. */
export function listMessages(db: Db, channelId: string, query: ListQuery): Promise<PageResult<Message>> {
  const where = eq(messages.channel_id, channelId);
  return listPage(
    query,
    (p) => withPage(db.select().from(messages).where(where).orderBy(asc(messages.id)).$dynamic(), p),
    () => db.$count(messages, where),
    toMessage,
  );
}

/** GET /v1/messages/{code}. */
export async function getMessage(db: Db, channelId: string, code: string): Promise<Message> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.channel_id, channelId), eq(messages.code, code)))
    .limit(1);
  if (!row) throw notFound('メッセージ');
  return toMessage(row);
}

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** GET /v1/banners: of some areas (`area`, `area[]`), only shown ones with is_show=1. */
export async function listBanners(
  db: Db,
  channelId: string,
  query: { area?: string | string[]; 'area[]'?: string | string[]; is_show?: '0' | '1' },
): Promise<Banner[]> {
  const areas = [...asList(query.area), ...asList(query['area[]'])];
  const conds: SQL[] = [eq(banners.channel_id, channelId)];
  if (areas.length) conds.push(inArray(banners.area, areas));
  if (query.is_show === '1') conds.push(eq(banners.is_show, true));
  const rows = await db
    .select({
      id: banners.id,
      area: banners.area,
      title: banners.title,
      image: banners.image,
      link: banners.link,
      is_show: banners.is_show,
      has_file: sql<boolean>`${banner_files.banner_id} is not null`,
    })
    .from(banners)
    .leftJoin(banner_files, eq(banner_files.banner_id, banners.id))
    .where(and(...conds))
    .orderBy(asc(banners.area), asc(banners.sort), asc(banners.id));
  return rows.map(toBanner);
}

/** GET /v1/popups: the shown ones. */
export async function listPopups(db: Db, channelId: string): Promise<Popup[]> {
  const rows = await db
    .select()
    .from(popups)
    .where(and(eq(popups.channel_id, channelId), eq(popups.is_show, true)))
    .orderBy(asc(popups.id));
  return rows.map(toPopup);
}

/** GET /v1/popups/{id}: a hidden popup is as unknown as one of another channel (404). */
export async function getPopup(db: Db, channelId: string, id: string): Promise<Popup> {
  const row = /^\d{1,9}$/.test(id)
    ? (
        await db
          .select()
          .from(popups)
          .where(and(eq(popups.channel_id, channelId), eq(popups.is_show, true), eq(popups.id, Number(id))))
          .limit(1)
      )[0]
    : undefined;
  if (!row) throw notFound('ポップアップ');
  return toPopup(row);
}

/** GET /v1/free-areas. */
export function listFreeAreas(db: Db, channelId: string, query: ListQuery): Promise<PageResult<FreeArea>> {
  const where = eq(free_areas.channel_id, channelId);
  return listPage(
    query,
    (p) => withPage(db.select().from(free_areas).where(where).orderBy(asc(free_areas.id)).$dynamic(), p),
    () => db.$count(free_areas, where),
    toFreeArea,
  );
}

/** GET /v1/tags. */
export function listTags(db: Db): Promise<Tag[]> {
  return db.select({ id: tags.id, key: tags.key, name: tags.name }).from(tags).orderBy(asc(tags.id));
}
