/**
 * /mypage/address/add/ and /mypage/address/{key}/edit/ (お届け先の登録・編集): the label (お届け先名),
 * name and kana, phone and the address with postal-code autofill (islands/common/AddressFields.tsx),
 * checked with the spec 5 rules before POST or PUT /v1/me/user-addresses…; the API's 422 messages go
 * under their fields. Saved: back to the list, which says so. Someone else's or a deleted address
 * (404) shows a message with the way back.
 */

import { getAddressItem, updateAddressItem } from '#api-client/account/address-book.ts';
import { createAddressItem, type NewAddress } from '#api-client/account/address-items.ts';
import { listPrefectures, type Prefecture } from '#api-client/account/addresses.ts';
import { ApiError, isDisplayableError } from '#api-client/core/errors.ts';
import type { Address } from '#api-client/core/types.ts';
import { ADDRESS_SAVED_NOTICE_KEY, mypageAddressPath } from '#lib/mypage-routes.ts';
import type { FormSpec } from '#validation/form.ts';
import { kana, maxLength, phoneDigits, required } from '#validation/rules.ts';
import AddressFields, { TextField } from '../common/AddressFields.tsx';
import { type AddressPartValues, addressPartSpec, EMPTY_ADDRESS_PART } from '../common/address-rules.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import MypageLayout from './MypageLayout.tsx';

type Values = AddressPartValues & {
  name: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  phone_number: string;
};

const empty: Values = {
  name: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  phone_number: '',
  ...EMPTY_ADDRESS_PART,
};

/** The address book form's rules (spec 5; the same as the API's addressFormSchema and each CSV row: kana and phone optional). */
export const addressFormSpec: FormSpec<Values> = {
  name: { label: 'お届け先名', rules: [maxLength(50)] },
  last_name: { label: '姓', rules: [required, maxLength(50)] },
  first_name: { label: '名', rules: [required, maxLength(50)] },
  last_name_kana: { label: 'セイ', rules: [maxLength(50), kana] },
  first_name_kana: { label: 'メイ', rules: [maxLength(50), kana] },
  phone_number: { label: '電話番号', rules: [phoneDigits] },
  ...addressPartSpec,
};

function valuesOf(a: Address): Values {
  return {
    name: a.name,
    last_name: a.last_name,
    first_name: a.first_name,
    last_name_kana: a.last_name_kana,
    first_name_kana: a.first_name_kana,
    phone_number: a.phone_number ?? '',
    postal_code: a.formatted_postal_code,
    prefecture: a.prefecture,
    city: a.city,
    address1: a.address1,
    address2: a.address2,
  };
}

/** The add (no id) or edit screen in the my-page frame. */
export default function AddressEdit({ addressId }: { addressId?: number }) {
  return (
    <MypageLayout>
      <Loader addressId={addressId} />
    </MypageLayout>
  );
}

function Loader({ addressId }: { addressId?: number }) {
  const [prefectures, setPrefectures] = useState<Prefecture[] | null>(null);
  const [address, setAddress] = useState<Address | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    listPrefectures({ signal: controller.signal }).then(setPrefectures, (e) => {
      if (!controller.signal.aborted) setError(e);
    });
    if (addressId !== undefined)
      getAddressItem(addressId, { signal: controller.signal }).then(setAddress, (e) => {
        if (!controller.signal.aborted) setError(e);
      });
    return () => controller.abort();
  }, [addressId]);

  if (error instanceof ApiError && error.status === 404 && !error.handled) {
    return (
      <div className="stack">
        <p className="alert" role="alert">
          お届け先が見つかりませんでした。削除された可能性があります。
        </p>
        <p>
          <a href={mypageAddressPath}>お届け先一覧へ戻る</a>
        </p>
      </div>
    );
  }
  if (error && isDisplayableError(error)) return <ErrorMessage error={error} fallback="お届け先を読み込めませんでした。" />;
  if (!prefectures || (addressId !== undefined && !address)) return <Loading />;
  return <AddressForm prefectures={prefectures.map((p) => p.name)} address={address} />;
}

function AddressForm({ prefectures, address }: { prefectures: string[]; address: Address | null }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    const input: NewAddress = {
      name: values.name.trim(),
      last_name: values.last_name.trim(),
      first_name: values.first_name.trim(),
      last_name_kana: values.last_name_kana.trim(),
      first_name_kana: values.first_name_kana.trim(),
      phone_number: values.phone_number.trim() || null,
      postal_code: values.postal_code.trim(),
      prefecture: values.prefecture,
      city: values.city.trim(),
      address1: values.address1.trim(),
      address2: values.address2.trim(),
    };
    try {
      if (address) await updateAddressItem(address.id, input);
      else await createAddressItem(input);
      try {
        sessionStorage.setItem(ADDRESS_SAVED_NOTICE_KEY, address ? 'お届け先を変更しました' : 'お届け先を登録しました');
      } catch {
        /* storage off: no notice */
      }
      window.location.assign(mypageAddressPath);
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({ initial: address ? valuesOf(address) : empty, spec: addressFormSpec, onSubmit: submit });
  const text = (name: keyof Values & string, label: string, extra: Record<string, string> = {}, hint?: string) => (
    <TextField form={form} name={name} label={label} extra={extra} hint={hint} />
  );

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-label={address ? 'お届け先の編集' : 'お届け先の登録'}>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <p className="muted">任意と書かれた項目のほかはすべて必須です。</p>
      {text('name', 'お届け先名', {}, '任意（例：自宅、実家）')}
      <fieldset className="stack">
        <legend>お名前</legend>
        {text('last_name', '姓', { autoComplete: 'family-name' })}
        {text('first_name', '名', { autoComplete: 'given-name' })}
        {text('last_name_kana', 'セイ', {}, '任意・全角カタカナ')}
        {text('first_name_kana', 'メイ', {}, '任意・全角カタカナ')}
        {text('phone_number', '電話番号', { autoComplete: 'tel', inputMode: 'numeric' }, '任意・半角数字・ハイフンなし')}
      </fieldset>
      <fieldset className="stack">
        <legend>住所</legend>
        <AddressFields form={form} prefectures={prefectures} />
      </fieldset>
      <div className="actions">
        <a className="btn" href={mypageAddressPath}>
          戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {address ? '変更する' : '登録する'}
        </button>
      </div>
    </form>
  );
}
