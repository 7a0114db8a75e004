/** Favourite handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { likedAmong, likedProducts as listLiked, setLike } from '../../services/likes/index.ts';
import type * as routes from './routes.ts';

export const like: AppRouteHandler<typeof routes.like> = async (c) =>
  ok(c, await setLike(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('param').id, true));
export const unlike: AppRouteHandler<typeof routes.unlike> = async (c) =>
  ok(c, await setLike(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('param').id, false));
export const likedIds: AppRouteHandler<typeof routes.likedIds> = async (c) =>
  ok(c, { product_ids: await likedAmong(c.get('db'), c.get('user')!.id, c.req.valid('query').ids) });
export const likedProducts: AppRouteHandler<typeof routes.likedProducts> = async (c) =>
  paged(c, await listLiked(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));
