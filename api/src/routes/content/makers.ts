/** Makers, brands and stylists (shared by every channel). */
import { createRoute } from '@hono/zod-openapi';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { brandSchema, contentListQuerySchema, idOrKeyParamSchema, makerSchema, stylistSchema } from '#contracts/content.ts';
import { brands, makers, stylists } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { idOrKey, toBrand, toMaker, toStylist } from '../../services/content.ts';
import { invalidResponse, json, notFoundResponse, paged, withPage } from './shared.ts';

const listMakers = createRoute({
  method: 'get', path: '/makers', tags: ['content'], summary: 'Makers (per=all or paged)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(makerSchema), 'Makers'), 422: invalidResponse },
});
const getMaker = createRoute({
  method: 'get', path: '/makers/{id}', tags: ['content'], summary: 'One maker by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: json(makerSchema, 'The maker'), 404: notFoundResponse },
});
const listBrands = createRoute({
  method: 'get', path: '/brands', tags: ['content'], summary: 'Brands (per=all or paged)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(brandSchema), 'Brands'), 422: invalidResponse },
});
const listStylists = createRoute({
  method: 'get', path: '/stylists', tags: ['content'], summary: 'Stylists (per=all or paged)',
  request: { query: contentListQuerySchema },
  responses: { 200: json(z.array(stylistSchema), 'Stylists'), 422: invalidResponse },
});
const getStylist = createRoute({
  method: 'get', path: '/stylists/{id}', tags: ['content'], summary: 'One stylist by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: json(stylistSchema, 'The stylist'), 404: notFoundResponse },
});

export const makerRoutes = createRouter()
  .openapi(listMakers, async (c) => {
    const db = c.get('db');
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(makers).orderBy(asc(makers.sort), asc(makers.id)).$dynamic(), p),
      () => db.$count(makers));
    return c.json(items.map(toMaker), 200);
  })
  .openapi(getMaker, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.get('db').select().from(makers).where(idOrKey(id, makers.id, makers.key)).limit(1);
    if (!row) throw notFound('メーカー');
    return c.json(toMaker(row), 200);
  })
  .openapi(listBrands, async (c) => {
    const db = c.get('db');
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(brands).orderBy(asc(brands.sort), asc(brands.id)).$dynamic(), p),
      () => db.$count(brands));
    return c.json(items.map(toBrand), 200);
  })
  .openapi(listStylists, async (c) => {
    const db = c.get('db');
    const items = await paged(c, c.req.valid('query'),
      (p) => withPage(db.select().from(stylists).orderBy(asc(stylists.id)).$dynamic(), p),
      () => db.$count(stylists));
    return c.json(items.map(toStylist), 200);
  })
  .openapi(getStylist, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.get('db').select().from(stylists).where(idOrKey(id, stylists.id, stylists.key)).limit(1);
    if (!row) throw notFound('スタイリスト');
    return c.json(toStylist(row), 200);
  });

