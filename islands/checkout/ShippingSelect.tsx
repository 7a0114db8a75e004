/**
 * Checkout step 1 (/cart/shipping-select/): choose the delivery address from the address book.
 * The cart's current address, else the default one, is pre-selected; 「次へ」 sets it on the cart and
 * goes on to the delivery date, wrapping and のし step (/cart/shipping-detail/, all optional there).
 * 「ソーシャルギフトで贈る」 above it replaces the address with a gift link (SocialGiftChoice.tsx).
 */

import type { SubmitEvent } from 'react';
import { listAddressItems } from '#api-client/account/address-items.ts';
import { resetCartShippings } from '#api-client/cart/cart.ts';
import { isGuestCheckout } from '#api-client/core/options.ts';
import type { Address } from '#api-client/core/types.ts';
import { getFrontSettings } from '#api-client/site/settings.ts';
import { cartPath, cartShippingAddPath, cartShippingDetailPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import Deferred from '../common/Deferred.tsx';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import MemberGate from '../common/MemberGate.tsx';
import { useEffect, useId, useState } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';
import SocialGiftChoice from './SocialGiftChoice.tsx';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { useLoad } from './useLoad.ts';

/** The member gate, then the address form. */
export default function ShippingSelect() {
  return (
    <>
      <MemberGate allowGuest>
        <SocialGiftChoice>
          <AddressForm />
        </SocialGiftChoice>
      </MemberGate>
      <ToastRegion />
    </>
  );
}

/** The pre-selected address: the cart's current one, else the default, else the first. */
export function initialAddressId(addresses: Address[], cartAddressId: number | null | undefined): number | null {
  if (cartAddressId && addresses.some((a) => a.id === cartAddressId)) return cartAddressId;
  return (addresses.find((a) => a.is_default) ?? addresses[0])?.id ?? null;
}

function AddressForm() {
  const id = useId();
  const cart = useCheckoutCart('shipping');
  const { data, error, loading } = useLoad('me/user-addresses', (signal) => listAddressItems({ signal }));
  const settings = useLoad('settings/front', (signal) => getFrontSettings({ signal }));
  const [choice, setChoice] = useState<number | null>(null);
  const [multi, setMulti] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);

  if (!cart || (loading && !data) || (settings.loading && !settings.data)) return <Loading />;
  if (error) return <ErrorMessage error={error} fallback="お届け先を読み込めませんでした。" />;
  const addresses = data ?? [];
  if (addresses.length === 0) return <NoAddress />;
  // ORDER.SHIPPING.IS_ALLOW_MULTIPLE: several addresses, the lines divided among them (on request, or when the cart has several).
  const allowMultiple = settings.data?.['ORDER.SHIPPING.IS_ALLOW_MULTIPLE'] === true;
  // Loaded on demand: most carts go to one address, and the address step keeps its JS budget.
  if (allowMultiple && (multi || cart.deliveries.length > 1))
    return <Deferred load={() => import('./ShippingMulti.tsx')} props={{ cart, addresses }} />;
  const selected = choice ?? initialAddressId(addresses, cart.deliveries[0]?.userAddressId);

  async function next(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selected || busy) return;
    setBusy(true);
    setSubmitError(null);
    try {
      const store = useCartStore.getState();
      // With several addresses allowed, add would add another: one address replaces the earlier ones.
      if (cart!.deliveries.some((d) => d.userAddressId !== selected))
        await store.apply((token) => resetCartShippings({ token, is_removing_address: true }));
      await store.setShipping(selected);
      window.location.assign(cartShippingDetailPath);
    } catch (e) {
      setSubmitError(e);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={next} className="stack">
      <fieldset className="stack">
        <legend>お届け先を選択してください</legend>
        <ul className="choice-list">
          {addresses.map((a) => {
            const inputId = `${id}-${a.id}`;
            return (
              <li key={a.id}>
                <div className="choice">
                  <input
                    type="radio"
                    id={inputId}
                    name="address"
                    value={a.id}
                    checked={selected === a.id}
                    onChange={() => setChoice(a.id)}
                    aria-describedby={`${inputId}-desc`}
                  />
                  <div>
                    <label htmlFor={inputId}>
                      <strong>{a.name}</strong> {a.full_address}
                    </label>
                    <p id={`${inputId}-desc`} className="muted choice-desc">
                      {a.last_name} {a.first_name} 様
                      {(a.phone_number || a.cell_phone_number) && ` / ${a.phone_number || a.cell_phone_number}`}
                      {a.is_default && '（既定のお届け先）'}
                    </p>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p>
        <a href={cartShippingAddPath}>新しいお届け先を追加する</a>
      </p>
      {allowMultiple && (
        <p>
          <button type="button" className="btn" onClick={() => setMulti(true)}>
            複数のお届け先に送る
          </button>
        </p>
      )}
      <ErrorMessage error={submitError} />
      <div className="actions">
        <a className="btn" href={cartPath}>
          カートに戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={!selected || busy} aria-busy={busy}>
          次へ
        </button>
      </div>
    </form>
  );
}

/** No saved address yet: a guest purchase goes straight to entering one; a member may add one here. */
function NoAddress() {
  const guest = isGuestCheckout();
  useEffect(() => {
    if (guest) window.location.replace(cartShippingAddPath);
  }, [guest]);
  if (guest) return <Loading />;
  return (
    <div className="stack">
      <p className="notice">お届け先が登録されていません。</p>
      <p>
        <a className="btn btn-primary" href={cartShippingAddPath}>
          お届け先を入力する
        </a>
      </p>
    </div>
  );
}
