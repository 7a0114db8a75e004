/**
 * Memorial reminder e-mails (services/memorial-reminders/) on the real database, with a fixed clock:
 * a member who asked for 「お知らせメール」 is mailed 14 days before the day (Japan time), once a year,
 * 2月29日 on 2月28日 in a non-leap year, never twice when sweeps run at once, never to a withdrawn
 * or undeliverable member. Each test uses its own month, so one test's sweep never sees another's days.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox_emails, user_memorials, users } from '../../api/src/db/schema/index.ts';
import { tokyoToday } from '../../api/src/services/memorial-reminders/dates.ts';
import { remindMemorials } from '../../api/src/services/memorial-reminders/index.ts';
import { startMaintenance } from '../../api/src/services/product-requests/restock-watcher.ts';
import { createMember, MEMBER_PASSWORD, run } from './account-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const DAYS = 14;
/** A sweep as the maintenance timers run it, at `jst` (ISO local time in Japan). */
const sweep = (jst: string) =>
  remindMemorials(shop.database.db, { siteUrl: shop.env.SITE_URL, daysBefore: DAYS, now: new Date(`${jst}+09:00`) });

const reminders = (to: string) =>
  shop.database.db
    .select()
    .from(outbox_emails)
    .where(and(eq(outbox_emails.template, 'memorial_reminder'), eq(outbox_emails.to_address, to)))
    .orderBy(outbox_emails.id);

type MemorialValues = Partial<typeof user_memorials.$inferInsert> & { month: number; date: number };
async function memorial(userId: number, v: MemorialValues) {
  const [row] = await shop.database.db
    .insert(user_memorials)
    .values({
      user_id: userId,
      target_user_name: '山田 花子',
      division_ct: 1,
      name: '母の誕生日',
      call: true,
      ...v,
    })
    .returning();
  return row;
}

const reminded = async (memorialId: number) =>
  (await shop.database.db.select().from(user_memorials).where(eq(user_memorials.id, memorialId)))[0]?.reminded_for_year ?? null;

