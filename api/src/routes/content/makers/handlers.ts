/** Maker, brand and stylist handlers. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok, paged } from '../../../lib/respond.ts';
import * as makers from '../../../services/content/makers.ts';
import type * as routes from './routes.ts';

export const listMakers: AppRouteHandler<typeof routes.listMakers> = async (c) =>
  paged(c, await makers.listMakers(c.get('db'), c.req.valid('query')));
export const getMaker: AppRouteHandler<typeof routes.getMaker> = async (c) =>
  ok(c, await makers.getMaker(c.get('db'), c.req.valid('param').id));
export const listBrands: AppRouteHandler<typeof routes.listBrands> = async (c) =>
  paged(c, await makers.listBrands(c.get('db'), c.req.valid('query')));
export const listStylists: AppRouteHandler<typeof routes.listStylists> = async (c) =>
  paged(c, await makers.listStylists(c.get('db'), c.req.valid('query')));
export const getStylist: AppRouteHandler<typeof routes.getStylist> = async (c) =>
  ok(c, await makers.getStylist(c.get('db'), c.req.valid('param').id));
