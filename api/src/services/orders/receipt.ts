/**
 * GET /v1/me/orders/{id}/download/receipt: the order's 領収書 as a PDF that is a 適格請求書
 * (qualified invoice, 消費税法 57条の4): the issuer's name (SITE.NAME) and registration number
 * (setting SITE.INVOICE_REGISTRATION_NUMBER, T + 13 digits), the date of the transaction and of
 * issue, the addressee the member typed (「○○ 様」), each line with ※ on reduced-rate (8 %) goods
 * and the legend, the totals per tax rate with the tax of each rate (the order's amount_by_tax_rate).
 * A 銀行振込 (or コンビニ) order not paid yet gets 「請求書（適格請求書）」 with the account and the
 * deadline instead of 「領収書」: a receipt says the money was received. A cancelled order has no
 * receipt (422 order.receipt.cancelled): nothing was sold.
 *
 * Drawn with pdf-lib and Noto Sans JP (SIL OFL 1.1, from the @embedpdf/fonts-jp package), embedded
 * as a subset of the glyphs used (HarfBuzz, subset-font), so the text is real, searchable text and
 * the file stays small (about 20 KB).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import subsetFont from 'subset-font';
import { formatDay } from '#contracts/dates.ts';
import { formatJstDate } from '#contracts/datetimes.ts';
import { embroideryLabel } from '#contracts/embroidery-choices.ts';
import type { Order } from '#contracts/orders.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import { siteName, yen } from '../mail/index.ts';
import { getOrder } from './index.ts';

/** The setting holding the shop's 適格請求書発行事業者 registration number (T + 13 digits). */
export const INVOICE_REGISTRATION_SETTING = 'SITE.INVOICE_REGISTRATION_NUMBER';
/** The shape of a registration number (国税庁: 'T' and the 13-digit 法人番号 or assigned number). */
export const REGISTRATION_NUMBER = /^T\d{13}$/;
/** Reduced-rate goods (軽減税率): marked ※ on their line. */
export const REDUCED_RATE = 8;
export const REDUCED_RATE_LEGEND = '※は軽減税率対象商品です';

export const receiptErrors = {
  cancelled: () => unprocessable('キャンセルされたご注文の領収書は発行できません。', 'order.receipt.cancelled'),
  unavailable: () => unprocessable('現在、領収書を発行できません。お問い合わせフォームよりご連絡ください。', 'order.receipt.unavailable'),
};

let fontBytes: Promise<Uint8Array> | null = null;
/** Noto Sans JP Regular, read once from the font package. */
function japaneseFont(): Promise<Uint8Array> {
  fontBytes ??= readFile(fileURLToPath(new URL('../fonts/NotoSansJP-Regular.otf', import.meta.resolve('@embedpdf/fonts-jp')))).catch(
    (err) => {
      fontBytes = null;
      throw err;
    },
  );
  return fontBytes;
}

export interface ReceiptInput {
  order: Order;
  shopName: string;
  registrationNumber: string;
  addressee: string;
  issuedAt: Date;
}

