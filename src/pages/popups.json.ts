/**
 * /popups.json: the channel's shown popups (id, title, sanitised body), pre-rendered from the content
 * snapshot for src/scripts/popup-once.ts, which every storefront page loads. Pages do not embed the
 * popups, so a popup edit rebuilds this one file, not every page.
 */

import { channel } from 'virtual:shop/theme';
import type { APIRoute } from 'astro';
import { loadSnapshot } from '#content-sync/snapshot.ts';

export const GET: APIRoute = () => {
  const popups = loadSnapshot(channel)
    .popups.filter((p) => p.is_show)
    .map(({ id, title, body }) => ({ id, title, body }));
  return new Response(JSON.stringify(popups), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
