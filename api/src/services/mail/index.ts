/**
 * Outgoing e-mail: every message is written to outbox_emails inside the caller's transaction, so a
 * rolled-back order never sends mail; the outbox worker (services/outbox/) delivers it by SMTP, or
 * prints it to the console when no SMTP_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import type { DeliveryAddress } from '#contracts/addresses.ts';
import type { AmountByTaxRate, CartOrder } from '#contracts/cart.ts';
import { formatDayWithWeekday } from '#contracts/dates.ts';
import { formatJstDateTime } from '#contracts/datetimes.ts';
import { embroideryLabel, type LineEmbroidery } from '#contracts/embroidery-choices.ts';
import type { Db, Tx } from '../../db/client.ts';
import { outbox_emails, settings } from '../../db/schema/index.ts';
import { logFor } from '../../lib/log.ts';
import { mailboxKey } from '../../lib/mailbox.ts';
import type { MailShipment } from '../checkout/shipments.ts';
import { mailQueued } from '../outbox/signal.ts';
import { isCapped, mailboxHasRoom, mailCapPerHour } from './cap.ts';

type Conn = Db | Tx;

/** "¥1,234". */
export const yen = (n: number) => `¥${n.toLocaleString('ja-JP')}`;

/** The channel's shop name (setting SITE.NAME), else `fallback`. */
export async function siteName(db: Conn, channelId: string, fallback: string): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channelId), eq(settings.key, 'SITE.NAME')))
    .limit(1);
  return typeof row?.value === 'string' && row.value ? row.value : fallback;
}

export interface OrderMail {
  channelId: string;
  siteName: string;
  to: string;
  customerName: string;
  orderNo: string;
  orderedAt: Date;
  items: {
    name: string;
    code: string;
    tax_rate: number;
    unit_price_with_tax: number;
    quantity: number;
    subtotal_with_tax: number;
    /** The line's 名入れ刺繍, shown under it. */
    embroidery?: LineEmbroidery | null;
  }[];
  totals: CartOrder;
  payment: { code: string; name: string; description: string; settings: unknown };
  /** What the shopper needs to pay (account and deadline, konbini number, card), from the order's payment detail. */
  paymentLines?: string[];
  /** null for a social gift: the receiver enters the address through the link. */
  address: DeliveryAddress | null;
  /** Each shipment (address, delivery date and time, wrapping, のし, its lines); when given, listed instead of `address`. */
  shipments?: MailShipment[];
}

/** The lines of one shipment under 「■ お届け先」. */
function shipmentText(s: MailShipment, n: number, of: number): string[] {
  const a = s.address;
  return [
    ...(of > 1 ? [`【お届け先${n + 1}】`] : []),
    a.full_address,
    `${a.last_name} ${a.first_name} 様`,
    ...(a.phone_number || a.cell_phone_number ? [`電話番号：${a.phone_number || a.cell_phone_number}`] : []),
    `お届け希望日時：${s.delivery_date ? formatDayWithWeekday(s.delivery_date) : '指定なし'} ${s.delivery_timezone_label}`,
    ...(s.packing_name ? [`ラッピング：${s.packing_name}${s.packing_fee ? `（${yen(s.packing_fee)}）` : ''}`] : []),
    ...(s.noshi_type
      ? [`のし：${s.noshi_type}${s.noshi_name ? `（名入れ：${s.noshi_name}）` : ''}${s.noshi_fee ? `（${yen(s.noshi_fee)}）` : ''}`]
      : []),
    ...s.items.map((i) => `・${i.name} × ${i.quantity}点`),
    `送料：${yen(s.carriage)}（税込）`,
    '',
  ];
}

/**
 * Bank transfer instructions: the account from the method's settings (`bank_account`) when given,
 * else the method's description, which the shop writes with the account in it (「振込先：…」).
 */
function bankTransferText(payment: OrderMail['payment']): string[] {
  const account = (payment.settings as { bank_account?: unknown } | null)?.bank_account;
  if (typeof account === 'string' && account.trim()) {
    return [
      '【お振込先】',
      ...account.trim().split('\n'),
      'ご注文日から7日以内にお振り込みください。ご入金の確認後、商品を発送いたします。',
    ];
  }
  return payment.description.trim() ? payment.description.trim().split('\n') : ['お振込先の口座は、別途メールにてご案内いたします。'];
}

function taxBreakdown(buckets: AmountByTaxRate[]): string {
  return buckets.map((b) => `${b.tax_rate}%対象 ${yen(b.total)}（内消費税 ${yen(b.tax)}）`).join(' / ');
}

