/** Layout and collection handlers. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { setPaginationHeaders } from '../../../lib/pagination.ts';
import { ok } from '../../../lib/respond.ts';
import * as layouts from '../../../services/content/layouts.ts';
import type * as routes from './routes.ts';

export const getLayout: AppRouteHandler<typeof routes.getLayout> = async (c) =>
  ok(c, await layouts.getLayoutByPage(c.get('db'), c.get('channel').id, c.req.valid('param').page));
export const getFrontLayout: AppRouteHandler<typeof routes.getFrontLayout> = async (c) =>
  ok(c, await layouts.getLayoutById(c.get('db'), c.get('channel').id, c.req.valid('param').id));
export const getCollection: AppRouteHandler<typeof routes.getCollection> = async (c) => {
  const { collection, items, total, page } = await layouts.getCollection(
    c.get('db'),
    c.get('channel').id,
    c.get('user')?.id ?? null,
    c.req.valid('param').alias,
    c.req.valid('query'),
  );
  setPaginationHeaders(c, total, page);
  return ok(c, { ...collection, products: items });
};
