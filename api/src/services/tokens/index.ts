/** Random, expiring credentials stored only as SHA-256 hashes (auth_tokens table). */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auth_tokens, users } from '../../db/schema/index.ts';

export type TokenKind = 'access' | 'refresh' | 'email_verify' | 'reminder' | 'unlock' | 'mfa';

type Conn = Db | Tx;

export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Issues a token of `kind` for `userId` that expires in `ttlSeconds`; returns the secret once. */
export async function issueToken(
  db: Conn,
  userId: number,
  kind: TokenKind,
  ttlSeconds: number,
  extra: { family?: string; data?: unknown; secret?: string } = {},
) {
  const secret = extra.secret ?? randomToken();
  const expires_at = new Date(Date.now() + ttlSeconds * 1000);
  const [row] = await db
    .insert(auth_tokens)
    .values({
      user_id: userId,
      kind,
      token_hash: hashToken(secret),
      expires_at,
      family: extra.family ?? null,
      data: extra.data ?? null,
    })
    .returning({ id: auth_tokens.id });
  return { secret, id: row.id, expires_at };
}

/**
 * Issues several tokens of one member in a single INSERT (a session's access + refresh pair: one
 * round trip and one commit instead of two); returns each secret once, in the order asked.
 */
export async function issueTokens(
  db: Conn,
  userId: number,
  wanted: { kind: TokenKind; ttlSeconds: number; family?: string }[],
): Promise<{ secret: string; expires_at: Date }[]> {
  const now = Date.now();
  const issued = wanted.map((w) => ({ ...w, secret: randomToken(), expires_at: new Date(now + w.ttlSeconds * 1000) }));
  await db.insert(auth_tokens).values(
    issued.map((t) => ({
      user_id: userId,
      kind: t.kind,
      token_hash: hashToken(t.secret),
      expires_at: t.expires_at,
      family: t.family ?? null,
    })),
  );
  return issued.map(({ secret, expires_at }) => ({ secret, expires_at }));
}

/** The condition for a live (unexpired, unrevoked, unused) token of `kind` with this secret. */
export function liveToken(secret: string, kind: TokenKind): SQL {
  return and(
    eq(auth_tokens.token_hash, hashToken(secret)),
    eq(auth_tokens.kind, kind),
    gt(auth_tokens.expires_at, new Date()),
    isNull(auth_tokens.revoked_at),
    isNull(auth_tokens.used_at),
  )!;
}

/** Tokens of the channel's live (not withdrawn) members only: a link never crosses channels. */
const ofChannelMember = (channelId: string) =>
  inArray(
    auth_tokens.user_id,
    sql`(select ${users.id} from ${users} where ${users.channel_id} = ${channelId} and ${users.deleted_at} is null)`,
  );

export interface SpentToken {
  id: number;
  user_id: number;
  data: unknown;
}

/**
 * Spends a live token of the channel's member in one UPDATE (used_at set where it is still live):
 * of two parallel uses exactly one gets the row, the other null. `extra` narrows it further.
 */
export async function spendToken(conn: Conn, secret: string, kind: TokenKind, channelId: string, extra?: SQL): Promise<SpentToken | null> {
  const [row] = await conn
    .update(auth_tokens)
    .set({ used_at: new Date() })
    .where(and(liveToken(secret, kind), ofChannelMember(channelId), extra))
    .returning({ id: auth_tokens.id, user_id: auth_tokens.user_id, data: auth_tokens.data });
  return row ?? null;
}

/** Reads a live token of the channel's member without spending it (a link's first step). */
export async function findLiveToken(conn: Conn, secret: string, kind: TokenKind, channelId: string): Promise<SpentToken | null> {
  const [row] = await conn
    .select({ id: auth_tokens.id, user_id: auth_tokens.user_id, data: auth_tokens.data })
    .from(auth_tokens)
    .where(and(liveToken(secret, kind), ofChannelMember(channelId)))
    .limit(1);
  return row ?? null;
}

/** Revokes the member's live tokens of `kinds` (every kind when omitted), except the token family `keepFamily`. */
export async function revokeTokens(conn: Conn, userId: number, kinds?: TokenKind[], keepFamily?: string | null) {
  await conn
    .update(auth_tokens)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(auth_tokens.user_id, userId),
        isNull(auth_tokens.revoked_at),
        isNull(auth_tokens.used_at),
        kinds ? inArray(auth_tokens.kind, kinds) : undefined,
        keepFamily ? sql`${auth_tokens.family} is distinct from ${keepFamily}` : undefined,
      ),
    );
}
