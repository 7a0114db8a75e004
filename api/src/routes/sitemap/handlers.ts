/** Sitemap handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { listSitemapProducts } from '../../services/sitemap/index.ts';
import type * as routes from './routes.ts';

export const products: AppRouteHandler<typeof routes.products> = async (c) =>
  ok(c, await listSitemapProducts(c.get('db'), c.get('channel').id, c.req.valid('query').page));
