/** News read mark handlers. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import * as readables from '../../../services/content/readables.ts';
import type * as routes from './routes.ts';

export const markRead: AppRouteHandler<typeof routes.markRead> = async (c) =>
  ok(c, await readables.markNewsRead(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('json').readable_id));
export const listRead: AppRouteHandler<typeof routes.listRead> = async (c) =>
  ok(c, await readables.listNewsRead(c.get('db'), c.get('channel').id, c.get('user')!.id));
