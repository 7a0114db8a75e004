/** Postal-code handlers: the lookup and the prefectures (services/postal-codes). */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { listPrefectures, lookupPostalCode } from '../../services/postal-codes/index.ts';
import type * as routes from './routes.ts';

export const postal: AppRouteHandler<typeof routes.postal> = async (c) => ok(c, lookupPostalCode(c.req.valid('query').code));

/** The list never changes between releases: browsers and shared caches may keep it for a day. */
export const prefectures: AppRouteHandler<typeof routes.prefectures> = async (c) => {
  c.header('Cache-Control', 'public, max-age=86400');
  return ok(c, listPrefectures());
};
