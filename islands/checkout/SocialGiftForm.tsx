/**
 * The social gift's sender name and message with 「ソーシャルギフトで次へ」, loaded when the sender turns
 * the gift on (SocialGiftChoice.tsx), so the address step does not carry the form kit in its first load.
 */

import type { Cart } from '#api-client/core/types.ts';
import { SOCIAL_GIFT_MESSAGE_MAX } from '#contracts/constants.ts';
import { cartPaymentPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import type { FormSpec } from '#validation/form.ts';
import { maxLength } from '#validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';

type Values = { sender_name: string; message: string };
const spec: FormSpec<Values> = {
  sender_name: { label: '贈り主のお名前', rules: [maxLength(50)] },
  message: { label: 'メッセージ', rules: [maxLength(SOCIAL_GIFT_MESSAGE_MAX)] },
};

export default function SocialGiftForm({ cart }: { cart: Cart }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useAccountForm<Values>({
    initial: { sender_name: cart.socialGift?.senderName ?? '', message: cart.socialGift?.message ?? '' },
    spec,
    onSubmit: async (values) => {
      if (busy) return;
      setBusy(true);
      setAlert(null);
      try {
        await useCartStore.getState().setSocialGift({ sender_name: values.sender_name.trim(), message: values.message.trim() });
        window.location.assign(cartPaymentPath);
      } catch (e) {
        setAlert(form.showApiError(e));
        setBusy(false);
      }
    },
  });
  return (
    <>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <form className="form stack" onSubmit={form.handleSubmit} noValidate>
        <div className="field">
          <label htmlFor={form.field('sender_name').id}>贈り主のお名前（任意）</label>
          <input {...form.field('sender_name')} type="text" autoComplete="name" />
          <small className="muted">相手の方の画面に「○○さまからのギフト」と表示されます。</small>
          <FieldError id={form.errorId('sender_name')} message={form.errors.sender_name} />
        </div>
        <div className="field">
          <label htmlFor={form.field('message').id}>メッセージ（任意・{SOCIAL_GIFT_MESSAGE_MAX}文字以内）</label>
          <textarea {...form.field('message')} rows={4} />
          <small className="muted" aria-live="polite">
            {form.values.message.length}/{SOCIAL_GIFT_MESSAGE_MAX}文字
          </small>
          <FieldError id={form.errorId('message')} message={form.errors.message} />
        </div>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            ソーシャルギフトで次へ
          </button>
        </div>
      </form>
    </>
  );
}
