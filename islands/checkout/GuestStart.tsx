/**
 * 「会員登録せずに購入する」 on the login screen when the visitor came from checkout: starts a guest
 * purchase (GET /v1/users/dummy; the token stays in this tab's guest store) and goes on to enter the
 * buyer and the delivery address.
 */

import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { cartShippingAddPath } from '#lib/routes.ts';
import { useState } from '../common/react.ts';

/** The checkout page the login screen returns to (?redirect=/cart/…), or null. */
export function checkoutReturn(search: string): string | null {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect && /^\/cart\/(shipping-select|shipping-add|payment|confirm)\//.test(redirect) ? redirect : null;
}

export default function GuestStart() {
  const [visible] = useState(() => checkoutReturn(window.location.search) !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!visible) return null;

  async function start() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // The guest start call only on this click: most visitors of /login/ never press it.
      const { startGuestCheckout } = await import('#api-client/account/guest.ts');
      await startGuestCheckout();
      window.location.assign(cartShippingAddPath);
    } catch (e) {
      setError(isDisplayableError(e) ? firstErrorMessage(e) : '手続きを開始できませんでした。時間をおいて再度お試しください。');
      setBusy(false);
    }
  }

  return (
    <section className="panel stack" aria-labelledby="guest-start">
      <h2 id="guest-start">会員登録せずに購入する</h2>
      <p>
        会員登録をせずにご購入いただけます。お名前・メールアドレス・お届け先をご入力ください。ご購入後に、そのまま会員登録することもできます。
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-block" onClick={start} disabled={busy} aria-busy={busy}>
        会員登録せずに購入する
      </button>
    </section>
  );
}
