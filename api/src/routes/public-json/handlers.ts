/**
 * GET /public.json. It sits outside /v1 and its channel middleware, so it reads the channel header
 * itself; an unknown channel gets the message the storefront recognises (spec 8).
 */
import { CHANNEL_HEADER } from '#contracts/common.ts';
import { channelNotFound } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { publicJson as readPublicJson } from '../../services/settings/index.ts';
import type * as routes from './routes.ts';

export const publicJson: AppRouteHandler<typeof routes.publicJson> = async (c) => {
  const wanted = c.req.header(CHANNEL_HEADER)?.trim() || c.get('env').DEFAULT_CHANNEL;
  const body = await readPublicJson(c.get('db'), wanted, process.env.PUBLIC_API_BASE_URL ?? '');
  if (!body) throw channelNotFound();
  c.header('cache-control', 'public, max-age=60');
  return ok(c, body);
};
