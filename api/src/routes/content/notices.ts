/** Messages, banners, popups, free areas and tags: the small fetch-once content of the channel. */
import { createRoute } from '@hono/zod-openapi';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  bannerListQuerySchema, bannerSchema, contentListQuerySchema, freeAreaSchema, idOrKeyParamSchema, messageSchema, popupSchema, tagSchema,
} from '#contracts/content.ts';
import { banners, free_areas, messages, popups, tags } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { toBanner, toFreeArea, toMessage, toPopup } from '../../services/content.ts';
import { invalidResponse, json, notFoundResponse, paged, withPage } from './shared.ts';

const listMessages = createRoute({
  method: 'get', path: '/messages', tags: ['content'], summary: 'Shop-wide notices (per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(messageSchema), 'Messages'), 422: invalidResponse },
});
const getMessage = createRoute({
  method: 'get', path: '/messages/{code}', tags: ['content'], summary: 'One notice by code',
  request: { params: z.object({ code: z.string().min(1).max(200) }) },
  responses: { 200: json(messageSchema, 'The message'), 404: notFoundResponse },
});
const listBanners = createRoute({
  method: 'get', path: '/banners', tags: ['content'], summary: 'Banners, optionally of some areas (area[]=...) and only shown ones (is_show=1)',
  request: { query: bannerListQuerySchema },
  responses: { 200: json(z.array(bannerSchema), 'Banners'), 422: invalidResponse },
});
const listPopups = createRoute({
  method: 'get', path: '/popups', tags: ['content'], summary: 'Popups shown on the channel',
  responses: { 200: json(z.array(popupSchema), 'Popups') },
});
const getPopup = createRoute({
  method: 'get', path: '/popups/{id}', tags: ['content'], summary: 'One popup',
  request: { params: idOrKeyParamSchema },
  responses: { 200: json(popupSchema, 'The popup'), 404: notFoundResponse },
});
const listFreeAreas = createRoute({
  method: 'get', path: '/free-areas', tags: ['content'], summary: 'Editor HTML blocks by code (per=all)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(freeAreaSchema), 'Free areas'), 422: invalidResponse },
});
const listTags = createRoute({
  method: 'get', path: '/tags', tags: ['content'], summary: 'Tags',
  responses: { 200: json(z.array(tagSchema), 'Tags') },
});

const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const noticeRoutes = createRouter()
  .openapi(listMessages, async (c) => {
    const db = c.get('db');
    const where = eq(messages.channel_id, c.get('channel').id);
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(messages).where(where).orderBy(asc(messages.id)).$dynamic(), p),
      () => db.$count(messages, where));
    return c.json(items.map(toMessage), 200);
  })
  .openapi(getMessage, async (c) => {
    const { code } = c.req.valid('param');
    const [row] = await c.get('db').select().from(messages)
      .where(and(eq(messages.channel_id, c.get('channel').id), eq(messages.code, code))).limit(1);
    if (!row) throw notFound('メッセージ');
    return c.json(toMessage(row), 200);
  })
  .openapi(listBanners, async (c) => {
    const q = c.req.valid('query');
    const areas = [...asList(q.area), ...asList(q['area[]'])];
    const conds: SQL[] = [eq(banners.channel_id, c.get('channel').id)];
    if (areas.length) conds.push(inArray(banners.area, areas));
    if (q.is_show === '1') conds.push(eq(banners.is_show, true));
    const rows = await c.get('db').select().from(banners).where(and(...conds)).orderBy(asc(banners.area), asc(banners.sort), asc(banners.id));
    return c.json(rows.map(toBanner), 200);
  })
  .openapi(listPopups, async (c) => {
    const rows = await c.get('db').select().from(popups)
      .where(and(eq(popups.channel_id, c.get('channel').id), eq(popups.is_show, true))).orderBy(asc(popups.id));
    return c.json(rows.map(toPopup), 200);
  })
  .openapi(getPopup, async (c) => {
    const { id } = c.req.valid('param');
    const row = /^\d{1,9}$/.test(id) ? (await c.get('db').select().from(popups)
      .where(and(eq(popups.channel_id, c.get('channel').id), eq(popups.id, Number(id)))).limit(1))[0] : undefined;
    if (!row) throw notFound('ポップアップ');
    return c.json(toPopup(row), 200);
  })
  .openapi(listFreeAreas, async (c) => {
    const db = c.get('db');
    const where = eq(free_areas.channel_id, c.get('channel').id);
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(free_areas).where(where).orderBy(asc(free_areas.id)).$dynamic(), p),
      () => db.$count(free_areas, where));
    return c.json(items.map(toFreeArea), 200);
  })
  .openapi(listTags, async (c) => {
    const rows = await c.get('db').select({ id: tags.id, key: tags.key, name: tags.name }).from(tags).orderBy(asc(tags.id));
    return c.json(rows, 200);
  });
