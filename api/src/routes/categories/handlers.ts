/** Category handlers. */
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { ok } from '../../lib/respond.ts';
import { categoryTree } from '../../services/categories/index.ts';
import type * as routes from './routes.ts';

export const hierarchy: AppRouteHandler<typeof routes.hierarchy> = async (c) =>
  ok(c, await categoryTree(c.get('db'), c.req.valid('query').table));
