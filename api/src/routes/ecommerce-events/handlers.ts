/** E-commerce event handler: validated, then stored (services/ecommerce-events/index.ts). */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { noContent } from '../../lib/respond.ts';
import { recordEvent } from '../../services/ecommerce-events/index.ts';
import type * as routes from './routes.ts';

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const e = c.req.valid('json');
  await recordEvent(c.get('db'), {
    name: e.name,
    args: e.args,
    token: e.token ?? null,
    logreco_rcmd_ct: e.logreco_rcmd_ct ?? null,
    channel_id: c.get('channel').id,
    user_id: c.get('user')?.id ?? null,
  });
  return noContent(c);
};
