/**
 * Bearer-token authentication. `optionalAuth` sets `user` (or null) on every request; `requireAuth`
 * answers 401 for /me/ calls without a valid, unexpired access token.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { auth_tokens, users } from '../db/schema.ts';
import { unauthenticated } from '../lib/errors.ts';
import { liveToken } from '../services/tokens.ts';

export function bearerOf(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('tokenId', null);
  const secret = bearerOf(c.req.header('authorization'));
  if (secret) {
    // One round trip on every signed-in request: the live access token joined to its member.
    const [row] = await c.get('db').select({ user: users, tokenId: auth_tokens.id }).from(auth_tokens)
      .innerJoin(users, eq(users.id, auth_tokens.user_id))
      .where(and(
        liveToken(secret, 'access'), isNull(users.deleted_at), eq(users.channel_id, c.get('channel').id),
      )).limit(1);
    if (row) {
      c.set('user', row.user);
      c.set('tokenId', row.tokenId);
    }
  }
  await next();
});

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthenticated();
  await next();
});
