/**
 * /cart/shipping-add/: a new delivery address during checkout (postal-code autofill fills 都道府県,
 * 市区町村 and the town into 番地; the street number is left to the shopper), saved to the address
 * book and set on the cart, then on to the delivery date, wrapping and のし step. For a guest purchase (非会員購入) the same
 * screen first asks for the buyer's e-mail address: name, kana and phone are the buyer's too, saved
 * with PUT /v1/me/user on the guest's unregistered member so the order mail reaches them.
 */

import { createAddressItem } from '#api-client/account/address-items.ts';
import { listPrefectures } from '#api-client/account/addresses.ts';
import { isGuestCheckout, saveGuestBuyer } from '#api-client/account/guest.ts';
import { cartShippingDetailPath, cartShippingSelectPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import type { FormSpec } from '#validation/form.ts';
import { email, kana, maxLength, phoneDigits, required } from '#validation/rules.ts';
import AddressFields, { TextField } from '../common/AddressFields.tsx';
import { type AddressPartValues, addressPartSpec, EMPTY_ADDRESS_PART } from '../common/address-rules.ts';
import Loading from '../common/Loading.tsx';
import MemberGate from '../common/MemberGate.tsx';
import { useState } from '../common/react.ts';
import ToastRegion from '../common/ToastRegion.tsx';
import { useAccountForm } from '../reminder/account-form.ts';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { useLoad } from './useLoad.ts';

type Values = AddressPartValues & {
  email: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  phone_number: string;
};

const initial: Values = {
  email: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  phone_number: '',
  ...EMPTY_ADDRESS_PART,
};

/** The form's rules (spec 5 messages); the e-mail address only for a guest purchase. */
export function shippingAddSpec(guest: boolean): FormSpec<Values> {
  return {
    ...(guest ? { email: { label: 'メールアドレス', rules: [required, maxLength(255), email] } } : {}),
    last_name: { label: '姓', rules: [required, maxLength(50)] },
    first_name: { label: '名', rules: [required, maxLength(50)] },
    last_name_kana: { label: 'セイ', rules: [required, maxLength(50), kana] },
    first_name_kana: { label: 'メイ', rules: [required, maxLength(50), kana] },
    phone_number: { label: '電話番号', rules: [required, phoneDigits] },
    ...addressPartSpec,
  };
}

/** The gate (members and guest purchases), then the form. */
export default function ShippingAdd() {
  return (
    <>
      <MemberGate allowGuest>
        <AddressForm />
      </MemberGate>
      <ToastRegion />
    </>
  );
}

function AddressForm() {
  const cart = useCheckoutCart('shipping');
  const [guest] = useState(isGuestCheckout);
  const [spec] = useState(() => shippingAddSpec(guest));
  const prefectures = useLoad('prefectures', (signal) => listPrefectures({ signal }));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    const person = {
      last_name: values.last_name.trim(),
      first_name: values.first_name.trim(),
      last_name_kana: values.last_name_kana.trim(),
      first_name_kana: values.first_name_kana.trim(),
    };
    try {
      if (guest) await saveGuestBuyer({ ...person, email: values.email.trim(), phone_number: values.phone_number.trim() });
      const address = await createAddressItem({
        ...person,
        phone_number: values.phone_number.trim(),
        postal_code: values.postal_code.trim(),
        prefecture: values.prefecture,
        city: values.city.trim(),
        address1: values.address1.trim(),
        address2: values.address2.trim(),
        name: guest ? 'ご注文時のお届け先' : '',
        is_default: guest,
      });
      const cart = await useCartStore.getState().setShipping(address.id);
      // Several addresses: back to the choice, where the new one is ticked and the lines are divided.
      window.location.assign(cart.deliveries.length > 1 ? cartShippingSelectPath : cartShippingDetailPath);
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({ initial, spec, onSubmit: submit });
  if (!cart) return <Loading />;
  const text = (name: keyof Values & string, label: string, extra: Record<string, string> = {}, hint?: string) => (
    <TextField form={form} name={name} label={label} extra={extra} hint={hint} />
  );

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      {guest && (
        <fieldset className="stack">
          <legend>ご注文者さま</legend>
          <p className="muted">会員登録をせずにご購入いただけます。ご注文確認メールをお送りするメールアドレスを入力してください。</p>
          {text('email', 'メールアドレス', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        </fieldset>
      )}
      <fieldset className="stack">
        <legend>{guest ? 'お名前とお届け先' : '新しいお届け先'}</legend>
        {text('last_name', '姓', { autoComplete: 'family-name' })}
        {text('first_name', '名', { autoComplete: 'given-name' })}
        {text('last_name_kana', 'セイ', {}, '全角カタカナ')}
        {text('first_name_kana', 'メイ', {}, '全角カタカナ')}
        {text('phone_number', '電話番号', { autoComplete: 'tel', inputMode: 'numeric' }, '半角数字・ハイフンなし')}
        <AddressFields form={form} prefectures={(prefectures.data ?? []).map((p) => p.name)} />
      </fieldset>
      <div className="actions">
        <a className="btn" href={cartShippingSelectPath}>
          戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          次へ
        </button>
      </div>
    </form>
  );
}
