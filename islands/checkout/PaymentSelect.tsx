/**
 * Checkout step 2 (/cart/payment/): choose how to pay among the methods usable for this cart
 * (代金引換, 銀行振込, ...), each with the fee the API states for it; 「確認画面へ」 sets it on the cart.
 * A card payment that failed (declined, 3-D Secure not passed) is stated above the methods once: the
 * cart forgets it as soon as it is shown, so a reload or the next attempt does not repeat it.
 */

import type { SubmitEvent } from 'react';
import { deleteCartTransactionError } from '#api-client/cart/cart.ts';
import { listCartPayments } from '#api-client/checkout/payments.ts';
import { cartConfirmPath, cartShippingDetailPath, cartShippingSelectPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import MemberGate from '../common/MemberGate.tsx';
import { useEffect, useId, useRef, useState } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';
import { feeText } from './fee.ts';
import PaymentDetails, { type Collect } from './PaymentDetails.tsx';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { useLoad } from './useLoad.ts';

interface Props {
  /**
   * 「お支払い方法を選択してください」-style required message, rendered by the page from
   * contracts/messages.ts: the island would otherwise bundle every message for this one.
   */
  requiredMessage: string;
}

/** The member gate, then the payment form. */
export default function PaymentSelect({ requiredMessage }: Props) {
  return (
    <>
      <MemberGate allowGuest>
        <PaymentForm requiredMessage={requiredMessage} />
      </MemberGate>
      <ToastRegion />
    </>
  );
}

export { feeText };

/** Marker for "submitted without a choice" in the error slot. */
const MISSING = Symbol('missing');

function PaymentForm({ requiredMessage }: Props) {
  const id = useId();
  const cart = useCheckoutCart('payment');
  const { data, error, loading } = useLoad(cart ? cart.token : null, (signal) => listCartPayments(cart!.token, { signal }));
  const [choice, setChoice] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  // The chosen method's details (card token or saved card, konbini store), from PaymentDetails.
  const collect = useRef<Collect | null>(null);
  // The failure as first seen: it stays on screen while the shopper chooses again, after the server forgot it.
  const [failure, setFailure] = useState<string | null>(null);
  if (cart?.transactionError && failure === null) setFailure(cart.transactionError.message);
  useEffect(() => {
    if (failure === null) return;
    // Seen: cleared on the server (the store keeps the answered cart). A failed clear only means it shows again.
    void useCartStore
      .getState()
      .apply((token) => deleteCartTransactionError(token))
      .catch(() => {});
  }, [failure]);

  if (!cart || (!data && !error) || (loading && !data)) return <Loading />;
  if (error) return <ErrorMessage error={error} fallback="お支払い方法を読み込めませんでした。" />;
  const methods = data ?? [];
  // Only the cart's own choice is pre-selected: how to pay is the shopper's explicit decision.
  const selected = choice ?? (methods.some((m) => m.id === cart.paymentId) ? cart.paymentId : null);
  const missing = submitError === MISSING;

  async function next(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!selected) {
      setSubmitError(MISSING);
      return;
    }
    setBusy(true);
    setSubmitError(null);
    try {
      const details = collect.current ? await collect.current() : {};
      if (!details) {
        setBusy(false);
        return;
      }
      await useCartStore.getState().setPayment(selected, details);
      window.location.assign(cartConfirmPath);
    } catch (e) {
      setSubmitError(e);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={next} className="stack">
      {failure && (
        <div className="alert" role="alert">
          <p>
            <strong>前回のお支払いを完了できませんでした。</strong>
          </p>
          <p>{failure}</p>
          <p>お支払い方法をご確認のうえ、もう一度お選びください。</p>
        </div>
      )}
      <fieldset className="stack">
        <legend>お支払い方法を選択してください</legend>
        <ul className="choice-list">
          {methods.map((m) => {
            const inputId = `${id}-${m.id}`;
            return (
              <li key={m.id}>
                <div className="choice">
                  <input
                    type="radio"
                    id={inputId}
                    name="payment"
                    value={m.id}
                    checked={selected === m.id}
                    onChange={() => {
                      setChoice(m.id);
                      setSubmitError(null);
                    }}
                    aria-describedby={`${inputId}-desc`}
                  />
                  <div>
                    <label htmlFor={inputId}>
                      <strong>{m.name}</strong>
                    </label>
                    <p id={`${inputId}-desc`} className="muted choice-desc">
                      {feeText(m)}
                      {m.description && (
                        <>
                          <br />
                          {m.description}
                        </>
                      )}
                    </p>
                    {selected === m.id && <PaymentDetails method={m} collectRef={collect} />}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {missing ? (
        <p className="alert" role="alert">
          {requiredMessage}
        </p>
      ) : (
        <ErrorMessage error={submitError} />
      )}
      <div className="actions">
        {/* Back to the step before: the delivery date and のし, or for a social gift (no address) the gift's own step. */}
        {cart.socialGift ? (
          <a className="btn" href={cartShippingSelectPath}>
            お届け先の選択に戻る
          </a>
        ) : (
          <a className="btn" href={cartShippingDetailPath}>
            お届け日時の指定に戻る
          </a>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          確認画面へ
        </button>
      </div>
    </form>
  );
}
