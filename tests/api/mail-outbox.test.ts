/**
 * The mail outbox worker against a real SMTP server (smtp-server on an ephemeral port) and a real
 * shop database: delivery with the channel's From and UTF-8 Japanese that round-trips, retries with
 * backoff, two workers never sending one row twice, console mode, and a clean stop.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../api/src/db/client.ts';
import { outbox_emails, settings } from '../../api/src/db/schema/index.ts';
import { queueMail } from '../../api/src/services/mail/index.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from '../../api/src/services/outbox/index.ts';
import { decodeMessage } from '../support/mime.ts';
import { startSmtpCapture } from '../support/smtp-capture.ts';
import { createTestShop, onPostgres, type TestShop } from './helpers.ts';

/** queueMail's row id (none of these mails reaches the per-mailbox cap). */
const queue = async (...args: Parameters<typeof queueMail>) => (await queueMail(...args))!;

interface Received {
  to: string[];
  mailFrom: string;
  raw: string;
  at: number;
}

interface TestSmtp {
  url: string;
  received: Received[];
  /** When each DATA command arrived (accepted or refused). */
  attempts: number[];
  close: () => Promise<void>;
}

/** A real SMTP server: refuses the first `refuse` messages with 451, answers each DATA after `delayMs`. */
async function smtpServer(opts: { refuse?: number; delayMs?: number } = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  const attempts: number[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      attempts.push(Date.now());
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const answer = () => {
          if (refused < (opts.refuse ?? 0)) {
            refused += 1;
            return callback(Object.assign(new Error('4.3.0 Mailbox busy, try again later'), { responseCode: 451 }));
          }
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            raw: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
          });
          callback();
        };
        if (opts.delayMs) setTimeout(answer, opts.delayMs);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, attempts, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let shop: TestShop;
const workers: OutboxWorker[] = [];
const servers: TestSmtp[] = [];

type WorkerOptions = Partial<Omit<OutboxWorkerOptions, 'env'>> & { env?: Partial<OutboxWorkerOptions['env']> };

function worker(opts: WorkerOptions = {}): OutboxWorker {
  const w = createOutboxWorker({
    db: shop.database.db,
    warn: () => {},
    ...opts,
    env: { SITE_URL: 'http://localhost:4441', SMTP_URL: undefined, MAIL_FROM: undefined, ...opts.env },
  });
  workers.push(w);
  return w;
}

async function server(opts: { refuse?: number; delayMs?: number } = {}): Promise<TestSmtp> {
  const s = await smtpServer(opts);
  servers.push(s);
  return s;
}

async function row(id: number) {
  const [r] = await shop.database.db
    .select({
      sent_at: outbox_emails.sent_at,
      attempts: outbox_emails.attempts,
      last_error: outbox_emails.last_error,
      locked_until: outbox_emails.locked_until,
      due_later: sql<boolean>`${outbox_emails.next_attempt_at} > now()`,
    })
    .from(outbox_emails)
    .where(eq(outbox_emails.id, id));
  return r;
}

