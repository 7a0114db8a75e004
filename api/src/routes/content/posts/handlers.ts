/** Blog and news handlers. */
import type { AppRouteHandler } from '../../../lib/openapi.ts';
import { ok, paged } from '../../../lib/respond.ts';
import * as posts from '../../../services/content/posts.ts';
import type * as routes from './routes.ts';

export const listBlogs: AppRouteHandler<typeof routes.listBlogs> = async (c) =>
  paged(c, await posts.listBlogs(c.get('db'), c.get('channel').id, c.req.valid('query')));
export const getBlog: AppRouteHandler<typeof routes.getBlog> = async (c) =>
  ok(c, await posts.getBlog(c.get('db'), c.get('channel').id, c.req.valid('param').id));
export const listNews: AppRouteHandler<typeof routes.listNews> = async (c) =>
  paged(c, await posts.listNews(c.get('db'), c.get('channel').id, c.req.valid('query')));
export const getNews: AppRouteHandler<typeof routes.getNews> = async (c) =>
  ok(c, await posts.getNews(c.get('db'), c.get('channel').id, c.req.valid('param').id));