/** The receipt's lines of text, in order (pure; the PDF draws them, tests and docs read them). */
export function receiptModel(r: ReceiptInput) {
  const o = r.order;
  const detail = (o.payment_detail ?? {}) as Record<string, unknown>;
  const unpaid = o.payment_status === 'pending' && typeof detail.bank_account === 'string';
  const title = unpaid ? '請求書（適格請求書）' : '領収書（適格請求書）';
  const lines = o.items.map((i) => ({
    name: `${i.tax_rate === REDUCED_RATE ? '※ ' : ''}${i.name}${i.embroidery ? `（${embroideryLabel(i.embroidery)}）` : ''}`,
    quantity: i.quantity,
    unit: yen(i.unit_price_with_tax),
    amount: yen(i.subtotal_with_tax),
  }));
  const t = o.order;
  const extras: [string, string][] = [
    ...(t.total_carriage ? [['送料', yen(t.total_carriage)] as [string, string]] : []),
    ...(t.total_packing ? [['ラッピング・のし', yen(t.total_packing)] as [string, string]] : []),
    ...(t.total_fee ? [['手数料', yen(t.total_fee)] as [string, string]] : []),
    ...(t.total_discount ? [['割引', `-${yen(t.total_discount)}`] as [string, string]] : []),
    ...(t.use_point ? [['ポイント利用', `-${yen(t.use_point)}`] as [string, string]] : []),
  ];
  const byRate = [...t.amount_by_tax_rate]
    .sort((a, b) => b.tax_rate - a.tax_rate)
    .map((a) => ({
      label: `${a.tax_rate}%対象${a.tax_rate === REDUCED_RATE ? '（軽減税率）' : ''}`,
      total: yen(a.total),
      tax: yen(a.tax),
    }));
  const bank = unpaid
    ? {
        account: String(detail.bank_account).split('\n').filter(Boolean),
        deadline: typeof detail.deadline === 'string' ? formatDay(detail.deadline) : '',
      }
    : null;
  return {
    title,
    addressee: `${r.addressee} 様`,
    amount: yen(o.user_order_total_payment),
    statement: unpaid ? '下記のとおりご請求申し上げます。' : '上記の金額を正に領収いたしました。',
    issuedAt: formatJstDate(r.issuedAt),
    orderNo: o.order_no,
    orderedAt: formatJstDate(new Date(o.ordered_at)),
    paymentName: o.payment_name,
    issuer: r.shopName,
    registration: `登録番号：${r.registrationNumber}`,
    lines,
    extras,
    byRate,
    total: yen(t.total_payment),
    legend: o.items.some((i) => i.tax_rate === REDUCED_RATE) ? REDUCED_RATE_LEGEND : null,
    bank,
  };
}

