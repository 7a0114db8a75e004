/** User-list handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, noContent, ok, paged } from '../../lib/respond.ts';
import {
  attachProducts,
  createUserList,
  deleteUserList,
  detachFromList,
  detachProducts,
  getUserList,
  listListables,
  listUserLists,
  renameUserList,
} from '../../services/user-lists/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) => ok(c, await listUserLists(c.get('db'), c.get('user')!.id));

export const detail: AppRouteHandler<typeof routes.detail> = async (c) => {
  const { key } = c.req.valid('param');
  const { is_listables, ...page } = c.req.valid('query');
  const db = c.get('db');
  const userId = c.get('user')!.id;
  if (is_listables) return paged(c, await listListables(db, c.get('channel').id, userId, key, page));
  return ok(c, await getUserList(db, userId, key));
};

export const attach: AppRouteHandler<typeof routes.attach> = async (c) => {
  const { ids, key } = c.req.valid('json');
  return ok(c, await attachProducts(c.get('db'), c.get('channel').id, c.get('user')!.id, ids, key));
};

export const detach: AppRouteHandler<typeof routes.detach> = async (c) =>
  ok(c, await detachProducts(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('json').ids));

export const detachFrom: AppRouteHandler<typeof routes.detachFrom> = async (c) =>
  ok(c, await detachFromList(c.get('db'), c.get('user')!.id, c.req.valid('param').key, c.req.valid('json').ids));

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  created(c, await createUserList(c.get('db'), c.get('user')!.id, c.req.valid('json')));

export const rename: AppRouteHandler<typeof routes.rename> = async (c) =>
  ok(c, await renameUserList(c.get('db'), c.get('user')!.id, c.req.valid('param').key, c.req.valid('json')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteUserList(c.get('db'), c.get('user')!.id, c.req.valid('param').key);
  return noContent(c);
};
