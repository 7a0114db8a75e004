/** Message centre handlers: the signed-in member's own messages only. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok, paged } from '../../lib/respond.ts';
import { countUnreadSystemMessages, listSystemMessages, openSystemMessage } from '../../services/system-messages/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  paged(c, await listSystemMessages(c.get('db'), c.get('user')!.id, c.req.valid('query')));

export const unreadCount: AppRouteHandler<typeof routes.unreadCount> = async (c) =>
  ok(c, { unread_count: await countUnreadSystemMessages(c.get('db'), c.get('user')!.id) });

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) =>
  ok(c, await openSystemMessage(c.get('db'), c.get('user')!.id, c.req.valid('param').id));
