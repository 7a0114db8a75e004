/** Body-measurement handlers: the signed-in member's own data only. */

import { TIMESERIES_LIMIT } from '#contracts/timeseries.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { created, limited, noContent } from '../../lib/respond.ts';
import { createTimeseries, deleteTimeseriesEntry, deleteTimeseriesPurpose, listTimeseries } from '../../services/timeseries/index.ts';
import type * as routes from './routes.ts';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  limited(c, await listTimeseries(c.get('db'), c.get('user')!.id, c.req.valid('query').purpose), TIMESERIES_LIMIT);

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  created(c, await createTimeseries(c.get('db'), c.get('user')!.id, c.req.valid('json')));

export const remove: AppRouteHandler<typeof routes.remove> = async (c) => {
  const { id, purpose } = c.req.valid('query');
  if (id !== undefined) await deleteTimeseriesEntry(c.get('db'), c.get('user')!.id, id);
  else if (purpose !== undefined) await deleteTimeseriesPurpose(c.get('db'), c.get('user')!.id, purpose);
  return noContent(c);
};
