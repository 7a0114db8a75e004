/** The paper catalogue handlers: each parses, calls one service function and answers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, ok } from '../../lib/respond.ts';
import { listCatalogs, orderCatalog } from '../../services/catalog-orders/index.ts';
import { clientInfo } from '../auth/session.ts';
import type * as routes from './routes.ts';

export const catalogs: AppRouteHandler<typeof routes.catalogs> = async (c) => ok(c, await listCatalogs(c.get('db'), c.get('channel').id));
export const catalogOrder: AppRouteHandler<typeof routes.catalogOrder> = async (c) =>
  created(c, await orderCatalog(c.get('db'), c.get('env'), c.get('channel'), c.get('user'), c.req.valid('json'), clientInfo(c)));
