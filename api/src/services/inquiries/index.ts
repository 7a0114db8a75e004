/**
 * The contact form (POST /v1/inquiries, spec 7 "Inquiries and uploads"): one call for both steps.
 * `prepare: true` checks the values (category of the inquiries tree, the business fields when the
 * category is a business one) and answers them normalised for the confirm screen; without it the
 * inquiry is stored in `inquiries` and, in the same transaction, a mail to the shop and an
 * acknowledgement to the sender are queued in the outbox (docs/mail.md).
 *
 * Spam: the send is rate limited per client address and per e-mail address, and the honeypot field
 * (`homepage`, hidden from people) must stay empty. A filled honeypot gets the same 201 answer as a
 * real send (with a number no inquiry has), but nothing is stored or mailed, so a bot learns nothing.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { formatJstDateTime } from '#contracts/datetimes.ts';
import {
  BUSINESS_INQUIRY_CATEGORY_KEY,
  INQUIRY_DELIVERY_CHOICES,
  INQUIRY_EXTEND_LABELS,
  INQUIRY_HONEYPOT,
  INQUIRY_LABELS,
  INQUIRY_PAYMENT_CHOICES,
  type InquiryExtendKey,
  type InquiryPrepared,
  type InquiryResponse,
  inquiryNumber,
  type inquiryRequestSchema,
} from '#contracts/inquiries.ts';
import { messages } from '#contracts/messages.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categories, inquiries } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { validationFailed } from '../../lib/errors.ts';
import { channelSetting, enforce, type Limit } from '../account/common.ts';
import { SHOP_ADDRESS_SETTINGS } from '../catalog-orders/index.ts';
import { queueMail, siteName } from '../mail/index.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { attachUpload, findUpload } from '../upload-files/index.ts';

type Conn = Db | Tx;
type InquiryInput = z.output<typeof inquiryRequestSchema>;

/** Inquiries sent per client address and per e-mail address in an hour. */
export const INQUIRY_LIMITS = {
  perAddress: { limit: 10, windowSeconds: 3600 },
  perEmail: { limit: 5, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

export const INQUIRY_SENT_MESSAGE = 'お問い合わせを受け付けました。確認のメールをお送りしました。';
const PREPARED_MESSAGE = '入力内容をご確認ください。';

interface CategoryRow {
  id: number;
  key: string;
  name: string;
  parent_id: number | null;
}

/** The category of the inquiries tree with this id, and whether it (or its parent) is the business one. */
async function inquiryCategory(db: Conn, id: number): Promise<{ row: CategoryRow; business: boolean }> {
  const pick = { id: categories.id, key: categories.key, name: categories.name, parent_id: categories.parent_id };
  const [row] = await db
    .select(pick)
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.table_name, 'inquiries')))
    .limit(1);
  if (!row) throw validationFailed({ category_id: [messages.selected(INQUIRY_LABELS.category_id)] });
  let business = row.key === BUSINESS_INQUIRY_CATEGORY_KEY;
  if (!business && row.parent_id != null) {
    const [parent] = await db.select(pick).from(categories).where(eq(categories.id, row.parent_id)).limit(1);
    business = parent?.key === BUSINESS_INQUIRY_CATEGORY_KEY;
  }
  return { row, business };
}

/** The business fields kept (blank ones dropped); the company name is required. */
function businessExtend(input: InquiryInput): Record<string, string | number> {
  const extend = input.extend ?? {};
  if (!extend.corporation) throw validationFailed({ 'extend.corporation': [messages.required(INQUIRY_EXTEND_LABELS.corporation)] });
  const out: Record<string, string | number> = {};
  for (const key of Object.keys(INQUIRY_EXTEND_LABELS) as InquiryExtendKey[]) {
    const v = extend[key];
    if (v !== undefined && v !== null && v !== '') out[key] = v;
  }
  return out;
}

/** Checks the values as the confirm screen shows them (throws 422 by field). */
async function prepareInquiry(db: Conn, channel: ChannelRow, input: InquiryInput): Promise<InquiryPrepared> {
  const { row, business } = await inquiryCategory(db, input.category_id);
  let attachment: string | null = null;
  if (input.attachment_url) {
    const upload = await findUpload(db, channel.id, input.attachment_url);
    if (!upload) throw validationFailed({ attachment_url: [messages.selected(INQUIRY_LABELS.attachment_url)] });
    attachment = input.attachment_url;
  }
  return {
    category_id: row.id,
    category_name: row.name,
    is_business: business,
    name: input.name,
    name_kana: input.name_kana,
    email: input.email,
    phone: input.phone ?? '',
    body: input.body,
    attachment_url: attachment,
    extend: business ? businessExtend(input) : null,
  };
}

const choiceLabel = (choices: readonly { value: number; label: string }[], v: unknown) =>
  choices.find((c) => c.value === v)?.label ?? String(v);

