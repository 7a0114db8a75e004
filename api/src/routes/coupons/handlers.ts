/** The member's coupons handler: parses, runs one service function and answers one page. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { paged } from '../../lib/respond.ts';
import { listMyCoupons } from '../../services/coupons/index.ts';
import type * as routes from './routes.ts';

export const myCoupons: AppRouteHandler<typeof routes.myCoupons> = async (c) =>
  paged(c, await listMyCoupons(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('query')));
