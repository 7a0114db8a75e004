/** Static and landing page handlers. */
import type { Context } from 'hono';
import { staticPagePathParamSchema } from '#contracts/content.ts';
import type { AppEnv } from '../../../context.ts';
import { unprocessable } from '../../../lib/errors.ts';
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok, paged } from '../../../lib/respond.ts';
import { issuesToErrors } from '../../../lib/router.ts';
import * as pages from '../../../services/content/pages.ts';
import type * as routes from './routes.ts';

export const listUrls: AppRouteHandler<typeof routes.listUrls> = async (c) =>
  ok(c, await pages.listStaticPageUrls(c.get('db'), c.get('channel').id));
export const listLp: AppRouteHandler<typeof routes.listLp> = async (c) =>
  paged(c, await pages.listLandingPages(c.get('db'), c.get('channel').id, c.req.valid('query')));
export const getLp: AppRouteHandler<typeof routes.getLp> = async (c) =>
  ok(c, await pages.getLandingPage(c.get('db'), c.get('channel').id, c.req.valid('param').key));

/**
 * A plain hono handler (see routes.getByUrl): the multi-segment path is validated here with the
 * same contract schema and the same 422 body the OpenAPI routes give.
 */
export const getByUrl = async (c: Context<AppEnv>) => {
  const parsed = staticPagePathParamSchema.safeParse({ path: c.req.param('path') ?? '' });
  if (!parsed.success) throw unprocessable('入力内容に誤りがあります。', 'common.validation', issuesToErrors(parsed.error));
  return ok(c, await pages.getStaticPage(c.get('db'), c.get('channel').id, parsed.data.path));
};
