/**
 * POST /v1/users: registration, logged in at once; with first-login verification on, unregistered
 * until the mailed link is opened. There an address a member already uses is not refused: the
 * unregistered member is created all the same (the answer is the same as for a new address and logs
 * nobody in) and the address gets the email_taken mail instead of the link, so the answer tells
 * nobody whether the address is a member's. Login IDs, public names, are refused when taken.
 */

import { type RegisterRequest, TOKEN_TTL } from '#contracts/account.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user_addresses, users } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import {
  ACCOUNT_LIMITS,
  accountLimitKeys,
  channelSetting,
  enforce,
  mailMember,
  memberName,
  shopName,
  siteLink,
  VERIFY_EMAIL_SETTING,
} from '../account/common.ts';
import { emailTakenMail, emailVerifyMail, welcomeMail } from '../account/mails.ts';
import { type ClientInfo, issueSession, type Session } from '../auth/index.ts';
import { hashAnswer, hashPassword } from '../passwords/index.ts';
import { kdfPool } from '../passwords/kdf/pool.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { registrationSchool } from '../schools/index.ts';
import { issueToken, revokeTokens } from '../tokens/index.ts';
import { assertFree, dropUnverified, emailOwner, mapTaken } from './duplicates.ts';

type Conn = Db | Tx;

/** The KDF pool of this configuration (the one login uses). */
export const poolOf = (env: ApiEnv) => kdfPool({ concurrency: env.KDF_CONCURRENCY, queueMax: env.KDF_QUEUE_MAX });

/** Whether the channel makes new members confirm their e-mail address first. */
export async function verifiesEmail(conn: Conn, channelId: string): Promise<boolean> {
  return (await channelSetting(conn, channelId, VERIFY_EMAIL_SETTING)) === true;
}

/**
 * Mails a new verification link (older links of the member stop working); when a registered member
 * already holds the address, the email_taken mail (the ways to the reminders) goes to it instead.
 */
export async function sendVerifyMail(tx: Conn, env: ApiEnv, user: UserRow) {
  await revokeTokens(tx, user.id, ['email_verify']);
  const owner = await emailOwner(tx, user.channel_id, user.email, user.id);
  if (owner) {
    const text = emailTakenMail(
      { siteName: await shopName(tx, user.channel_id), name: memberName(owner) },
      siteLink(env, '/reminder/'),
      siteLink(env, '/reminder/username/'),
    );
    await mailMember(tx, owner, 'email_taken', text);
    return;
  }
  // The address is kept with the token: a link mailed to an address the member has since changed is void.
  const token = await issueToken(tx, user.id, 'email_verify', TOKEN_TTL.emailVerify, { data: { email: user.email.toLowerCase() } });
  const text = emailVerifyMail(
    { siteName: await shopName(tx, user.channel_id), name: memberName(user) },
    siteLink(env, '/verify/email/', token.secret),
  );
  await mailMember(tx, user, 'email_verify', text);
}

/** Mails the registration-complete notice. */
export async function sendWelcomeMail(tx: Conn, env: ApiEnv, user: UserRow) {
  const text = welcomeMail(
    { siteName: await shopName(tx, user.channel_id), name: memberName(user), username: user.username },
    siteLink(env, '/login/'),
  );
  await mailMember(tx, user, 'welcome', text);
}

/** Registers a member (and their first address), mails the link or the welcome, and opens a session. */
export async function registerMember(
  db: Db,
  env: ApiEnv,
  channel: ChannelRow,
  input: RegisterRequest,
  client: ClientInfo,
): Promise<Session> {
  if (client.ip) await enforce(rateLimitStore(db, env), accountLimitKeys.register(client.ip), ACCOUNT_LIMITS.registerPerAddress);
  const verify = await verifiesEmail(db, channel.id);
  // Where the address is verified first, only the login ID may be answered as taken (see above).
  await assertFree(db, channel.id, verify ? { username: input.username } : { username: input.username, email: input.email });
  // The school shop's members register with their school's key (SITE.SCHOOL_KEY_REQUIRED); its school is stored.
  const school = await registrationSchool(db, channel.id, input.school_key);
  const pool = poolOf(env);
  const [password_hash, security_answer_hash] = await Promise.all([
    hashPassword(input.password, pool),
    hashAnswer(input.security_answer, pool),
  ]);
  const now = new Date();
  const user = await mapTaken(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          channel_id: channel.id,
          username: input.username,
          email: input.email,
          password_hash,
          last_name: input.last_name,
          first_name: input.first_name,
          last_name_kana: input.last_name_kana,
          first_name_kana: input.first_name_kana,
          school,
          phone_number: input.phone_number || null,
          cell_phone_number: input.cell_phone_number || null,
          gender: input.gender ?? null,
          birthday: input.birthday ?? null,
          newsletter: input.newsletter,
          security_question_ct: input.security_question_ct,
          security_answer_hash,
          is_registered_member: !verify,
          password_changed_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (input.address) {
        await tx.insert(user_addresses).values({
          user_id: row.id,
          division_ct: 1,
          name: '',
          shipping_name: `${row.last_name} ${row.first_name}`,
          last_name: row.last_name,
          first_name: row.first_name,
          last_name_kana: row.last_name_kana,
          first_name_kana: row.first_name_kana,
          postal_code: input.address.postal_code,
          prefecture: input.address.prefecture,
          city: input.address.city,
          address1: input.address.address1,
          address2: input.address.address2 ?? '',
          phone_number: row.phone_number,
          cell_phone_number: row.cell_phone_number,
          is_default: true,
        });
      }
      if (verify) await sendVerifyMail(tx, env, row);
      else {
        // Registered at once: unverified registrations of the address (from when the setting was on) go.
        await dropUnverified(tx, channel.id, row.email, row.id);
        await sendWelcomeMail(tx, env, row);
      }
      return row;
    }),
  );
  return issueSession(db, env, user);
}
