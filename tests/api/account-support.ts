/** Shared by the account-*.test.ts files: mails from the outbox, tokens from their links, members, cookies. */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApp } from '../../api/src/app.ts';
import { outbox_emails, users } from '../../api/src/db/schema/index.ts';
import { readEnv } from '../../api/src/env.ts';
import { hashAnswer, hashPassword } from '../../api/src/services/passwords/index.ts';
import type { TestShop } from './helpers.ts';

/** A suffix unique to this run: names are counted in rate-limit stores that outlive a test database on Redis. */
export const run = () => randomBytes(4).toString('hex');

/** The newest mail of `template` to `to`, or undefined. */
export async function lastMail(shop: TestShop, to: string, template: string) {
  const [row] = await shop.database.db
    .select()
    .from(outbox_emails)
    .where(and(eq(outbox_emails.to_address, to), eq(outbox_emails.template, template)))
    .orderBy(desc(outbox_emails.id))
    .limit(1);
  return row;
}

/** Every mail to `to` (oldest first). */
export async function mailsTo(shop: TestShop, to: string) {
  return shop.database.db.select().from(outbox_emails).where(eq(outbox_emails.to_address, to)).orderBy(outbox_emails.id);
}

/** The token of the link to `path` in a mail body; the link stands on its own line under SITE_URL. */
export function linkToken(body: string, path: string): string {
  const line = body.split('\n').find((l) => l.startsWith('http') && new URL(l).pathname === path);
  expect(line, `a line with a link to ${path} in:\n${body}`).toBeDefined();
  const url = new URL(line!);
  expect(url.origin).toBe(new URL(readEnv().SITE_URL).origin);
  return url.searchParams.get('token')!;
}

/** The 6-digit code of a login_code mail. */
export function mailedCode(body: string): string {
  const m = body.match(/認証コード：(\d{6})/);
  expect(m, body).not.toBeNull();
  return m![1];
}

/** The `refresh_token` value from a response's Set-Cookie header, or null. */
export function refreshCookie(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  return header ? header.split(';')[0].slice('refresh_token='.length) : null;
}

let cachedHash: Promise<[string, string]> | null = null;
/** One scrypt per file: every member made here has the password 'right-pass-123' and the answer 'ポチ'. */
const hashes = () => (cachedHash ??= Promise.all([hashPassword('right-pass-123'), hashAnswer('ポチ')]));
export const MEMBER_PASSWORD = 'right-pass-123';

export interface MemberOptions {
  channel?: string;
  email?: string;
  mfa?: boolean;
  question?: boolean;
  registered?: boolean;
}

/** Inserts a member of `channel` (default) named `username`, e-mail `<username>@example.jp`. */
export async function createMember(shop: TestShop, username: string, opts: MemberOptions = {}) {
  const [password_hash, answer] = await hashes();
  const [u] = await shop.database.db
    .insert(users)
    .values({
      channel_id: opts.channel ?? 'default',
      username,
      email: opts.email ?? `${username}@example.jp`,
      password_hash,
      last_name: '試験',
      first_name: '花子',
      last_name_kana: 'シケン',
      first_name_kana: 'ハナコ',
      mfa_enabled: opts.mfa ?? false,
      is_registered_member: opts.registered ?? true,
      ...(opts.question === false ? {} : { security_question_ct: 1, security_answer_hash: answer }),
    })
    .returning();
  return u;
}

/** A second app over the same shop that believes X-Forwarded-For, for the per-address limits. */
export function appWithAddresses(shop: TestShop) {
  const app = createApp({ db: shop.database.db, env: shop.envWith({ TRUSTED_PROXIES: '127.0.0.1' }) });
  return (method: string, path: string, ip: string, body?: unknown, token?: string) =>
    Promise.resolve(
      app.request(
        path,
        {
          method,
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            'X-Channel-Id': 'default',
            'X-Forwarded-For': ip,
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      ),
    );
}

/** A registration body that passes validation. */
export function registration(username: string, overrides: Record<string, unknown> = {}) {
  return {
    username,
    password: 'new-pass-2026',
    email: `${username}@example.jp`,
    last_name: '鈴木',
    first_name: '一郎',
    last_name_kana: 'スズキ',
    first_name_kana: 'イチロウ',
    phone_number: null,
    cell_phone_number: '09011112222',
    newsletter: 1,
    gender: 1,
    birthday: '1990-05-06',
    security_question_ct: 2,
    security_answer: '田中',
    address: null,
    ...overrides,
  };
}
