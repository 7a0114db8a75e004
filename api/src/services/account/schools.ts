/** POST /v1/schools/check: whether a school key is one of the channel's active keys. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { school_keys } from '../../db/schema.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { ACCOUNT_LIMITS, accountLimitKeys, enforce } from './common.ts';

/** Keys compare without regard to width, case or surrounding spaces (ｋｉｙｏｒａ２０２６ = KIYORA2026). */
const normaliseKey = (key: string) => key.normalize('NFKC').trim().toUpperCase();

export async function checkSchoolKey(db: Db, env: ApiEnv, channelId: string, key: string, ip: string | null): Promise<{ key: string; check: boolean }> {
  // Guessing keys is the only use of many calls, so they are counted per address.
  if (ip) await enforce(rateLimitStore(db, env), accountLimitKeys.school(ip), ACCOUNT_LIMITS.schoolPerAddress);
  const [row] = await db.select({ id: school_keys.id }).from(school_keys).where(and(
    eq(school_keys.channel_id, channelId), eq(school_keys.is_active, true), sql`upper(${school_keys.key}) = ${normaliseKey(key)}`,
  )).limit(1);
  return { key, check: row != null };
}
