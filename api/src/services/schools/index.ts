/**
 * School keys: POST /v1/schools/check (whether a key is one of the channel's active keys) and the
 * registration rule of a channel with SITE.SCHOOL_KEY_REQUIRED on (users/register.ts): a valid key is
 * required there, and the school's name becomes the member's `school`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { school_keys } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { ApiError, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { ACCOUNT_LIMITS, accountLimitKeys, channelSetting, enforce } from '../account/common.ts';
import { rateLimitStore } from '../rate-limit/index.ts';

type Conn = Db | Tx;

/** The channel setting that makes a valid school key part of registration. */
export const SCHOOL_KEY_SETTING = 'SITE.SCHOOL_KEY_REQUIRED';
export const SCHOOL_KEY_MESSAGES = {
  required: '学校キーは必須項目です',
  invalid: '学校キーが正しくありません',
} as const;

/** Keys compare without regard to width, case or surrounding spaces (ｋｉｙｏｒａ２０２６ = KIYORA2026). */
const normaliseKey = (key: string) => key.normalize('NFKC').trim().toUpperCase();

export async function checkSchoolKey(
  db: Db,
  env: ApiEnv,
  channelId: string,
  key: string,
  ip: string | null,
): Promise<{ key: string; check: boolean }> {
  // Guessing keys is the only use of many calls, so they are counted per address.
  if (ip) await enforce(rateLimitStore(db, env), accountLimitKeys.school(ip), ACCOUNT_LIMITS.schoolPerAddress);
  return { key, check: (await schoolOfKey(db, channelId, key)) != null };
}

/** The name of the school whose active key of the channel this is, or null. */
export async function schoolOfKey(conn: Conn, channelId: string, key: string): Promise<string | null> {
  const normalised = normaliseKey(key);
  if (!normalised) return null;
  const [row] = await conn
    .select({ name: school_keys.name })
    .from(school_keys)
    .where(and(eq(school_keys.channel_id, channelId), eq(school_keys.is_active, true), sql`upper(${school_keys.key}) = ${normalised}`))
    .limit(1);
  return row?.name ?? null;
}

/** Whether registration on the channel needs a school key (its setting SITE.SCHOOL_KEY_REQUIRED). */
export async function requiresSchoolKey(conn: Conn, channelId: string): Promise<boolean> {
  return (await channelSetting(conn, channelId, SCHOOL_KEY_SETTING)) === true;
}

/**
 * The school a registration names: on a channel that requires a key, the school of the valid key
 * given, or 422 errors.school_key (missing or not one of the channel's active keys); elsewhere null.
 */
export async function registrationSchool(conn: Conn, channelId: string, key: string | null | undefined): Promise<string | null> {
  if (!(await requiresSchoolKey(conn, channelId))) return null;
  const given = key?.trim() ?? '';
  const school = given ? await schoolOfKey(conn, channelId, given) : null;
  if (school) return school;
  const message = given ? SCHOOL_KEY_MESSAGES.invalid : SCHOOL_KEY_MESSAGES.required;
  throw new ApiError(422, VALIDATION_MESSAGE, {
    code: given ? 'user.school_key.invalid' : 'user.school_key.required',
    errors: { school_key: [message] },
  });
}
