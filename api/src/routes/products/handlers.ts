/** Product handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { getProduct, getProductFacets, listProductPage, listReviews, suggest as suggestFor } from '../../services/products/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listProductPage(c.get('db'), c.get('channel').id, c.get('user')?.id ?? null, c.req.valid('query')));

export const facets: AppRouteHandler<typeof routes.facets> = async (c) =>
  ok(c, await getProductFacets(c.get('db'), c.get('channel').id, c.req.valid('query')));

export const suggest: AppRouteHandler<typeof routes.suggest> = async (c) =>
  ok(c, await suggestFor(c.get('db'), c.get('channel').id, c.get('user')?.id ?? null, c.req.valid('query').keyword));

export const detail: AppRouteHandler<typeof routes.detail> = async (c) =>
  ok(c, await getProduct(c.get('db'), c.get('channel').id, c.req.valid('param').key, c.get('user')?.id ?? null));

export const reviews: AppRouteHandler<typeof routes.reviews> = async (c) =>
  paged(c, await listReviews(c.get('db'), c.get('channel').id, c.req.valid('param').key, c.req.valid('query')));