describe('memorial reminder e-mails', () => {
  it("mails a day 1–14 days away in Japan time, in the member's channel, with links to the shop and the memorial page", async () => {
    const m = await createMember(shop, `remmay${id}`);
    const due = await memorial(m.id, { month: 5, date: 15 });
    const tooFar = await memorial(m.id, { month: 5, date: 16, name: '父の誕生日', target_user_name: '山田 太郎' });
    const notWanted = await memorial(m.id, { month: 5, date: 10, call: false });

    // 23:59 on 4月30日 in Japan (14:59 UTC): 5月15日 is still 15 days away.
    await sweep('2026-04-30T23:59:00');
    expect(await reminders(m.email)).toHaveLength(0);
    // The day itself is too late for a gift: never reminded on the day.
    const today = await memorial(m.id, { month: 5, date: 1, name: '開店記念日', division_ct: 3 });

    // 00:30 on 5月1日 in Japan, still 4月30日 in UTC.
    await sweep('2026-05-01T00:30:00');
    const mails = await reminders(m.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.channel_id).toBe('default');
    expect(mail.subject).toBe('【Maison Kiyora】山田 花子様のお誕生日まであと14日です');
    expect(mail.body).toContain('試験 花子 様');
    expect(mail.body).toContain('記念日名：母の誕生日');
    expect(mail.body).toContain('日付：2026.05.15（金）');
    const lines = mail.body.split('\n');
    const site = new URL(shop.env.SITE_URL);
    expect(lines).toContain(new URL('/', site).toString());
    expect(lines).toContain(new URL('/mypage/memorial/', site).toString());

    expect(await reminded(due.id)).toBe(2026);
    expect(await reminded(tooFar.id)).toBeNull();
    expect(await reminded(today.id)).toBeNull();
    expect(await reminded(notWanted.id)).toBeNull();
  });

  it('mails once per year: a second sweep the same year sends nothing, the next year mails again', async () => {
    const m = await createMember(shop, `remjul${id}`);
    const day = await memorial(m.id, { month: 7, date: 20, division_ct: 2, name: '結婚記念日', target_user_name: '山田 一郎' });
    expect(await sweep('2026-07-06T09:00:00')).toBeGreaterThanOrEqual(1);
    expect(await sweep('2026-07-06T10:00:00')).toBe(0);
    await sweep('2026-07-15T09:00:00');
    const first = await reminders(m.email);
    expect(first).toHaveLength(1);
    expect(first[0].subject).toBe('【Maison Kiyora】山田 一郎様の結婚記念日まであと14日です');

    await sweep('2027-07-06T09:00:00');
    const both = await reminders(m.email);
    expect(both).toHaveLength(2);
    expect(both[1].body).toContain('日付：2027.07.20（火）');
    expect(await reminded(day.id)).toBe(2027);
  });

  it('a day registered inside the window is mailed at the next sweep with the days actually left', async () => {
    const m = await createMember(shop, `remaug${id}`);
    await memorial(m.id, { month: 8, date: 5, division_ct: 3, name: '入学記念日', target_user_name: '山田 健' });
    await sweep('2026-07-31T12:00:00');
    const [mail] = await reminders(m.email);
    expect(mail.subject).toBe('【Maison Kiyora】山田 健様の入学記念日まであと5日です');
  });

  it('2月29日 is reminded for 2月28日 in a non-leap year, and for 2月29日 in a leap year', async () => {
    const m = await createMember(shop, `remfeb${id}`);
    const leapDay = await memorial(m.id, { month: 2, date: 29 });
    await sweep('2027-02-14T09:00:00');
    const [mail2027] = await reminders(m.email);
    expect(mail2027.subject).toContain('あと14日です');
    expect(mail2027.body).toContain('日付：2027.02.28（日）');
    expect(mail2027.body).toContain('2月29日の記念日です');
    expect(await reminded(leapDay.id)).toBe(2027);

    // 2028 is a leap year: 2月28日 brings nothing for it, 2月29日 is 15 days after 2月14日.
    await sweep('2028-02-14T09:00:00');
    expect(await reminders(m.email)).toHaveLength(1);
    await sweep('2028-02-15T09:00:00');
    const mails = await reminders(m.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].body).toContain('日付：2028.02.29（火）');
    expect(mails[1].body).not.toContain('の記念日です。今年は');
  });

  it('two sweeps at once (two API processes) queue one mail per memorial', async () => {
    const members = await Promise.all([1, 2, 3].map((n) => createMember(shop, `remsep${n}${id}`, n === 3 ? { channel: 'outlet' } : {})));
    const made = [];
    for (const m of members) for (const date of [20, 21]) made.push(await memorial(m.id, { month: 9, date }));
    const counts = await Promise.all(Array.from({ length: 4 }, () => sweep('2026-09-10T09:00:00')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(made.length);
    for (const m of members) expect(await reminders(m.email)).toHaveLength(2);
    const [outlet] = await reminders(members[2].email);
    expect(outlet.channel_id).toBe('outlet');
    expect(outlet.subject).toMatch(/^【Maison Kiyora OUTLET】/);
  });

  it('never mails a withdrawn member, one erased by hand or one whose address bounced; a fixed address is mailed later', async () => {
    const withdrawn = await createMember(shop, `remnov1${id}`);
    const login = await shop.request('POST', '/v1/auth/login', { body: { username: withdrawn.username, password: MEMBER_PASSWORD } });
    const token = (await login.json()).access_token as string;
    expect(
      (
        await shop.request('POST', '/v1/me/user-memorials', {
          token,
          body: { target_user_name: '山田 花子', division_ct: 1, name: '母の誕生日', month: 11, date: 20, call: true },
        })
      ).status,
    ).toBe(201);
    expect((await shop.request('DELETE', '/v1/me/user', { token, body: { password: MEMBER_PASSWORD } })).status).toBe(204);

    const erased = await createMember(shop, `remnov2${id}`);
    const erasedDay = await memorial(erased.id, { month: 11, date: 20 });
    await shop.database.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, erased.id));

    const bounced = await createMember(shop, `remnov3${id}`);
    const bouncedDay = await memorial(bounced.id, { month: 11, date: 20 });
    await shop.database.db.update(users).set({ mail_error_count: 3 }).where(eq(users.id, bounced.id));

    await sweep('2026-11-10T09:00:00');
    for (const m of [withdrawn, erased, bounced]) expect(await reminders(m.email)).toHaveLength(0);
    expect(await reminded(erasedDay.id)).toBeNull();
    expect(await reminded(bouncedDay.id)).toBeNull();

    await shop.database.db.update(users).set({ mail_error_count: 0 }).where(eq(users.id, bounced.id));
    await sweep('2026-11-11T09:00:00');
    const [mail] = await reminders(bounced.email);
    expect(mail.subject).toContain('あと9日です');
    expect(await reminders(erased.email)).toHaveLength(0);
  });

  it('moving a reminded day to another date reminds of the new day; renaming it does not', async () => {
    const m = await createMember(shop, `remoct${id}`);
    const login = await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } });
    const token = (await login.json()).access_token as string;
    const body = { target_user_name: '山田 花子', division_ct: 1, name: '母の誕生日', month: 10, date: 10, call: true };
    const made = await (await shop.request('POST', '/v1/me/user-memorials', { token, body })).json();
    await sweep('2026-09-28T09:00:00');
    expect(await reminders(m.email)).toHaveLength(1);

    expect((await shop.request('PUT', `/v1/me/user-memorials/${made.id}`, { token, body: { ...body, name: '母の還暦' } })).status).toBe(
      200,
    );
    expect(await reminded(made.id)).toBe(2026);
    await sweep('2026-09-29T09:00:00');
    expect(await reminders(m.email)).toHaveLength(1);

    expect((await shop.request('PUT', `/v1/me/user-memorials/${made.id}`, { token, body: { ...body, date: 12 } })).status).toBe(200);
    expect(await reminded(made.id)).toBeNull();
    await sweep('2026-09-29T10:00:00');
    const mails = await reminders(m.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].body).toContain('日付：2026.10.12（月）');
  });

  it("the maintenance timers' runOnce sweeps too and reports the mails queued", async () => {
    const m = await createMember(shop, `remnow${id}`);
    const today = tokyoToday(new Date());
    const soon = new Date(Date.UTC(today.year, today.month - 1, today.date + 5));
    await memorial(m.id, { month: soon.getUTCMonth() + 1, date: soon.getUTCDate() });
    const maintenance = startMaintenance(shop.database.db, { ...shop.env, RESTOCK_SCAN_INTERVAL_MS: 0 }, () => {});
    const result = await maintenance.runOnce();
    await maintenance.stop();
    expect(shop.env.MEMORIAL_REMINDER_DAYS).toBe(14);
    expect(result.memorialReminders).toBeGreaterThanOrEqual(1);
    expect((await reminders(m.email))[0].subject).toContain('あと5日です');
  });
});
