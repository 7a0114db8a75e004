/** Handler of the content state: never kept by a cache, since its whole point is to move. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { getContentState as read } from '../../../services/content/state.ts';
import type * as routes from './routes.ts';

export const getContentState: AppRouteHandler<typeof routes.getContentState> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return ok(c, await read(c.get('db'), c.get('channel').id));
};
