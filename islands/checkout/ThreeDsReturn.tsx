/**
 * /cart/payment/return/: back from the card provider's 3-D Secure page with ?payment_ref and
 * ?payment_result. Completes the authorisation and the order (POST /v1/carts/{token}/payment/3ds),
 * then goes to the thanks page; a failure is shown in Japanese with the way back to the payment step.
 */

import { completeCardAuthentication, deleteTransactionError } from '#api-client/checkout/card-authentication.ts';
import { clearCartCookies, readCartToken } from '#api-client/core/cookie-jar.ts';
import { firstErrorMessage } from '#api-client/core/errors.ts';
import { cartCompletePath, cartPaymentPath } from '#lib/routes.ts';
import { useSessionStore } from '#stores/session.ts';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';

export default function ThreeDsReturn() {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const paymentRef = params.get('payment_ref');
    const paymentResult = params.get('payment_result');
    const token = readCartToken();
    if (!paymentRef || !paymentResult || !token) {
      setError('本人認証の結果を確認できませんでした。お支払い方法の選択からやり直してください。');
      return;
    }
    void (async () => {
      await useSessionStore.getState().checkSession();
      try {
        const { order_no } = await completeCardAuthentication(token, { payment_ref: paymentRef, payment_result: paymentResult });
        // The order is placed: the cart's cookies go (what the cart store's clear() does; the page leaves
        // at once, so it needs no store and does not load the cart store's chunk for it).
        clearCartCookies();
        window.location.replace(cartCompletePath(order_no));
      } catch (e) {
        setError(firstErrorMessage(e, 'ご注文を確定できませんでした。'));
        // The failure is shown here; the cart forgets it so the next attempt starts clean.
        void deleteTransactionError(token).catch(() => {});
      }
    })();
  }, []);

  if (!error) return <Loading />;
  return (
    <div className="stack">
      <p className="alert" role="alert">
        {error}
      </p>
      <div className="actions" style={{ justifyContent: 'flex-start' }}>
        <a className="btn btn-primary" href={cartPaymentPath}>
          お支払い方法の選択に戻る
        </a>
      </div>
    </div>
  );
}
