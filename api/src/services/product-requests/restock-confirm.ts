/**
 * The address of a restock request is confirmed before any restock mail goes to it (issue 21 item 7):
 * otherwise anyone could sign any mailbox up for the shop's mail. A member's verified address is
 * confirmed at once, and so is an address that confirmed a request of this channel before. Any other
 * request is stored unconfirmed and a mail with a single-use link (its secret kept only as a SHA-256
 * hash, valid RESTOCK_CONFIRM_TTL_HOURS) goes to the address; opening it (/verify/restock/ →
 * POST /v1/product-requests/confirm) confirms every pending request of that address on the channel.
 * At most one such mail per address an hour: a request made meanwhile waits for the link already sent.
 */
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import { product_requests } from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import { siteLink } from '../account/common.ts';
import { queueMail, siteName } from '../mail/index.ts';
import type { Conn } from '../products/sellable.ts';
import { hashToken, randomToken } from '../tokens/index.ts';

/** Hours a confirmation link works. */
export const RESTOCK_CONFIRM_TTL_HOURS = 24;
const HOUR_MS = 3_600_000;

export const RESTOCK_CONFIRMED_MESSAGE = 'メールアドレスの確認が完了しました。商品が再入荷しましたらメールでお知らせします。';
export const restockConfirmInvalid = () =>
  unprocessable(
    '確認のリンクが無効か、有効期限が切れています。お手数ですが、商品ページからもう一度お申し込みください。',
    'product_request.confirm.invalid',
  );

/** What a new request's row gets: confirmed now, or a confirmation to mail (the link's secret, or null when one went out this hour). */
export type Confirmation = { confirmed_at: Date } | { confirmed_at: null; secret: string | null };

/** Decides how a new request to `email` is confirmed (no writes). */
export async function confirmationFor(conn: Conn, channelId: string, user: UserRow | null, email: string): Promise<Confirmation> {
  const now = new Date();
  if (user?.email && user.email.toLowerCase() === email && user.email_verified_at) return { confirmed_at: now };
  const ofAddress = and(eq(product_requests.channel_id, channelId), eq(product_requests.email, email));
  const [known] = await conn
    .select({ id: product_requests.id })
    .from(product_requests)
    .where(and(ofAddress, isNotNull(product_requests.confirmed_at)))
    .limit(1);
  if (known) return { confirmed_at: now };
  // A link mailed within the hour (its expiry more than TTL - 1 h away) still works for this one too.
  const [recent] = await conn
    .select({ id: product_requests.id })
    .from(product_requests)
    .where(
      and(
        ofAddress,
        isNull(product_requests.confirmed_at),
        gt(product_requests.confirm_expires_at, new Date(now.getTime() + (RESTOCK_CONFIRM_TTL_HOURS - 1) * HOUR_MS)),
      ),
    )
    .limit(1);
  return { confirmed_at: null, secret: recent ? null : randomToken() };
}

/** The columns of a new request for its confirmation. */
export function confirmationColumns(c: Confirmation) {
  if (c.confirmed_at) return { confirmed_at: c.confirmed_at };
  if (!c.secret) return {};
  return { confirm_token_hash: hashToken(c.secret), confirm_expires_at: new Date(Date.now() + RESTOCK_CONFIRM_TTL_HOURS * HOUR_MS) };
}

/** Queues the confirmation mail with the link (plain-text Japanese). */
export async function mailConfirmation(
  conn: Conn,
  env: { SITE_URL: string },
  channelId: string,
  to: string,
  productName: string,
  secret: string,
) {
  const shop = await siteName(conn, channelId, 'オンラインショップ');
  const link = siteLink(env, '/verify/restock/', secret);
  await queueMail(conn, {
    channelId,
    to,
    template: 'restock_confirm',
    subject: `【${shop}】再入荷のお知らせ：メールアドレスのご確認`,
    body: [
      `${shop}で「再入荷をお知らせ」のお申し込みがありました。`,
      '',
      `商品名：${productName}`,
      '',
      '再入荷のお知らせをお送りする前に、メールアドレスの確認が必要です。',
      `${RESTOCK_CONFIRM_TTL_HOURS}時間以内に、次のURLを開いてください。`,
      link,
      '',
      'お心当たりのない場合は、このメールを破棄してください。確認されないかぎり、お知らせは送られません。',
      '',
      shop,
    ].join('\n'),
  });
}

/** POST /v1/product-requests/confirm: spends the link and confirms every pending request of its address on the channel. */
export async function confirmProductRequests(
  conn: Conn,
  channelId: string,
  secret: string,
): Promise<{ message: string; confirmed: number }> {
  const now = new Date();
  const [spent] = await conn
    .update(product_requests)
    .set({ confirmed_at: now, confirm_token_hash: null })
    .where(
      and(
        eq(product_requests.confirm_token_hash, hashToken(secret)),
        eq(product_requests.channel_id, channelId),
        isNull(product_requests.confirmed_at),
        gt(product_requests.confirm_expires_at, now),
      ),
    )
    .returning({ email: product_requests.email });
  if (!spent?.email) throw restockConfirmInvalid();
  const others = await conn
    .update(product_requests)
    .set({ confirmed_at: now, confirm_token_hash: null })
    .where(
      and(
        eq(product_requests.channel_id, channelId),
        eq(product_requests.email, spent.email),
        isNull(product_requests.confirmed_at),
        isNull(product_requests.notified_at),
      ),
    )
    .returning({ id: product_requests.id });
  return { message: RESTOCK_CONFIRMED_MESSAGE, confirmed: 1 + others.length };
}
