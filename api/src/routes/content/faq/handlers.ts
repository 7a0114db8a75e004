/** FAQ handlers. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok, paged } from '../../../lib/respond.ts';
import * as faq from '../../../services/content/faq.ts';
import type * as routes from './routes.ts';

export const listQas: AppRouteHandler<typeof routes.listQas> = async (c) =>
  paged(c, await faq.listQas(c.get('db'), c.get('channel').id, c.req.valid('query')));
export const listQaCategories: AppRouteHandler<typeof routes.listQaCategories> = async (c) =>
  ok(c, await faq.listQaCategories(c.get('db'), c.get('channel').id));
