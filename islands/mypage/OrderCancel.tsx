/**
 * 「注文をキャンセルする」 on the order detail, for an order not shipped yet: the reason (required, at
 * most 200 characters, like the API), a confirmation step, then PUT /v1/me/orders/{id}/cancel. The
 * detail then shows the cancelled order (the answer replaces the one it read; the history list reads
 * its own on its next page load) with its reason and any warning from `cancel_only_ecd_key`.
 */

import { cancelOrder } from '#api-client/mypage/orders.ts';
import { CANCEL_REASON_MAX } from '#contracts/order-limits.ts';
import type { Order } from '#contracts/orders.ts';
import type { FormSpec } from '#validation/form.ts';
import { maxLength, required } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';

type Values = { cancel_reason: string };

export default function OrderCancel({ order, onCancelled }: { order: Order; onCancelled: (order: Order) => void }) {
  const [spec] = useState<FormSpec<Values>>(() => ({
    cancel_reason: { label: 'キャンセル理由', rules: [required, maxLength(CANCEL_REASON_MAX)] },
  }));
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const form = useAccountForm<Values>({
    initial: { cancel_reason: '' },
    spec,
    onSubmit: (v) => {
      setAlert(null);
      setConfirming(v.cancel_reason.trim());
    },
  });

  async function confirm() {
    if (busy || confirming == null) return;
    setBusy(true);
    setAlert(null);
    try {
      const cancelled = await cancelOrder(order.id, confirming);
      onCancelled(cancelled);
    } catch (e) {
      setConfirming(null);
      setAlert(form.showApiError(e) ?? 'ご注文をキャンセルできませんでした。');
      setBusy(false);
    }
  }

  return (
    <section className="panel stack" aria-labelledby="order-cancel">
      <h2 id="order-cancel">注文をキャンセルする</h2>
      <p>発送前のご注文はキャンセルできます。在庫・ご利用ポイント・クーポンはお戻しし、クレジットカードのご利用分は取り消します。</p>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      {confirming == null ? (
        <form className="form" onSubmit={form.handleSubmit} noValidate>
          <div className="field">
            <label htmlFor={form.field('cancel_reason').id}>キャンセル理由</label>
            <textarea {...form.field('cancel_reason')} rows={3} maxLength={CANCEL_REASON_MAX} required />
            <FieldError id={form.errorId('cancel_reason')} message={form.errors.cancel_reason} />
          </div>
          <button type="submit" className="btn">
            キャンセル内容を確認する
          </button>
        </form>
      ) : (
        <div className="stack" role="group" aria-labelledby="order-cancel-confirm">
          <p id="order-cancel-confirm">
            <strong>ご注文番号 {order.order_no} をキャンセルします。よろしいですか？</strong>
          </p>
          <p>キャンセル理由：{confirming}</p>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              キャンセルを確定する
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(null)} disabled={busy}>
              戻る
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
