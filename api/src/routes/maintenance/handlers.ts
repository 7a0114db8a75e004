/** Handler of GET /v1/maintenance: the switch's state now, never kept by a cache. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import type * as routes from './routes.ts';

export const getMaintenance: AppRouteHandler<typeof routes.getMaintenance> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return ok(c, await c.get('maintenance').state());
};
