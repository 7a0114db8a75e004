/** Blog and news route definitions: published items only, newest first, by id or key. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { blogSchema, contentListQuerySchema, idOrKeyParamSchema, newsSchema } from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';
import { invalidResponse, notFoundResponse } from '../shared.ts';

export const listBlogs = createRoute({
  method: 'get',
  path: '/blogs',
  tags: ['content'],
  summary: 'Published blog posts, newest first (per default 10, per=all); bodies sanitised',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(blogSchema), 'Blog posts; pagination headers'), 422: invalidResponse },
});
export const getBlog = createRoute({
  method: 'get',
  path: '/blogs/{id}',
  tags: ['content'],
  summary: 'One blog post by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: jsonResponse(blogSchema, 'The blog post'), 404: notFoundResponse },
});
export const listNews = createRoute({
  method: 'get',
  path: '/news',
  tags: ['content'],
  summary: 'Published news, newest first (per default 10, per=all); bodies sanitised',
  request: { query: contentListQuerySchema },
  responses: { 200: jsonResponse(z.array(newsSchema), 'News; pagination headers'), 422: invalidResponse },
});
export const getNews = createRoute({
  method: 'get',
  path: '/news/{id}',
  tags: ['content'],
  summary: 'One news item by id or key',
  request: { params: idOrKeyParamSchema },
  responses: { 200: jsonResponse(newsSchema, 'The news item'), 404: notFoundResponse },
});
