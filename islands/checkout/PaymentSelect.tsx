/**
 * Checkout step 2 (/cart/payment/): choose how to pay among the methods usable for this cart
 * (代金引換, 銀行振込, ...), each with its fee; 「確認画面へ」 sets it on the cart.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { PaymentMethod } from '#contracts/payments.ts';
import { formatYenWithTax } from '../../src/lib/money.ts';
import { useCartStore } from '../../src/stores/cart.ts';
import { createCartPaymentsStore } from '../../src/stores/query.ts';
import { messages } from '#contracts/messages.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useRequireLogin } from '../common/useRequireLogin.ts';
import { useCheckoutCart } from './useCheckoutCart.ts';

/** Login guard, then the payment form. */
export default function PaymentSelect() {
  const loggedIn = useRequireLogin();
  return loggedIn ? <PaymentForm /> : <Loading />;
}

/** '手数料 ¥330（税込）' or '手数料無料'. */
export function feeText(method: PaymentMethod): string {
  return method.fee > 0 ? `手数料 ${formatYenWithTax(method.fee)}` : '手数料無料';
}

/** Marker for "submitted without a choice" in the error slot. */
const MISSING = Symbol('missing');

function PaymentForm() {
  const id = useId();
  const cart = useCheckoutCart('payment');
  const $token = useMemo(() => atom<string | null>(null), []);
  const $payments = useMemo(() => createCartPaymentsStore($token), [$token]);
  const { data, error, loading } = useStore($payments);
  const [choice, setChoice] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);

  useEffect(() => {
    if (cart?.token) $token.set(cart.token);
  }, [cart?.token, $token]);

  if (!cart || (!data && !error) || (loading && !data)) return <Loading />;
  if (error) return <ErrorMessage error={error} fallback="お支払い方法を読み込めませんでした。" />;
  const methods = data ?? [];
  // Only the cart's own choice is pre-selected: how to pay is the shopper's explicit decision.
  const selected = choice ?? (methods.some((m) => m.id === cart.payment_id) ? cart.payment_id : null);
  const missing = submitError === MISSING;

  async function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!selected) {
      setSubmitError(MISSING);
      return;
    }
    setBusy(true);
    setSubmitError(null);
    try {
      await useCartStore.getState().setPayment(selected);
      window.location.assign('/cart/confirm/');
    } catch (e) {
      setSubmitError(e);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={next} className="stack">
      <fieldset className="stack">
        <legend>お支払い方法を選択してください</legend>
        <ul className="choice-list">
          {methods.map((m) => {
            const inputId = `${id}-${m.id}`;
            return (
              <li key={m.id}>
                <div className="choice">
                  <input type="radio" id={inputId} name="payment" value={m.id} checked={selected === m.id}
                    onChange={() => { setChoice(m.id); setSubmitError(null); }} aria-describedby={`${inputId}-desc`} />
                  <div>
                    <label htmlFor={inputId}><strong>{m.name}</strong></label>
                    <p id={`${inputId}-desc`} className="muted choice-desc">
                      {feeText(m)}{m.description && <><br />{m.description}</>}
                    </p>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {missing ? <p className="alert" role="alert">{messages.required('お支払い方法')}</p> : <ErrorMessage error={submitError} />}
      <div className="actions">
        <a className="btn" href="/cart/shipping-select/">お届け先の選択に戻る</a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>確認画面へ</button>
      </div>
    </form>
  );
}
