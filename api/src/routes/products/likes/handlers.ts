/** Favourite handlers of a product: set or clear the member's like (services/likes). */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok } from '../../../lib/respond.ts';
import { setLike } from '../../../services/likes/index.ts';
import type * as routes from './routes.ts';

export const like: AppRouteHandler<typeof routes.like> = async (c) =>
  ok(c, await setLike(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('param').id, true));
export const unlike: AppRouteHandler<typeof routes.unlike> = async (c) =>
  ok(c, await setLike(c.get('db'), c.get('channel').id, c.get('user')!.id, c.req.valid('param').id, false));
