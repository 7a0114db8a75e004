/**
 * The mails the shop under test sent, as the SMTP capture stored them (tests/support/smtp-capture.ts,
 * started by playwright.config.ts on the shop's port + 1000, writing to .data/e2e-<port>/mail).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import type { CapturedMail } from '../../support/smtp-capture.ts';

export type Mail = CapturedMail;

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The capture folder of the shop the running test talks to (the same rule as playwright.config.ts:
 * `.data/e2e-<its port>/mail`; the whole suite runs two default shops), else of E2E_PORT's shop.
 */
export function mailDir(): string {
  let shopPort = Number(process.env.E2E_PORT ?? 4399);
  try {
    const baseURL = test.info().project.use.baseURL;
    if (baseURL) shopPort = Number(new URL(baseURL).port);
  } catch {
    // Not inside a test: E2E_PORT's shop.
  }
  return resolve(root, `.data/e2e-${shopPort}/mail`);
}

/** Every stored mail, oldest first. */
export function readMails(dir = mailDir()): Mail[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as Mail);
}

/**
 * The first mail (oldest first) matching `predicate`, received at or after `since` (ms since the
 * epoch; default: any), polling until `timeoutMs` (default 15 s) has passed.
 */
export async function waitForMail(predicate: (m: Mail) => boolean, opts: { timeoutMs?: number; since?: number } = {}): Promise<Mail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  const since = opts.since ?? 0;
  for (;;) {
    const found = readMails().find((m) => Date.parse(m.receivedAt) >= since && predicate(m));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen =
        readMails()
          .map((m) => `${m.to.join(',')}: ${m.subject}`)
          .join('\n  ') || '(none)';
      throw new Error(`No matching mail within ${opts.timeoutMs ?? 15_000} ms in ${mailDir()}; received:\n  ${seen}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first URL in the mail's text whose path starts with `pathPrefix` (e.g. '/verify/email'). */
export function linkIn(mail: Mail, pathPrefix: string): string {
  for (const raw of mail.text.match(/https?:\/\/[^\s<>"'「」『』（）()、。]+/g) ?? []) {
    const url = raw.replace(/[.,;:!?]+$/, '');
    try {
      if (new URL(url).pathname.startsWith(pathPrefix)) return url;
    } catch {
      // not a URL after all
    }
  }
  throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}":\n${mail.text}`);
}