const subject = '【Maison Kiyora】メールアドレスのご確認';
const body = [
  '山田 太郎 様',
  '',
  '会員登録ありがとうございます。以下のURLからメールアドレスの認証を完了してください。',
  'http://localhost:4441/verify/email?token=Zx9_-abc',
  '有効期限は24時間です。お心当たりのない場合は、このメールを破棄してください。',
  '¥1,234（税込）〒150-0001 東京都渋谷区神宮前１丁目',
].join('\n');

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});
// Each test sees only its own mail: anything left unsent by an earlier one is set aside.
beforeEach(async () => {
  await shop.database.db
    .update(outbox_emails)
    .set({ sent_at: sql`now()`, last_error: 'test cleanup' })
    .where(isNull(outbox_emails.sent_at));
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('SMTP delivery', () => {
  it('delivers a queued mail at once (wake) with the channel From, To and UTF-8 Japanese that round-trips', async () => {
    const smtp = await server();
    // A long poll: only queueMail's wake can make it this fast.
    const w = worker({ env: { SMTP_URL: smtp.url }, pollMs: 60_000 });
    w.start();
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const id = await queue(shop.database.db, { channelId: 'default', to: 'taro@example.jp', template: 'email_verify', subject, body });
    await until(() => smtp.received.length === 1, 5000, 'delivery');
    expect(Date.now() - started).toBeLessThan(3000);

    const [mail] = smtp.received;
    expect(mail.to).toEqual(['taro@example.jp']);
    expect(mail.mailFrom).toBe('shop@example.jp');
    // Headers are 7-bit: the subject as RFC 2047 UTF-8 words, the body declared UTF-8.
    const head = mail.raw.slice(0, mail.raw.search(/\r\n\r\n/));
    expect(head).not.toMatch(/[^\x00-\x7f]/);
    expect(head).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(head).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(head).toMatch(/^From: "?Maison Kiyora"? <shop@example\.jp>/m);
    expect(head).toMatch(/^To: taro@example\.jp/m);
    expect(head).toMatch(new RegExp(`^Message-ID: <outbox-${id}-\\d+@example\\.jp>`, 'm'));
    const decoded = decodeMessage(mail.raw);
    expect(decoded.subject).toBe(subject);
    expect(decoded.text).toBe(body);

    await until(async () => (await row(id)).sent_at !== null, 5000, 'sent_at');
    expect(await row(id)).toMatchObject({ attempts: 0, last_error: null, locked_until: null });
  });

  it("encodes a Japanese sender name from the channel's settings, and MAIL_FROM overrides the settings", async () => {
    await shop.database.db
      .update(settings)
      .set({ value: 'メゾン キヨラ アウトレット' })
      .where(and(eq(settings.channel_id, 'outlet'), eq(settings.key, 'MAIL.FROM_NAME')));
    const smtp = await server();
    await queue(shop.database.db, { channelId: 'outlet', to: 'a@example.jp', template: 't', subject: 'アウトレット', body: '本文' });
    await worker({ env: { SMTP_URL: smtp.url }, listen: false }).runOnce();
    // nodemailer folds the long encoded name onto a continuation line.
    const from = /^From: (.*)$/m.exec(smtp.received[0].raw.replace(/\r\n[ \t]+/g, ' '))![1];
    expect(from).toMatch(/^=\?UTF-8\?[BQ]\?.*\?= <shop@example\.jp>$/);
    expect(decodeMessage(smtp.received[0].raw).from).toBe('メゾン キヨラ アウトレット <shop@example.jp>');

    await queue(shop.database.db, { channelId: 'outlet', to: 'b@example.jp', template: 't', subject: 'x', body: 'y' });
    await worker({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shop Desk <desk@shop.example>' }, listen: false }).runOnce();
    expect(smtp.received[1].raw).toMatch(/^From: Shop Desk <desk@shop\.example>/m);
    expect(smtp.received[1].mailFrom).toBe('desk@shop.example');
  });

  it('is stored by the SMTP capture of the browser tests as decoded JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smtp-capture-'));
    const capture = await startSmtpCapture({ dir });
    try {
      const id = await queue(shop.database.db, { channelId: 'default', to: 'hanako@example.jp', template: 'email_verify', subject, body });
      const w = worker({ env: { SMTP_URL: capture.url }, listen: false });
      await w.runOnce();
      await w.stop();
      expect((await row(id)).sent_at).not.toBeNull();
      const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{13}-\d{4}\.json$/);
      const stored = JSON.parse(readFileSync(join(dir, files[0]), 'utf8'));
      expect(stored).toMatchObject({ to: ['hanako@example.jp'], from: 'Maison Kiyora <shop@example.jp>', subject, text: body });
      expect(Date.parse(stored.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      const closing = Date.now();
      await capture.close();
      expect(Date.now() - closing).toBeLessThan(3000);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('retries', () => {
  it('records a refused attempt (4xx) and tries again after a growing backoff until delivered', async () => {
    const smtp = await server({ refuse: 2 });
    const id = await queue(shop.database.db, { channelId: 'default', to: 'retry@example.jp', template: 't', subject, body });
    const w = worker({ env: { SMTP_URL: smtp.url }, listen: false, pollMs: 20, retryBaseMs: 300 });

    expect(await w.runOnce()).toBe(1);
    const failed = await row(id);
    expect(failed).toMatchObject({ sent_at: null, attempts: 1, locked_until: null, due_later: true });
    expect(failed.last_error).toMatch(/451/);
    expect(failed.last_error).toMatch(/try again later/);
    // Not due before its backoff has passed.
    expect(await w.runOnce()).toBe(0);

    w.start();
    await until(() => smtp.received.length === 1, 10_000, 'delivery after retries');
    await until(async () => (await row(id)).sent_at !== null, 5000, 'sent_at');
    expect(await row(id)).toMatchObject({ attempts: 2, locked_until: null });
    // One delivery only, after three attempts spaced by about 300 ms and then 600 ms.
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts).toHaveLength(3);
    expect(smtp.attempts[1] - smtp.attempts[0]).toBeGreaterThanOrEqual(250);
    expect(smtp.attempts[2] - smtp.attempts[1]).toBeGreaterThanOrEqual(550);
    expect(decodeMessage(smtp.received[0].raw).subject).toBe(subject);
  });

  it('keeps a mail when no SMTP server answers, with the connection error recorded', async () => {
    const closed = await smtpServer();
    await closed.close();
    const id = await queue(shop.database.db, { channelId: 'default', to: 'down@example.jp', template: 't', subject: 's', body: 'b' });
    await worker({ env: { SMTP_URL: closed.url }, listen: false }).runOnce();
    const r = await row(id);
    expect(r).toMatchObject({ sent_at: null, attempts: 1, locked_until: null, due_later: true });
    expect(r.last_error).toMatch(/ECONNREFUSED/);
  });
});

describe('several workers', () => {
  // Meaningful on PostgreSQL (two pools, like two processes); PGlite serialises them anyway.
  it(`never send the same row twice (${onPostgres ? 'PostgreSQL, two pools' : 'PGlite'})`, async () => {
    const smtp = await server({ delayMs: 15 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        await queue(shop.database.db, {
          channelId: 'default',
          to: `m${i}@example.jp`,
          template: 't',
          subject: `件名 ${i}`,
          body: `本文 ${i}`,
        }),
      );
    }
    let second: Database | undefined;
    if (onPostgres) second = await openDatabase(shop.env.DATABASE_URL!);
    try {
      const a = worker({ env: { SMTP_URL: smtp.url }, listen: false, batchSize: 2 });
      const b = worker({ env: { SMTP_URL: smtp.url }, listen: false, batchSize: 2, db: second?.db ?? shop.database.db });
      const claimed = [0, 0];
      const drain = async (w: OutboxWorker, k: number) => {
        for (let n: number; (n = await w.runOnce()) > 0; ) claimed[k] += n;
      };
      await Promise.all([drain(a, 0), drain(b, 1)]);
      expect(claimed[0] + claimed[1]).toBe(20);
      if (onPostgres) expect(Math.min(...claimed)).toBeGreaterThan(0);
      const recipients = smtp.received.map((m) => m.to[0]).sort();
      expect(recipients).toHaveLength(20);
      expect(new Set(recipients).size).toBe(20);
      const rows = await shop.database.db
        .select({ sent_at: outbox_emails.sent_at })
        .from(outbox_emails)
        .where(inArray(outbox_emails.id, ids));
      expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await second?.close();
    }
  });
});

describe('console mode (no SMTP_URL)', () => {
  it('prints the subject and every link once, and marks the row sent with last_error console', async () => {
    const lines: string[] = [];
    const w = worker({ print: (l) => lines.push(l), listen: false });
    expect(w.mode).toBe('console');
    const id = await queue(shop.database.db, {
      channelId: 'default',
      to: 'taro@example.jp',
      template: 'email_verify',
      subject,
      body: `${body}\nhttps://example.jp/faq/`,
    });
    expect(await w.runOnce()).toBe(1);
    expect(lines).toEqual([
      `[mail] to taro@example.jp: ${subject}`,
      '  http://localhost:4441/verify/email?token=Zx9_-abc',
      '  https://example.jp/faq/',
    ]);
    const r = await row(id);
    expect(r.sent_at).not.toBeNull();
    expect(r).toMatchObject({ last_error: 'console', attempts: 0, locked_until: null });
    expect(await w.runOnce()).toBe(0);
    expect(lines).toHaveLength(3);
  });
});

describe('stop', () => {
  it('waits for the send in flight and records it before resolving', async () => {
    const smtp = await server({ delayMs: 700 });
    const w = worker({ env: { SMTP_URL: smtp.url }, pollMs: 20 });
    w.start();
    const id = await queue(shop.database.db, { channelId: 'default', to: 'slow@example.jp', template: 't', subject: 's', body: 'b' });
    await until(() => smtp.attempts.length === 1, 5000, 'the send to begin');
    const stopping = Date.now();
    await w.stop();
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(400);
    expect(smtp.received).toHaveLength(1);
    expect((await row(id)).sent_at).not.toBeNull();
    // Stopped for good: a later mail stays queued.
    const later = await queue(shop.database.db, { channelId: 'default', to: 'later@example.jp', template: 't', subject: 's', body: 'b' });
    await new Promise((r) => setTimeout(r, 200));
    expect((await row(later)).sent_at).toBeNull();
  });
});
