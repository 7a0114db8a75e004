/** Recommendation and accessory handlers. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { accessoryProducts, recommendProducts } from '../../../services/products/recommend.ts';
import type * as routes from './routes.ts';

/** Accessories change rarely: a guest's answer may be kept per product key for a few minutes (spec 3). */
export const ACCESSORIES_CACHE = 'public, max-age=300, s-maxage=300';

export const recommend: AppRouteHandler<typeof routes.recommend> = async (c) =>
  ok(c, await recommendProducts(c.get('db'), c.get('channel').id, c.req.valid('param').key, c.get('user')?.id ?? null));

export const accessories: AppRouteHandler<typeof routes.accessories> = async (c) => {
  const user = c.get('user');
  const items = await accessoryProducts(c.get('db'), c.get('channel').id, c.req.valid('param').key, user?.id ?? null);
  // A member's answer carries is_favorite: the cache middleware keeps it private.
  if (!user && !c.req.header('authorization')) {
    c.header('Cache-Control', ACCESSORIES_CACHE);
    c.header('Vary', 'Authorization, X-Channel-Id');
  }
  return ok(c, items);
};
