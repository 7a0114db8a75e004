/**
 * The thanks page of a social gift: the link to hand to the receiver (kept by this tab from the
 * decision's answer; the server has only its hash), with a copy button. Without it (another tab, a
 * reload after the tab closed) the page points to the mail that carries it.
 */

import type { Order } from '#api-client/core/types.ts';
import { formatJstDateTime } from '#contracts/datetimes.ts';
import { recalledGiftLink } from '#lib/social-gift-link.ts';
import { useState } from '../common/react.ts';

export default function SocialGiftLink({ order }: { order: Pick<Order, 'order_no' | 'social_gift'> }) {
  const [link] = useState(() => recalledGiftLink(order.order_no));
  const [copied, setCopied] = useState(false);
  if (!order.social_gift) return null;
  const expires = formatJstDateTime(order.social_gift.expires_at);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section aria-labelledby="social-gift-link" className="panel stack">
      <h2 id="social-gift-link">ソーシャルギフトのお受け取りURL</h2>
      <p>
        下記のURLを、ギフトをお贈りする方へメールやメッセージアプリでお送りください。受け取る方がお届け先とお届け日時を入力すると発送いたします。
      </p>
      {link ? (
        <div className="field">
          <label htmlFor="social-gift-url">お受け取りURL</label>
          <input id="social-gift-url" type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <p>
            <button type="button" className="btn" onClick={() => void copy()}>
              URLをコピー
            </button>{' '}
            <span role="status">{copied ? 'コピーしました' : ''}</span>
          </p>
        </div>
      ) : (
        <p>お受け取りURLは、ご登録のメールアドレスにお送りしました。</p>
      )}
      <p className="muted">
        お受け取り期限：{expires}（期限を過ぎるとURLは無効になります）。受け取る方のご住所は贈り主さまには表示されません。
      </p>
    </section>
  );
}
