/** User handlers: the signed-in member's own account. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { noContent, ok } from '../../lib/respond.ts';
import { changePassword, serializeUser, updateMe } from '../../services/users.ts';
import type * as routes from './routes.ts';

export const getMe: AppRouteHandler<typeof routes.getMe> = (c) => ok(c, serializeUser(c.get('user')!));

export const putMe: AppRouteHandler<typeof routes.putMe> = async (c) => ok(c, await updateMe(c.get('db'), c.get('user')!, c.req.valid('json')));

export const putPassword: AppRouteHandler<typeof routes.putPassword> = async (c) => {
  await changePassword(c.get('db'), c.get('env'), c.get('user')!, c.get('tokenId')!, c.req.valid('json'));
  return noContent(c);
};
