/** E-mail verification handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { checkVerifyToken, requestVerifyMail } from '../../services/email-verify/index.ts';
import { setRefreshCookie } from '../auth/session.ts';
import type * as routes from './routes.ts';

export const request: AppRouteHandler<typeof routes.request> = async (c) =>
  ok(c, await requestVerifyMail(c.get('db'), c.get('env'), c.get('user')!));

export const check: AppRouteHandler<typeof routes.check> = async (c) => {
  const session = await checkVerifyToken(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json').token);
  setRefreshCookie(c, session);
  return ok(c, session.body);
};
