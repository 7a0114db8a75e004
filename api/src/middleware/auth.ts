/**
 * Bearer-token authentication. `optionalAuth` sets `user` (or null) on every request; `requireAuth`
 * answers 401 for /me/ calls without a valid, unexpired access token.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { unauthenticated } from '../lib/errors.ts';
import { findLiveToken } from '../services/tokens.ts';

export function bearerOf(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('tokenId', null);
  const secret = bearerOf(c.req.header('authorization'));
  if (secret) {
    const db = c.get('db');
    const token = await findLiveToken(db, secret, 'access');
    if (token) {
      const [user] = await db.select().from(users)
        .where(and(eq(users.id, token.user_id), isNull(users.deleted_at), eq(users.channel_id, c.get('channel').id))).limit(1);
      if (user) {
        c.set('user', user);
        c.set('tokenId', token.id);
      }
    }
  }
  await next();
});

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthenticated();
  await next();
});
