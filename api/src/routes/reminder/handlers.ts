/** Reminder handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { checkReminder, requestReminder, resetByReminder } from '../../services/reminder/index.ts';
import { clientInfo, setRefreshCookie } from '../auth/session.ts';
import type * as routes from './routes.ts';

export const request: AppRouteHandler<typeof routes.request> = async (c) =>
  ok(c, await requestReminder(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json'), clientInfo(c)));

export const check: AppRouteHandler<typeof routes.check> = async (c) =>
  ok(c, await checkReminder(c.get('db'), c.get('channel').id, c.req.valid('json')));

export const reset: AppRouteHandler<typeof routes.reset> = async (c) => {
  const session = await resetByReminder(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json'));
  setRefreshCookie(c, session);
  return ok(c, { ...session.body, username: session.username });
};
