/** What the account flows share: mails to a member, links into the storefront, settings, rate limits. */
import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { queueMail, siteName } from '../mail/index.ts';
import type { Limit } from '../rate-limit/index.ts';

export { enforce, type Limit, TOO_MANY_REQUESTS_MESSAGE } from '../rate-limit/index.ts';

import type { MailText } from './mails.ts';

type Conn = Db | Tx;

/** How a mail addresses the member: the full name, else the login ID. */
export const memberName = (u: Pick<UserRow, 'last_name' | 'first_name' | 'username'>) =>
  `${u.last_name} ${u.first_name}`.trim() || u.username;

/** A storefront link with a token: `${SITE_URL}${path}?token=…` (path with its trailing slash). */
export function siteLink(env: Pick<ApiEnv, 'SITE_URL'>, path: string, token?: string): string {
  const url = new URL(path, env.SITE_URL.endsWith('/') ? env.SITE_URL : `${env.SITE_URL}/`);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

/** The channel's shop name for mails (SITE.NAME, else the channel's name). */
export const shopName = (conn: Conn, channelId: string) => siteName(conn, channelId, '');

/** Queues one account mail to the member (nothing when the member has no address). */
export async function mailMember(conn: Conn, user: Pick<UserRow, 'channel_id' | 'email'>, template: string, text: MailText): Promise<void> {
  if (!user.email) return;
  await queueMail(conn, { channelId: user.channel_id, to: user.email, template, subject: text.subject, body: text.body });
}

/** A channel setting's stored value (public or private), or undefined. */
export async function channelSetting(conn: Conn, channelId: string, key: string): Promise<unknown> {
  const [row] = await conn
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), eq(settings.key, key)))
    .limit(1);
  return row?.value;
}

/** PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE: new members confirm their address first. */
export const VERIFY_EMAIL_SETTING = 'PLUGIN.VERIFY_EMAIL_WHEN_LOGIN_AT_THE_FIRST_TIME.IS_USE';
/** AUTH.PASSWORD_EXPIRE_DAYS (private setting, number; 0 or unset: passwords never expire). */
export const PASSWORD_EXPIRE_SETTING = 'AUTH.PASSWORD_EXPIRE_DAYS';

/**
 * Rate limits of the account calls (fixed windows in the shared store). Per address where a client
 * address is known; per member, e-mail or token where the call names one, so a spread-out attack on
 * one account is bounded too.
 */
export const ACCOUNT_LIMITS = {
  registerPerAddress: { limit: 20, windowSeconds: 3600 },
  verifyMailPerMember: { limit: 5, windowSeconds: 3600 },
  reminderPerAddress: { limit: 20, windowSeconds: 3600 },
  reminderPerEmail: { limit: 5, windowSeconds: 3600 },
  /** Wrong security answers per member before the reset is refused for the window. */
  answerPerMember: { limit: 5, windowSeconds: 3600 },
  dummyPerAddress: { limit: 20, windowSeconds: 3600 },
  schoolPerAddress: { limit: 30, windowSeconds: 300 },
  /** Password checks of the withdrawal (each costs a scrypt), per member. */
  withdrawPerMember: { limit: 10, windowSeconds: 300 },
} as const satisfies Record<string, Limit>;

export const accountLimitKeys = {
  register: (ip: string) => `register:ip:${ip}`,
  verifyMail: (userId: number) => `email-verify:user:${userId}`,
  reminderAddress: (ip: string) => `reminder:ip:${ip}`,
  reminderEmail: (channelId: string, email: string) => `reminder:email:${channelId}:${email.normalize('NFKC').trim().toLowerCase()}`,
  answer: (userId: number) => `reminder:answer:${userId}`,
  code: (tokenId: number) => `login-code:${tokenId}`,
  dummy: (ip: string) => `dummy:ip:${ip}`,
  school: (ip: string) => `school:ip:${ip}`,
  withdraw: (userId: number) => `withdraw:user:${userId}`,
};

/** Waits until `ms` have passed since `start`, so an answer's timing does not tell which branch ran. */
export async function padTo(start: number, ms: number): Promise<void> {
  const left = start + ms - performance.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}
