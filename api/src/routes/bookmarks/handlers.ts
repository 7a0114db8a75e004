/** Bookmark handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, noContent, ok, paged } from '../../lib/respond.ts';
import { createBookmark, deleteBookmark, getBookmark, listBookmarks } from '../../services/bookmarks/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listBookmarks(c.get('db'), c.get('user')!.id, c.req.valid('query')));

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const { bookmark, created: isNew } = await createBookmark(c.get('db'), c.get('user')!.id, c.req.valid('json'));
  return isNew ? created(c, bookmark) : ok(c, bookmark);
};

export const detail: AppRouteHandler<typeof routes.detail> = async (c) =>
  ok(c, await getBookmark(c.get('db'), c.get('user')!.id, c.req.valid('param').id));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteBookmark(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c);
};
