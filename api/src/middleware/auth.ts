/**
 * Bearer-token authentication. `optionalAuth` sets `user` (or null) on every request; `requireAuth`
 * answers 401 for /me/ calls without a valid, unexpired access token.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { auth_tokens, users } from '../db/schema/index.ts';
import { unauthenticated } from '../lib/errors.ts';
import { hashToken } from '../services/tokens/index.ts';

export function bearerOf(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

/**
 * The live access token joined to its member, as one prepared statement per database: it runs on
 * every signed-in request, so PostgreSQL plans it once per connection. The condition is
 * services/tokens/index.ts `liveToken` with placeholders (and the database's clock, not the process's).
 */
function prepareTokenUser(db: Db) {
  return db
    .select({ user: users, tokenId: auth_tokens.id })
    .from(auth_tokens)
    .innerJoin(users, eq(users.id, auth_tokens.user_id))
    .where(
      and(
        eq(auth_tokens.token_hash, sql.placeholder('hash')),
        eq(auth_tokens.kind, 'access'),
        gt(auth_tokens.expires_at, sql`now()`),
        isNull(auth_tokens.revoked_at),
        isNull(auth_tokens.used_at),
        isNull(users.deleted_at),
        eq(users.channel_id, sql.placeholder('channel')),
      ),
    )
    .limit(1)
    .prepare('auth_token_user');
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareTokenUser>>();

/** The member and token id for an access-token secret in a channel, or undefined. */
export async function findTokenUser(db: Db, secret: string, channelId: string) {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepareTokenUser(db)));
  const [row] = await statement.execute({ hash: hashToken(secret), channel: channelId });
  return row;
}

export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('tokenId', null);
  const secret = bearerOf(c.req.header('authorization'));
  if (secret) {
    const row = await findTokenUser(c.get('db'), secret, c.get('channel').id);
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