/** The order-confirmation text (pure). */
export function orderConfirmationText(m: OrderMail): { subject: string; body: string } {
  const t = m.totals;
  const a = m.address;
  const rule = '━━━━━━━━━━━━━━━━━━━━━━━━';
  const body = [
    `${m.customerName} 様`,
    '',
    `このたびは${m.siteName}をご利用いただき、誠にありがとうございます。`,
    '以下の内容でご注文を承りました。',
    '',
    rule,
    `ご注文番号：${m.orderNo}`,
    `ご注文日時：${formatJstDateTime(m.orderedAt)}`,
    rule,
    '',
    '■ ご注文商品',
    ...m.items.flatMap((i) => [
      `・${i.name}${i.tax_rate === 8 ? '※' : ''}（商品番号：${i.code}）`,
      ...(i.embroidery ? [`  ${embroideryLabel(i.embroidery)}`] : []),
      `  ${yen(i.unit_price_with_tax)}（税込）× ${i.quantity}点　小計 ${yen(i.subtotal_with_tax)}（税込）`,
    ]),
    ...(m.items.some((i) => i.tax_rate === 8) ? ['※は軽減税率（8%）対象商品です。'] : []),
    '',
    '■ ご請求金額',
    `商品合計：${yen(t.subtotal_with_tax)}（税込）`,
    `送料：${yen(t.total_carriage)}（税込）`,
    ...(t.total_packing ? [`ラッピング・のし：${yen(t.total_packing)}（税込）`] : []),
    `手数料：${yen(t.total_fee)}（税込）`,
    ...(t.total_discount ? [`割引：-${yen(t.total_discount)}`] : []),
    ...(t.use_point ? [`ポイント利用：-${yen(t.use_point)}`] : []),
    `お支払い合計：${yen(t.total_payment)}（税込）`,
    `（${taxBreakdown(t.amount_by_tax_rate)}）`,
    '',
    '■ お支払い方法',
    m.payment.name,
    ...(m.paymentLines ?? [
      ...(m.payment.code === 'bank_transfer' ? bankTransferText(m.payment) : []),
      ...(m.payment.code === 'cod' ? ['商品お届け時に、配達員へお支払い合計をお支払いください。'] : []),
    ]),
    '',
    m.shipments && m.shipments.length > 1 ? `■ お届け先（${m.shipments.length}件）` : '■ お届け先',
    ...(m.shipments?.length
      ? m.shipments.flatMap((s, n, all) => shipmentText(s, n, all.length)).slice(0, -1)
      : a
        ? [
            `${a.full_address}`,
            `${a.last_name} ${a.first_name} 様`,
            ...(a.phone_number || a.cell_phone_number ? [`電話番号：${a.phone_number || a.cell_phone_number}`] : []),
          ]
        : ['ソーシャルギフト（お届け先はお受け取りになる方がご入力されます。受け取り用URLは別のメールでお送りします）']),
    '',
    'ご注文内容はマイページの「ご注文履歴」からもご確認いただけます。',
    '本メールは送信専用です。ご不明な点はお問い合わせフォームよりご連絡ください。',
    '',
    m.siteName,
  ].join('\n');
  return { subject: `【${m.siteName}】ご注文ありがとうございます`, body };
}

/** One e-mail to queue: plain text (UTF-8), `template` names its kind for the operator and tests. */
export interface QueuedMail {
  channelId: string | null;
  to: string;
  template: string;
  subject: string;
  body: string;
}

/**
 * Queues an e-mail in the caller's connection or transaction (written to outbox_emails; delivered
 * by the outbox worker, retried until sent). Returns the outbox row id, or null when the mail was
 * dropped by the per-mailbox cap (services/mail/cap.ts; the caller answers the client the same).
 */
export async function queueMail(conn: Conn, m: QueuedMail): Promise<number | null> {
  if (!isCapped(m.template)) return insertMail(conn, m, null);
  const mailbox = mailboxKey(m.to);
  // A savepoint inside the caller's transaction: the mailbox's lock lasts until that one ends.
  const id = await conn.transaction(async (tx) => ((await mailboxHasRoom(tx, mailbox)) ? insertMail(tx, m, mailbox) : null));
  if (id === null)
    logFor('mail').warn(`dropped a ${m.template} mail: its mailbox had ${mailCapPerHour()} mails this hour (MAIL_PER_MAILBOX_PER_HOUR)`);
  return id;
}

async function insertMail(conn: Conn, m: QueuedMail, mailbox: string | null): Promise<number> {
  const [row] = await conn
    .insert(outbox_emails)
    .values({
      channel_id: m.channelId,
      to_address: m.to,
      subject: m.subject,
      body: m.body,
      template: m.template,
      mailbox,
    })
    .returning({ id: outbox_emails.id });
  // A worker in this process looks at once (it sees the row when the caller's transaction commits).
  mailQueued();
  return row.id;
}

/** Queues the order-confirmation e-mail in the caller's transaction. */
export async function queueOrderConfirmation(tx: Conn, m: OrderMail): Promise<void> {
  const { subject, body } = orderConfirmationText(m);
  await queueMail(tx, { channelId: m.channelId, to: m.to, subject, body, template: 'order_confirmation' });
}
