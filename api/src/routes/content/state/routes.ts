/** Route definitions of the content state the storefront polls to know when to rebuild, and of its revision index. */
import { createRoute } from '@hono/zod-openapi';
import { contentItemsSchema, contentStateSchema } from '#contracts/content.ts';
import { jsonResponse } from '../../../lib/openapi.ts';

export const getContentState = createRoute({
  method: 'get',
  path: '/content-state',
  tags: ['content'],
  summary: 'The content version (moves with every content write) and the next scheduled publish time of the channel',
  responses: { 200: jsonResponse(contentStateSchema, 'Content state') },
});

export const getContentItems = createRoute({
  method: 'get',
  path: '/content-state/items',
  tags: ['content'],
  summary:
    'A revision per published blog post and news item of the channel (the items of GET /v1/blogs and GET /v1/news, same order), for incremental content syncs',
  responses: { 200: jsonResponse(contentItemsSchema, 'Revision index of the posts') },
});
