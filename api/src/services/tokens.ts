/** Random, expiring credentials stored only as SHA-256 hashes (auth_tokens table). */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auth_tokens } from '../db/schema.ts';

export type TokenKind = 'access' | 'refresh' | 'email_verify' | 'reminder' | 'unlock' | 'mfa';

export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Issues a token of `kind` for `userId` that expires in `ttlSeconds`; returns the secret once. */
export async function issueToken(db: Db | Tx, userId: number, kind: TokenKind, ttlSeconds: number, extra: { family?: string; data?: unknown } = {}) {
  const secret = randomToken();
  const expires_at = new Date(Date.now() + ttlSeconds * 1000);
  const [row] = await db.insert(auth_tokens).values({
    user_id: userId, kind, token_hash: hashToken(secret), expires_at, family: extra.family ?? null, data: extra.data ?? null,
  }).returning({ id: auth_tokens.id });
  return { secret, id: row.id, expires_at };
}

/** The condition for a live (unexpired, unrevoked, unused) token of `kind` with this secret. */
export function liveToken(secret: string, kind: TokenKind): SQL {
  return and(
    eq(auth_tokens.token_hash, hashToken(secret)), eq(auth_tokens.kind, kind),
    gt(auth_tokens.expires_at, new Date()), isNull(auth_tokens.revoked_at), isNull(auth_tokens.used_at),
  )!;
}
