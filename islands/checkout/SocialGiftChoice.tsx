/**
 * 「ソーシャルギフトで贈る」 on checkout step 1: instead of choosing an address, the sender buys the
 * cart as a gift sent by link (the receiver enters the address and delivery date). The sender's name
 * and a message (200 characters) travel with the link; 代金引換 cannot pay for a gift. Turning it off
 * brings the address choice back.
 */
import type { ReactNode } from 'react';
import { useId, useState } from '../common/react.ts';
import { SOCIAL_GIFT_MESSAGE_MAX } from '#contracts/constants.ts';
import { cartPaymentPath } from '../../src/lib/routes.ts';
import type { Cart } from '../../src/api-client/types.ts';
import { useCartStore } from '../../src/stores/cart.ts';
import type { FormSpec } from '../../src/validation/form.ts';
import { maxLength } from '../../src/validation/rules.ts';
import FieldError from '../common/FieldError.tsx';
import { useAccountForm } from '../reminder/account-form.ts';

type Values = { sender_name: string; message: string };
const spec: FormSpec<Values> = {
  sender_name: { label: '贈り主のお名前', rules: [maxLength(50)] },
  message: { label: 'メッセージ', rules: [maxLength(SOCIAL_GIFT_MESSAGE_MAX)] },
};

/**
 * The gift switch above the step's address choice (`children`), which shows while the switch is off.
 * The cart comes from the store, loaded by the address choice's own checkout-step check.
 */
export default function SocialGiftChoice({ children }: { children: ReactNode }) {
  const cart = useCartStore((s) => s.cart);
  const [on, setOn] = useState<boolean | null>(null);
  const giftOn = on ?? cart?.socialGift != null;
  return (
    <>
      {cart && cart.lines.length > 0 && <GiftSwitch key={cart.token} cart={cart} on={giftOn} setOn={setOn} />}
      {!giftOn && children}
    </>
  );
}

/** The switch and, when on, the sender's name and message with 「次へ」. */
function GiftSwitch({ cart, on, setOn }: { cart: Cart; on: boolean; setOn: (on: boolean) => void }) {
  const id = useId();
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

  async function toggle(next: boolean) {
    setOn(next);
    setAlert(null);
    // Turning the gift off at once: the address choice below needs an ordinary cart.
    if (!next && cart.socialGift) {
      try {
        await useCartStore.getState().setSocialGift(null);
      } catch (e) {
        setAlert(form.showApiError(e));
      }
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="panel stack social-gift-choice">
      <h2 id={`${id}-title`}>ソーシャルギフト</h2>
      <div className="choice">
        <input type="checkbox" id={`${id}-on`} checked={on} onChange={(e) => void toggle(e.target.checked)} aria-describedby={`${id}-desc`} />
        <div>
          <label htmlFor={`${id}-on`}><strong>ソーシャルギフトで贈る</strong></label>
          <p id={`${id}-desc`} className="muted choice-desc">
            お届け先のご住所がわからなくても贈れます。ご注文後にお送りするURLを相手の方に伝えると、相手の方がお届け先とお届け日時を入力します（代金引換はご利用いただけません）。
          </p>
        </div>
      </div>
      {alert && <p className="alert" role="alert">{alert}</p>}
      {on && (
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
            <small className="muted" aria-live="polite">{form.values.message.length}/{SOCIAL_GIFT_MESSAGE_MAX}文字</small>
            <FieldError id={form.errorId('message')} message={form.errors.message} />
          </div>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>ソーシャルギフトで次へ</button>
          </div>
        </form>
      )}
    </section>
  );
}
