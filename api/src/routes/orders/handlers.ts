/** Order handlers: the signed-in member's orders. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { getOrder, listOrders } from '../../services/orders.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listOrders(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));

export const detail: AppRouteHandler<typeof routes.detail> = async (c) =>
  ok(c, await getOrder(c.get('db'), c.get('user')!.id, c.req.valid('param').id));
