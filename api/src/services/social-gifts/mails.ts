/** The gift's mails (pure texts): the link to the sender, and the sender's notice once the receiver has answered. */
import { formatJstDateTime } from '#contracts/datetimes.ts';

export interface GiftLinkMail {
  siteName: string;
  customerName: string;
  orderNo: string;
  url: string;
  expiresAt: Date;
  items: { name: string; quantity: number }[];
}

/** To the sender at the decision: the link to hand to the receiver. */
export function giftLinkText(m: GiftLinkMail): { subject: string; body: string } {
  const body = [
    `${m.customerName} 様`,
    '',
    `このたびは${m.siteName}のソーシャルギフトをご利用いただき、誠にありがとうございます。`,
    '下記のURLを、ギフトをお贈りする方へメールやメッセージアプリでお送りください。',
    'お受け取りになる方がお届け先とお届け日時を入力されると、商品を発送いたします。',
    '',
    '■ ギフトのお受け取りURL',
    m.url,
    '',
    `お受け取り期限：${formatJstDateTime(m.expiresAt)}`,
    '期限を過ぎるとURLは無効になります。',
    '',
    `ご注文番号：${m.orderNo}`,
    ...m.items.map((i) => `・${i.name} × ${i.quantity}点`),
    '',
    '※お受け取りになる方のご住所は、贈り主さまにはお知らせいたしません。',
    '※このURLを知っている方は誰でもお届け先を入力できます。お贈りする方以外には教えないでください。',
    '',
    m.siteName,
  ].join('\n');
  return { subject: `【${m.siteName}】ソーシャルギフトのお受け取りURLのご案内`, body };
}

/** To the sender once the receiver has entered the address (without the address). */
export function giftReceivedText(m: { siteName: string; customerName: string; orderNo: string }): { subject: string; body: string } {
  const body = [
    `${m.customerName} 様`,
    '',
    `ご注文番号 ${m.orderNo} のソーシャルギフトについて、お受け取りになる方がお届け先を入力されました。`,
    '準備が整い次第、商品を発送いたします。',
    'お届け先のご住所は、お受け取りになる方のプライバシー保護のためお知らせしておりません。',
    '',
    m.siteName,
  ].join('\n');
  return { subject: `【${m.siteName}】ソーシャルギフトのお届け先が入力されました`, body };
}
