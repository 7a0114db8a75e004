/** Settings handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { frontSettings, selectedColorscheme } from '../../services/settings/index.ts';
import type * as routes from './routes.ts';

export const front: AppRouteHandler<typeof routes.front> = async (c) => {
  const channel = c.get('channel');
  return ok(c, await frontSettings(c.get('db'), channel.id, channel.theme, channel.name));
};

export const colorscheme: AppRouteHandler<typeof routes.colorscheme> = async (c) =>
  ok(c, await selectedColorscheme(c.get('db'), c.get('channel').id));
