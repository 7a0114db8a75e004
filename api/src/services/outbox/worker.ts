/**
 * The outbox worker: claims due mails (store.ts), sends each outside any transaction, and settles
 * it: sent, or failed with a backoff (retry.ts). Rows are never deleted. It polls every `pollMs`,
 * and `wake()` (called after queueMail through signal.ts) looks at once. Without SMTP_URL each mail
 * is logged (console.ts; component mail) and marked sent with last_error 'console'.
 */
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import { lineLogger } from '../../lib/log.ts';
import { consoleLines } from './console.ts';
import { RETRY_BASE_MS, RETRY_MAX_MS, retryDelayMs, shortError } from './retry.ts';
import { onMailQueued } from './signal.ts';
import { channelFrom, createSmtpSender, type MailFrom } from './smtp.ts';
import { type ClaimedMail, claimDue, markFailed, markSent, release } from './store.ts';

export interface OutboxWorkerOptions {
  db: Db;
  env: Pick<ApiEnv, 'SMTP_URL' | 'MAIL_FROM' | 'SITE_URL'> & Partial<Pick<ApiEnv, 'MAIL_POLL_MS'>>;
  /** Look for due mail this often (default env.MAIL_POLL_MS, else 1 s). */
  pollMs?: number;
  /** Mails claimed at a time. */
  batchSize?: number;
  /** How long a claim keeps other workers off a row. */
  lockMs?: number;
  /** First retry delay, doubled per failure up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Console mode's output (default: the log, component mail). */
  print?: (line: string) => void;
  /** Warnings: delivery failures and database trouble (default: the log, component mail). */
  warn?: (message: string) => void;
  /** Wake on queueMail in this process (default true). */
  listen?: boolean;
}

export interface OutboxWorker {
  /** Starts polling (and listening for queued mail). */
  start: () => void;
  /** Looks for due mail now. */
  wake: () => void;
  /** Stops for good: no new claim; a send in flight finishes and is recorded; claimed untried rows are released. */
  stop: () => Promise<void>;
  /** One claim-and-send round; the number of rows claimed (for tests and scripts). */
  runOnce: () => Promise<number>;
  /** 'smtp' or 'console'. */
  mode: 'smtp' | 'console';
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, env } = options;
  const pollMs = options.pollMs ?? env.MAIL_POLL_MS ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const lockMs = options.lockMs ?? 60_000;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? RETRY_MAX_MS;
  const print = options.print ?? lineLogger('mail');
  const warn = options.warn ?? lineLogger('mail', 'warn');
  const smtp = env.SMTP_URL ? createSmtpSender(env.SMTP_URL) : null;

  let started = false;
  let stopping = false;
  // stop() closes the transport: a stopped worker stays stopped.
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let unlisten = () => {};
  let lastDbError = '';

  async function deliver(mail: ClaimedMail, fromCache: Map<string | null, MailFrom>): Promise<void> {
    if (!smtp) {
      for (const line of consoleLines(mail)) print(line);
      await markSent(db, mail.id, 'console');
      return;
    }
    try {
      let from = fromCache.get(mail.channel_id);
      if (!from) {
        from = await channelFrom(db, mail.channel_id, env.MAIL_FROM, env.SITE_URL);
        fromCache.set(mail.channel_id, from);
      }
      await smtp.send(mail, from);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delay = retryDelayMs(attempts, retryBaseMs, retryMaxMs);
      const reason = shortError(error);
      warn(
        `[mail] outbox #${mail.id} to ${mail.to_address} failed (attempt ${attempts}, next in ${Math.round(delay / 1000)} s): ${reason}`,
      );
      await markFailed(db, mail.id, reason, delay);
      return;
    }
    await markSent(db, mail.id);
  }

  async function runOnce(): Promise<number> {
    const claimedAt = Date.now();
    const mails = await claimDue(db, batchSize, lockMs);
    const fromCache = new Map<string | null, MailFrom>();
    for (let i = 0; i < mails.length; i++) {
      // Stopping, or the claim is close to running out (another worker could take the rest): hand the rest back.
      if (stopping || Date.now() - claimedAt > lockMs * 0.75) {
        await release(
          db,
          mails.slice(i).map((m) => m.id),
        );
        break;
      }
      await deliver(mails[i], fromCache);
    }
    return mails.length;
  }

  /** Rounds until fewer than a batch was due; database errors are reported once until they change. */
  async function drain(): Promise<void> {
    try {
      while (!stopping && (await runOnce()) >= batchSize);
      lastDbError = '';
    } catch (error) {
      const reason = shortError(error);
      if (reason !== lastDbError) warn(`[mail] outbox worker: ${reason} (retrying)`);
      lastDbError = reason;
    }
  }

  function schedule(ms: number): void {
    if (!started || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
      const now = again;
      again = false;
      schedule(now ? 0 : pollMs);
    });
  }

  function wake(): void {
    if (!started || stopping) return;
    if (running) again = true;
    else schedule(0);
  }

  return {
    mode: smtp ? 'smtp' : 'console',
    start: () => {
      if (started || closed) return;
      started = true;
      stopping = false;
      if (options.listen !== false) {
        // On PostgreSQL the queueing transaction may not have committed yet: look again shortly after.
        unlisten = onMailQueued(() => {
          wake();
          setTimeout(wake, 200).unref();
        });
      }
      schedule(0);
    },
    wake,
    stop: async () => {
      stopping = true;
      closed = true;
      unlisten();
      clearTimeout(timer);
      await running;
      started = false;
      smtp?.close();
    },
    runOnce,
  };
}
