/** Handlers of the content state and its revision index: never kept by a cache, since their whole point is to move. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { getContentState as read } from '../../../services/content/state.ts';
import { getContentItems as readItems } from '../../../services/content/state-items.ts';
import type * as routes from './routes.ts';

export const getContentState: AppRouteHandler<typeof routes.getContentState> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return ok(c, await read(c.get('db'), c.get('channel').id));
};

export const getContentItems: AppRouteHandler<typeof routes.getContentItems> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return ok(c, await readItems(c.get('db'), c.get('channel').id));
};
