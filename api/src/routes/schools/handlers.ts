/** School key handler. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { checkSchoolKey } from '../../services/schools/index.ts';
import { clientInfo } from '../auth/session.ts';
import type * as routes from './routes.ts';

export const check: AppRouteHandler<typeof routes.check> = async (c) =>
  ok(c, await checkSchoolKey(c.get('db'), c.get('env'), c.get('channel').id, c.req.valid('json').key, clientInfo(c).ip));
