/** User handlers: registration, the guest member, the signed-in member's own account. */
import { deleteCookie } from 'hono/cookie';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '#contracts/auth.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, noContent, ok, paged } from '../../lib/respond.ts';
import { convertGuest, createDummyUser } from '../../services/users/guest.ts';
import { changePassword, serializeUser, updateMe } from '../../services/users/index.ts';
import { listLoginHistories } from '../../services/users/login-histories.ts';
import { registerMember } from '../../services/users/register.ts';
import { withdrawMember } from '../../services/users/withdraw.ts';
import { clientInfo, isHttps, setRefreshCookie } from '../auth/session.ts';
import type * as routes from './routes.ts';

export const register: AppRouteHandler<typeof routes.register> = async (c) => {
  const session = await registerMember(c.get('db'), c.get('env'), c.get('channel'), c.req.valid('json'), clientInfo(c));
  setRefreshCookie(c, session);
  return created(c, session.body);
};

export const dummy: AppRouteHandler<typeof routes.dummy> = async (c) => {
  const session = await createDummyUser(c.get('db'), c.get('env'), c.get('channel'), clientInfo(c));
  setRefreshCookie(c, session);
  return ok(c, session.body);
};

export const convert: AppRouteHandler<typeof routes.convert> = async (c) => {
  const session = await convertGuest(c.get('db'), c.get('env'), c.get('user')!, c.req.valid('json'));
  setRefreshCookie(c, session);
  return ok(c, session.body);
};

export const getMe: AppRouteHandler<typeof routes.getMe> = (c) => ok(c, serializeUser(c.get('user')!));

export const putMe: AppRouteHandler<typeof routes.putMe> = async (c) =>
  ok(c, await updateMe(c.get('db'), c.get('env'), c.get('user')!, c.req.valid('json')));

export const deleteMe: AppRouteHandler<typeof routes.deleteMe> = async (c) => {
  await withdrawMember(c.get('db'), c.get('env'), c.get('user')!, c.req.valid('json').password);
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: isHttps(c) });
  return noContent(c);
};

export const putPassword: AppRouteHandler<typeof routes.putPassword> = async (c) => {
  await changePassword(c.get('db'), c.get('env'), c.get('user')!, c.get('tokenId')!, c.req.valid('json'));
  return noContent(c);
};

export const loginHistories: AppRouteHandler<typeof routes.loginHistories> = async (c) =>
  paged(c, await listLoginHistories(c.get('db'), c.get('user')!.id, c.req.valid('query')));
