/**
 * Issue 21 §8, mail flooding: whatever a client does, one mailbox gets at most
 * MAIL_PER_MAILBOX_PER_HOUR (5) of the mails a client can trigger in an hour; plus-addresses are the
 * same mailbox; a mail over the cap is dropped without changing the answer; order mails are not capped.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox_emails } from '../../api/src/db/schema/index.ts';
import { mailboxKey } from '../../api/src/lib/mailbox.ts';
import { queueMail } from '../../api/src/services/mail/index.ts';
import { registration, run } from './account-support.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** Mails queued to any spelling of the mailbox `local@domain` (its plus-addresses and case included). */
async function mailsToMailbox(local: string, domain: string) {
  const rows = await shop.database.db
    .select({ to: outbox_emails.to_address, template: outbox_emails.template })
    .from(outbox_emails)
    .where(sql`lower(${outbox_emails.to_address}) like ${`${local}%@${domain}`}`);
  return rows.filter((r) => mailboxKey(r.to) === `${local}@${domain}`);
}

describe('mailboxKey', () => {
  it('folds case, width and a +tag of the local part, and nothing else', () => {
    expect(mailboxKey('A+1@Example.JP')).toBe('a@example.jp');
    expect(mailboxKey(' ａ+shop+x@example.jp ')).toBe('a@example.jp');
    expect(mailboxKey('a.b@example.jp')).toBe('a.b@example.jp');
    expect(mailboxKey('a@sub+x.example.jp')).toBe('a@sub+x.example.jp');
  });
});

describe('at most a handful of mails an hour to one mailbox', () => {
  it('20 registrations with a+1..a+20@ send 5 verification mails, each answered like the first', async () => {
    const id = run();
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await shop.request('POST', '/v1/users', {
        body: registration(`flood${i}${id}`, { email: `flood${id}+${i}@example.jp` }),
      });
      statuses.push(res.status);
    }
    expect(new Set(statuses).size).toBe(1);
    expect(statuses[0]).toBeLessThan(300);
    expect(await mailsToMailbox(`flood${id}`, 'example.jp')).toHaveLength(5);
  });

  it('counts every kind a client triggers together, and never caps order mails', async () => {
    const id = run();
    const to = (i: number) => `Mix${id}+${i}@Example.jp`;
    for (const [i, template] of [
      'restock',
      'inquiry_ack',
      'reminder_password',
      'unlock',
      'email_verify',
      'restock',
      'catalog_order_ack',
    ].entries()) {
      await queueMail(shop.database.db, { channelId: 'default', to: to(i), template, subject: 's', body: 'b' });
    }
    for (let i = 0; i < 7; i++)
      await queueMail(shop.database.db, { channelId: 'default', to: to(i), template: 'order_confirmation', subject: 's', body: 'b' });
    const rows = await mailsToMailbox(`mix${id}`, 'example.jp');
    expect(rows.filter((r) => r.template !== 'order_confirmation').map((r) => r.template)).toEqual([
      'restock',
      'inquiry_ack',
      'reminder_password',
      'unlock',
      'email_verify',
    ]);
    expect(rows.filter((r) => r.template === 'order_confirmation')).toHaveLength(7);
  });

  it('a mail in a transaction that rolls back does not count', async () => {
    const id = run();
    await shop.database.db
      .transaction(async (tx) => {
        for (let i = 0; i < 5; i++)
          await queueMail(tx, { channelId: 'default', to: `rb${id}@example.jp`, template: 'restock', subject: 's', body: 'b' });
        tx.rollback();
      })
      .catch(() => {});
    for (let i = 0; i < 5; i++)
      expect(
        await queueMail(shop.database.db, { channelId: 'default', to: `rb${id}@example.jp`, template: 'restock', subject: 's', body: 'b' }),
      ).not.toBeNull();
    expect(
      await queueMail(shop.database.db, { channelId: 'default', to: `rb${id}@example.jp`, template: 'restock', subject: 's', body: 'b' }),
    ).toBeNull();
  });

  it.skipIf(!onPostgres)('holds when 30 mails to one mailbox are queued at once (PostgreSQL)', async () => {
    const id = run();
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        shop.database.db.transaction((tx) =>
          queueMail(tx, { channelId: 'default', to: `par${id}+${i}@example.jp`, template: 'email_verify', subject: 's', body: 'b' }),
        ),
      ),
    );
    expect(ids.filter((x) => x !== null)).toHaveLength(5);
    expect(await mailsToMailbox(`par${id}`, 'example.jp')).toHaveLength(5);
  });
});
