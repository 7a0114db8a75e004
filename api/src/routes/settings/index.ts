/** GET /v1/settings/front (flat spec-9 settings) and GET /v1/colorschemes/selected/front. */
import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { errorBodySchema } from '#contracts/common.ts';
import { colorschemeSchema, frontSettingsSchema } from '#contracts/settings.ts';
import { colorschemes } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { frontSettings } from '../../services/content.ts';

const frontRoute = createRoute({
  method: 'get',
  path: '/settings/front',
  tags: ['settings'],
  summary: "The channel's public site settings keyed by the spec section 9 names",
  responses: { 200: { description: 'Flat settings object', content: { 'application/json': { schema: frontSettingsSchema } } } },
});

const colorschemeRoute = createRoute({
  method: 'get',
  path: '/colorschemes/selected/front',
  tags: ['settings'],
  summary: "The channel's selected colour scheme",
  responses: {
    200: { description: 'Colour scheme tokens', content: { 'application/json': { schema: colorschemeSchema } } },
    404: { description: 'No scheme selected', content: { 'application/json': { schema: errorBodySchema } } },
  },
});

export const settingsRoutes = createRouter()
  .openapi(frontRoute, async (c) => {
    const channel = c.get('channel');
    return c.json(await frontSettings(c.get('db'), channel.id, channel.theme, channel.name), 200);
  })
  .openapi(colorschemeRoute, async (c) => {
    const [row] = await c.get('db').select().from(colorschemes)
      .where(and(eq(colorschemes.channel_id, c.get('channel').id), eq(colorschemes.is_selected, true))).limit(1);
    if (!row) throw notFound('カラースキーム');
    const tokens = Object.fromEntries(Object.entries((row.tokens ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    return c.json({ id: row.id, name: row.name, tokens }, 200);
  });
