/** Route definition of the content state the storefront polls to know when to rebuild. */
import { createRoute } from '@hono/zod-openapi';
import { jsonResponse } from '../../../lib/openapi.ts';
import { contentStateSchema } from '#contracts/content.ts';

export const getContentState = createRoute({
  method: 'get', path: '/content-state', tags: ['content'],
  summary: 'The content version (moves with every content write) and the next scheduled publish time of the channel',
  responses: { 200: jsonResponse(contentStateSchema, 'Content state') },
});
