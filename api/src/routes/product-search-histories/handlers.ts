/** Search history handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, noContent, paged } from '../../lib/respond.ts';
import { addSearchHistory, deleteSearchHistory, listSearchHistories } from '../../services/product-search-histories/index.ts';
import type * as routes from './routes.ts';

export const add: AppRouteHandler<typeof routes.add> = async (c) => {
  const { word } = c.req.valid('json');
  const user = c.get('user');
  if (!user) return noContent(c) as never;
  return created(c, await addSearchHistory(c.get('db'), user.id, word));
};

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listSearchHistories(c.get('db'), c.get('user')!.id, c.req.valid('query')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  await deleteSearchHistory(c.get('db'), c.get('user')!.id, c.req.valid('param').id);
  return noContent(c) as never;
};