/** What the layout needs of a font: the width of a text (pdf-lib's PDFFont, or a stand-in). */
interface Measure {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Where the layout draws: a page break, a text at (x, y), a rule under y. */
interface Canvas {
  newPage(): void;
  text(s: string, x: number, y: number, size: number): void;
  rule(y: number, width: number): void;
}

const W = 595.28,
  H = 841.89,
  L = 50,
  R = W - 50;

/** Lays the receipt out on A4 portrait pages. */
function layout(m: ReturnType<typeof receiptModel>, font: Measure, canvas: Canvas) {
  let y = H - 60;
  const text = (s: string, x: number, size = 10) => canvas.text(s, x, y, size);
  const right = (s: string, x: number, size = 10) => text(s, x - font.widthOfTextAtSize(s, size), size);
  const rule = (width = 0.5) => canvas.rule(y - 4, width);
  const next = (dy: number) => {
    y -= dy;
    if (y < 60) {
      canvas.newPage();
      y = H - 60;
    }
  };
  /** Cuts a long product name so it fits its column. */
  const fit = (s: string, width: number, size: number) => {
    if (font.widthOfTextAtSize(s, size) <= width) return s;
    let cut = s;
    while (cut && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  };

  text(m.title, (W - font.widthOfTextAtSize(m.title, 20)) / 2, 20);
  next(36);
  right(`発行日：${m.issuedAt}`, R);
  next(14);
  right(`ご注文番号：${m.orderNo}`, R);
  next(30);
  text(m.addressee, L, 16);
  rule(1);
  next(40);
  text('金額', L, 12);
  text(`${m.amount}（税込）`, L + 60, 18);
  next(20);
  text(m.statement, L, 10);
  next(30);

  text(`お取引日（ご注文日）：${m.orderedAt}`, L);
  next(14);
  text(`お支払い方法：${m.paymentName}`, L);
  next(26);

  const cQty = 370,
    cUnit = 460,
    cAmount = R;
  text('品名', L, 9);
  right('数量', cQty, 9);
  right('単価（税込）', cUnit, 9);
  right('金額（税込）', cAmount, 9);
  rule();
  next(18);
  for (const l of m.lines) {
    text(fit(l.name, cQty - L - 40, 10), L);
    right(String(l.quantity), cQty);
    right(l.unit, cUnit);
    right(l.amount, cAmount);
    next(16);
  }
  for (const [label, amount] of m.extras) {
    text(label, L);
    right(amount, cAmount);
    next(16);
  }
  rule();
  next(18);
  text('合計（税込）', L, 11);
  right(m.total, cAmount, 11);
  next(24);
  text('税率別内訳', L, 10);
  next(16);
  for (const b of m.byRate) {
    text(b.label, L + 10);
    right(`${b.total}（うち消費税 ${b.tax}）`, cAmount);
    next(16);
  }
  if (m.legend) {
    next(4);
    text(m.legend, L, 9);
    next(16);
  }
  if (m.bank) {
    next(14);
    text('お振込先', L, 11);
    next(16);
    for (const a of m.bank.account) {
      text(a, L + 10);
      next(14);
    }
    if (m.bank.deadline) {
      text(`お振込期限：${m.bank.deadline}`, L + 10);
      next(14);
    }
  }

  next(30);
  text(m.issuer, L, 12);
  next(16);
  text(m.registration, L, 10);
}

/**
 * Draws the receipt and returns the PDF's bytes. The font is cut down to the characters the
 * receipt uses (a first pass of the layout collects them) by HarfBuzz (subset-font), which keeps
 * Noto's CID-keyed CFF outlines intact, and that small font is embedded whole: pdf-lib's own
 * subsetting of CFF fonts drops the local subroutines and garbles the glyphs.
 */
/** Receipts one member may download per window (each is drawn anew: font subsetting costs CPU). */
export const RECEIPT_LIMIT = { limit: 30, windowSeconds: 600 };

export async function renderReceipt(r: ReceiptInput): Promise<Uint8Array> {
  const m = receiptModel(r);
  const used = new Set<string>(['…']);
  layout(
    m,
    { widthOfTextAtSize: () => 0 },
    {
      newPage() {},
      rule() {},
      text: (s) => {
        for (const ch of s) used.add(ch);
      },
    },
  );
  const fontData = await subsetFont(await japaneseFont(), [...used].join(''), { targetFormat: 'sfnt' });

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${m.title} ${m.orderNo}`);
  doc.setAuthor(m.issuer);
  doc.setCreationDate(r.issuedAt);
  const font = await doc.embedFont(fontData, { subset: false });
  const ink = rgb(0.1, 0.1, 0.1);
  let page: PDFPage = doc.addPage([W, H]);
  layout(m, font, {
    newPage: () => {
      page = doc.addPage([W, H]);
    },
    text: (s, x, y, size) => page.drawText(s, { x, y, size, font, color: ink }),
    rule: (y, width) => page.drawLine({ start: { x: L, y }, end: { x: R, y }, thickness: width, color: ink }),
  });
  return doc.save();
}

/** The member's order's receipt; anyone else's order is 404, a cancelled one 422. */
export async function orderReceipt(db: Db, channel: { id: string; name: string }, userId: number, orderId: number, addressee: string) {
  const order = await getOrder(db, userId, orderId);
  if (order.status === 'cancelled') throw receiptErrors.cancelled();
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.channel_id, channel.id), eq(settings.key, INVOICE_REGISTRATION_SETTING)))
    .limit(1);
  const registrationNumber = typeof row?.value === 'string' ? row.value.trim() : '';
  // Without a valid number the document would not be a 適格請求書: refuse rather than issue one.
  if (!REGISTRATION_NUMBER.test(registrationNumber)) throw receiptErrors.unavailable();
  const pdf = await renderReceipt({
    order,
    shopName: await siteName(db, channel.id, channel.name),
    registrationNumber,
    addressee,
    issuedAt: new Date(),
  });
  return { pdf, filename: { ascii: order.order_no.replace(/[^0-9A-Za-z-]/g, '') } };
}