/** The inquiry's lines as both mails list them (pure). */
export function inquiryLines(p: InquiryPrepared, siteUrl: string): string[] {
  const lines = [
    `${INQUIRY_LABELS.category_id}：${p.category_name}`,
    `${INQUIRY_LABELS.name}：${p.name}（${p.name_kana}）`,
    `${INQUIRY_LABELS.email}：${p.email}`,
    `${INQUIRY_LABELS.phone}：${p.phone || 'なし'}`,
  ];
  if (p.extend) {
    for (const key of Object.keys(INQUIRY_EXTEND_LABELS) as InquiryExtendKey[]) {
      const v = p.extend[key];
      if (v === undefined || v === null) continue;
      const shown =
        key === 'delivery'
          ? choiceLabel(INQUIRY_DELIVERY_CHOICES, v)
          : key === 'payment'
            ? choiceLabel(INQUIRY_PAYMENT_CHOICES, v)
            : String(v);
      lines.push(`${INQUIRY_EXTEND_LABELS[key]}：${shown}`);
    }
  }
  if (p.attachment_url) lines.push(`${INQUIRY_LABELS.attachment_url}：${new URL(p.attachment_url, siteUrl).href}`);
  lines.push('', `【${INQUIRY_LABELS.body}】`, p.body);
  return lines;
}

async function shopAddress(conn: Conn, channelId: string): Promise<string | null> {
  for (const key of SHOP_ADDRESS_SETTINGS) {
    const v = await channelSetting(conn, channelId, key);
    if (typeof v === 'string' && v.includes('@')) return v.trim();
  }
  return null;
}

export interface InquiryClient {
  ip: string | null;
}

/** POST /v1/inquiries: `prepare` answers the checked values (200); otherwise stores and mails (201). */
export async function submitInquiry(
  db: Db,
  env: ApiEnv,
  channel: ChannelRow,
  user: UserRow | null,
  input: InquiryInput,
  client: InquiryClient,
): Promise<{ status: 200 | 201; body: InquiryResponse }> {
  const prepared = await prepareInquiry(db, channel, input);
  if (input.prepare) return { status: 200, body: { message: PREPARED_MESSAGE, inquiry: prepared } };

  const store = rateLimitStore(db, env);
  if (client.ip) await enforce(store, `inquiry:ip:${client.ip}`, INQUIRY_LIMITS.perAddress);
  await enforce(store, `inquiry:email:${channel.id}:${input.email.normalize('NFKC').toLowerCase()}`, INQUIRY_LIMITS.perEmail);

  const honeypot = (input as Record<string, unknown>)[INQUIRY_HONEYPOT];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    // A bot: the same answer as a send, nothing stored or mailed.
    return { status: 201, body: { number: inquiryNumber(randomInt(100000, 999999)), message: INQUIRY_SENT_MESSAGE, inquiry: prepared } };
  }

  return db.transaction(async (tx) => {
    const now = new Date();
    const payload = { ...prepared, user_id: user?.id ?? null, client_ip: client.ip };
    const [row] = await tx
      .insert(inquiries)
      .values({ channel_id: channel.id, category_id: prepared.category_id, payload, created_at: now })
      .returning({ id: inquiries.id });
    // The attachment is kept for good from now on (the retention job deletes only unattached files);
    // gone since the check (deleted by that job) is the same 422 as an unknown one.
    if (prepared.attachment_url && !(await attachUpload(tx, channel.id, prepared.attachment_url))) {
      throw validationFailed({ attachment_url: [messages.selected(INQUIRY_LABELS.attachment_url)] });
    }
    const number = inquiryNumber(row.id);
    const shop = await siteName(tx, channel.id, channel.name);
    const lines = inquiryLines(prepared, env.SITE_URL);
    const to = await shopAddress(tx, channel.id);
    if (to) {
      await queueMail(tx, {
        channelId: channel.id,
        to,
        template: prepared.is_business ? 'inquiry_business_shop' : 'inquiry_shop',
        subject: `【${shop}】${prepared.is_business ? '法人の' : ''}お問い合わせがありました（お問い合わせ番号 ${number}）`,
        body: [
          'お問い合わせを受け付けました。ご対応をお願いします。',
          '',
          `お問い合わせ番号：${number}`,
          `受付日時：${formatJstDateTime(now)}`,
          `会員：${user ? `会員ID ${user.id}` : 'ゲスト'}`,
          ...lines,
        ].join('\n'),
      });
    }
    await queueMail(tx, {
      channelId: channel.id,
      to: prepared.email,
      template: 'inquiry_ack',
      subject: `【${shop}】お問い合わせを受け付けました（お問い合わせ番号 ${number}）`,
      body: [
        `${prepared.name} 様`,
        '',
        `このたびは${shop}にお問い合わせいただき、誠にありがとうございます。`,
        '以下の内容で承りました。担当者より順次ご連絡いたしますので、今しばらくお待ちください。',
        '',
        `お問い合わせ番号：${number}`,
        `受付日時：${formatJstDateTime(now)}`,
        ...lines,
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
        '',
        shop,
      ].join('\n'),
    });
    return { status: 201 as const, body: { number, message: INQUIRY_SENT_MESSAGE, inquiry: prepared } };
  });
}
