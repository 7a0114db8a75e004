/**
 * GET /public.json (root, no /v1, no auth): tells a storefront which channel it is, the shop name,
 * the API base URL ('' = same origin) and the theme to load.
 */
import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { CHANNEL_NOT_FOUND_MESSAGE, errorBodySchema } from '#contracts/common.ts';
import { publicJsonSchema } from '#contracts/settings.ts';
import { channels, settings } from '../../db/schema.ts';
import { createRouter } from '../../lib/router.ts';

const publicJson = createRoute({
  method: 'get',
  path: '/public.json',
  tags: ['settings'],
  summary: 'Channel, site name, API base URL and theme for the storefront',
  responses: {
    200: { description: 'Public configuration', content: { 'application/json': { schema: publicJsonSchema } } },
    404: { description: 'Unknown channel', content: { 'application/json': { schema: errorBodySchema } } },
  },
});

export const publicJsonRoute = createRouter()
  .openapi(publicJson, async (c) => {
    const db = c.get('db');
    const wanted = c.req.header('x-channel-id')?.trim() || c.get('env').DEFAULT_CHANNEL;
    const [channel] = await db.select().from(channels).where(eq(channels.id, wanted)).limit(1);
    if (!channel) return c.json({ message: CHANNEL_NOT_FOUND_MESSAGE, code: 'channel.not_exists' }, 404);
    const [name] = await db.select({ value: settings.value }).from(settings)
      .where(and(eq(settings.channel_id, channel.id), eq(settings.key, 'SITE.NAME'))).limit(1);
    c.header('cache-control', 'public, max-age=60');
    return c.json({
      channel_id: channel.id,
      site_name: typeof name?.value === 'string' ? name.value : channel.name,
      // The shop's public API origin when it differs from the storefront's; '' means same origin.
      api_base_url: process.env.PUBLIC_API_BASE_URL ?? '',
      theme: channel.theme,
    }, 200);
  });
