/**
 * SMTP delivery with nodemailer: one pooled transport for the process, built from SMTP_URL
 * (smtp:// with STARTTLS when the server offers it, smtps:// for TLS). nodemailer writes the
 * Japanese subject and sender name as RFC 2047 UTF-8 words and the body as UTF-8 text.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import type { ClaimedMail } from './store.ts';

/** A sender: an address string as given ("Shop <shop@example.jp>") or a name and address. */
export type MailFrom = string | { name: string; address: string };

export interface SmtpSender {
  send: (mail: ClaimedMail, from: MailFrom) => Promise<void>;
  close: () => void;
}

/** The pooled transport for `url`; fails fast enough that a claim (a minute) outlives any one attempt. */
export function createSmtpSender(url: string): SmtpSender {
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (mail, from) => {
      const at = hostOf(typeof from === 'string' ? from : from.address);
      await transport.sendMail({
        from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body,
        // Stable per row: a duplicate delivery (a claim that ran out mid-send) is recognisable.
        messageId: `<outbox-${mail.id}-${mail.created_at.getTime()}@${at}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transport.close(),
  };
}

function hostOf(address: string): string {
  const m = /@([^>\s]+)>?\s*$/.exec(address);
  return m ? m[1] : 'localhost';
}

/**
 * The From of a channel's mail: MAIL_FROM when set, else the channel's private MAIL.FROM_NAME and
 * MAIL.FROM_ADDRESS settings, else no-reply at the site's host.
 */
export async function channelFrom(db: Db, channelId: string | null, mailFrom: string | undefined, siteUrl: string): Promise<MailFrom> {
  if (mailFrom) return mailFrom;
  let name = '';
  let address = '';
  if (channelId) {
    const rows = await db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(and(eq(settings.channel_id, channelId), inArray(settings.key, ['MAIL.FROM_ADDRESS', 'MAIL.FROM_NAME'])));
    for (const r of rows) {
      if (typeof r.value !== 'string') continue;
      if (r.key === 'MAIL.FROM_ADDRESS') address = r.value.trim();
      else name = r.value.trim();
    }
  }
  if (!address) address = `no-reply@${new URL(siteUrl).hostname}`;
  return name ? { name, address } : address;
}
