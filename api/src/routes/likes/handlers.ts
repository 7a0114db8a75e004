/** Favourite handlers: the member's favourites (GET /v1/me/likes, /v1/me/likes/products). */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { likedAmong, likedProducts as listLiked } from '../../services/likes/index.ts';
import type * as routes from './routes.ts';

export const likedIds: AppRouteHandler<typeof routes.likedIds> = async (c) =>
  ok(c, { product_ids: await likedAmong(c.get('db'), c.get('user')!.id, c.req.valid('query').ids) });
export const likedProducts: AppRouteHandler<typeof routes.likedProducts> = async (c) =>
  paged(c, await listLiked(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));
