/**
 * Resolves the channel from the X-Channel-Id header. No header: the shop's default channel. An
 * unknown id: 404 with the message the storefront recognises as "channel does not exist" (spec 8).
 */
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, ChannelRow } from '../context.ts';
import type { Db } from '../db/client.ts';
import { channels } from '../db/schema/index.ts';
import { channelNotFound } from '../lib/errors.ts';

export const CHANNEL_HEADER = 'x-channel-id';

// Channels change rarely; a short per-process cache keeps them off the hot path without assuming
// a single process (a new channel is visible everywhere within the TTL). One cache per database, so
// two shops in one process (the API tests) never see each other's channels.
const TTL_MS = 30_000;
type Cache = Map<string, { row: ChannelRow | null; at: number }>;
const caches = new WeakMap<Db, Cache>();

export const channelMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const db = c.get('db');
  const wanted = c.req.header(CHANNEL_HEADER)?.trim() || c.get('env').DEFAULT_CHANNEL;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let hit = cache.get(wanted);
  if (!hit || Date.now() - hit.at > TTL_MS) {
    const [row] = await db.select().from(channels).where(eq(channels.id, wanted)).limit(1);
    hit = { row: row ?? null, at: Date.now() };
    if (cache.size > 1000) cache.clear();
    cache.set(wanted, hit);
  }
  if (!hit.row) throw channelNotFound();
  c.set('channel', hit.row);
  await next();
});
