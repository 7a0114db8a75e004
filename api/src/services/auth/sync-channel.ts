/**
 * POST /v1/auth/login-sync-channel: log in with the account of another channel of this shop. The
 * member created here (linked by users.synced_from_user_id) meets this channel's rules as one who
 * registered here would: only a registered (verified) source member may sync; on a channel that
 * requires a school key (SITE.SCHOOL_KEY_REQUIRED) the request carries a valid one, else the answer
 * is registration's 422 on school_key and nothing is created; on a channel with first-login e-mail
 * verification the member starts unregistered and gets the verification mail, so the answer logs
 * nobody in (is_registered_member false) until the link is opened.
 */
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { unprocessable } from '../../lib/errors.ts';
import { registrationSchool } from '../schools/index.ts';
import { takenFields } from '../users/duplicates.ts';
import { sendVerifyMail, verifiesEmail } from '../users/register.ts';
import {
  authenticate,
  type ClientInfo,
  type Credentials,
  canLogIn,
  completeLogin,
  findMember,
  login,
  matchesLogin,
  type Session,
  uniqueViolation,
} from './index.ts';

export const SYNC_CONFLICT_MESSAGE = 'このショップには同じログインIDまたはメールアドレスの会員が既に登録されているため、連携できません。';
const conflict = () => unprocessable(SYNC_CONFLICT_MESSAGE, 'auth.sync_conflict');

/**
 * A live, registered member of another channel of this installation with this login; username
 * wins, then the oldest. An unverified registration is nobody's account yet, so it cannot sync.
 */
async function findMemberElsewhere(db: Db, channelId: string, login: string): Promise<UserRow | null> {
  const lower = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(and(ne(users.channel_id, channelId), canLogIn, eq(users.is_registered_member, true), matchesLogin(lower)))
    .orderBy(desc(sql`lower(${users.username}) = ${lower}`), asc(users.id))
    .limit(1);
  return row ?? null;
}

/**
 * This channel's member linked to `source`, created on first use as a copy of its profile and
 * password hash under this channel's registration rules (see above). A parallel first use that
 * created it first wins.
 */
async function linkedMember(
  db: Db,
  env: ApiEnv,
  channelId: string,
  source: UserRow,
  schoolKey: string | null | undefined,
): Promise<UserRow> {
  const existing = async () =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.channel_id, channelId), eq(users.synced_from_user_id, source.id), isNull(users.deleted_at)))
        .limit(1)
    )[0];
  const found = await existing();
  if (found) return found;
  const school = await registrationSchool(db, channelId, schoolKey);
  if ((await takenFields(db, channelId, { username: source.username, email: source.email })).length) throw conflict();
  const verify = await verifiesEmail(db, channelId);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          channel_id: channelId,
          synced_from_user_id: source.id,
          username: source.username,
          email: source.email,
          password_hash: source.password_hash,
          last_name: source.last_name,
          first_name: source.first_name,
          last_name_kana: source.last_name_kana,
          first_name_kana: source.first_name_kana,
          school: school ?? source.school,
          phone_number: source.phone_number,
          cell_phone_number: source.cell_phone_number,
          contact_phone_number: source.contact_phone_number,
          fax: source.fax,
          job: source.job,
          gender: source.gender,
          birthday: source.birthday,
          newsletter: source.newsletter,
          is_registered_member: !verify,
          mfa_enabled: source.mfa_enabled,
          email_verified_at: verify ? null : source.email_verified_at,
          password_changed_at: source.password_changed_at,
          security_question_ct: source.security_question_ct,
          security_answer_hash: source.security_answer_hash,
        })
        .returning();
      if (verify) await sendVerifyMail(tx, env, row);
      return row;
    });
  } catch (error) {
    const again = await existing();
    if (again) return again;
    if (uniqueViolation(error)) throw conflict();
    throw error;
  }
}

/**
 * This channel's member logs in as for login; otherwise a registered member of another channel,
 * checked against that member's password and lockout, is logged in here as the linked member.
 */
export async function loginSyncChannel(
  db: Db,
  env: ApiEnv,
  channelId: string,
  creds: Credentials & { school_key?: string | null },
  client: ClientInfo,
): Promise<Session> {
  const { school_key, ...credentials } = creds;
  if (await findMember(db, channelId, credentials.username)) return login(db, env, channelId, credentials, client);
  const source = await findMemberElsewhere(db, channelId, credentials.username);
  if (!source) return login(db, env, channelId, credentials, client); // the unknown-name path, same answers
  const verified = await authenticate(db, env, channelId, credentials, client, async () => source);
  return completeLogin(db, env, await linkedMember(db, env, channelId, verified, school_key), client);
}
