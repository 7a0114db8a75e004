/** Product handlers. A guest's list and detail go through the answer cache (services/products/answer-cache.ts). */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { publicAnswer } from '../../services/products/answer-cache.ts';
import { getProduct, getProductFacets, listProductPage, listReviews, suggest as suggestFor } from '../../services/products/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = (c) =>
  publicAnswer(c, async () =>
    paged(c, await listProductPage(c.get('db'), c.get('channel').id, c.get('user')?.id ?? null, c.req.valid('query'))),
  );

export const facets: AppRouteHandler<typeof routes.facets> = async (c) =>
  ok(c, await getProductFacets(c.get('db'), c.get('channel').id, c.req.valid('query')));

export const suggest: AppRouteHandler<typeof routes.suggest> = async (c) =>
  ok(c, await suggestFor(c.get('db'), c.get('channel').id, c.get('user')?.id ?? null, c.req.valid('query').keyword));

export const detail: AppRouteHandler<typeof routes.detail> = (c) =>
  publicAnswer(c, async () =>
    ok(c, await getProduct(c.get('db'), c.get('channel').id, c.req.valid('param').key, c.get('user')?.id ?? null)),
  );

export const reviews: AppRouteHandler<typeof routes.reviews> = async (c) =>
  paged(c, await listReviews(c.get('db'), c.get('channel').id, c.req.valid('param').key, c.req.valid('query')));
