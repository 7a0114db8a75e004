/** The member's points handlers: each parses, runs one service function and answers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { listPointHistories, pointSummary } from '../../services/points/index.ts';
import type * as routes from './routes.ts';

export const myPoints: AppRouteHandler<typeof routes.myPoints> = async (c) =>
  ok(c, await pointSummary(c.get('db'), c.get('channel').id, c.get('user')!.id));
export const myPointHistories: AppRouteHandler<typeof routes.myPointHistories> = async (c) =>
  paged(c, await listPointHistories(c.get('db'), c.get('user')!.id, c.req.valid('query')));
