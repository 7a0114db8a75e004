/**
 * An SMTP server that keeps what it receives, for tests: no authentication, no TLS, every message
 * decoded (mime.ts) and written as one JSON file `<dir>/<timestamp>-<n>.json`
 * ({ to, from, subject, text, receivedAt }) for tests/e2e/support/mailbox.ts to read.
 * Run on its own (`node tests/support/smtp-capture.ts --port 5441 --dir .data/e2e-4441/mail`) it
 * empties the folder first and serves until SIGTERM/SIGINT: playwright.config.ts starts it so.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { decodeMessage } from './mime.ts';

/** One received mail as stored. */
export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  receivedAt: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port> */
  url: string;
  close: () => Promise<void>;
}

export interface SmtpCaptureOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Where each message is written (created when missing); default `.data/smtp-capture`. */
  dir?: string;
  /** Called with each stored mail as well. */
  onMail?: (mail: CapturedMail) => void;
}

/** Starts the capture on 127.0.0.1; resolves once it listens. */
export async function startSmtpCapture(opts: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const dir = resolve(opts.dir ?? '.data/smtp-capture');
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    // A pooled client keeps its connection open: close() cuts it after a second instead of 30.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const message = decodeMessage(Buffer.concat(chunks).toString('utf8'));
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: message.from,
            subject: message.subject,
            text: message.text,
            receivedAt: new Date().toISOString(),
          };
          n += 1;
          // Timestamp first so a plain name sort is arrival order; n separates mails of one millisecond.
          const file = join(dir, `${Date.now()}-${String(n).padStart(4, '0')}.json`);
          // Written aside and renamed: a reader polling the folder never sees a half-written file.
          writeFileSync(`${file}.tmp`, JSON.stringify(mail, null, 2));
          renameSync(`${file}.tmp`, file);
          opts.onMail?.(mail);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolvePromise());
  });
  server.on('error', (e: Error) => console.error(`[smtp-capture] ${e.message}`));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolvePromise) => server.close(() => resolvePromise())),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
  const dir = values.dir ?? '.data/smtp-capture';
  rmSync(dir, { recursive: true, force: true });
  const capture = await startSmtpCapture({ port: Number(values.port ?? 2525), dir });
  console.log(`[smtp-capture] listening at ${capture.url}, writing to ${dir}`);
  const stop = () => {
    void capture.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
