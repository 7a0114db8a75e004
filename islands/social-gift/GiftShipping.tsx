/**
 * /social-gift/{key}/shipping/: the receiver's address, with postal-code autofill (prefecture, city
 * and town; the street number is left to the receiver). The API checks it (POST /check/shipping, the
 * spec-5 rules) before the delivery step; its messages show under their fields.
 */
import { listPrefectures } from '#api-client/account/addresses.ts';
import { checkSocialGiftShipping, getSocialGiftShipping } from '#api-client/checkout/social-gift.ts';
import { socialGiftPath } from '#lib/routes.ts';
import type { FormSpec } from '#validation/form.ts';
import { kana, maxLength, phoneDigits, required } from '#validation/rules.ts';
import AddressFields, { TextField } from '../common/AddressFields.tsx';
import { type AddressPartValues, addressPartSpec } from '../common/address-rules.ts';
import Loading from '../common/Loading.tsx';
import { useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import { readDraft, writeDraft } from './flow.ts';
import GiftNotice from './GiftNotice.tsx';
import { useGiftLoad } from './useGift.ts';

type Values = AddressPartValues & {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  phone_number: string;
};

/** The receiver's address rules (spec 5 messages): names, kana and phone are required. */
export const giftAddressSpec: FormSpec<Values> = {
  last_name: { label: '姓', rules: [required, maxLength(50)] },
  first_name: { label: '名', rules: [required, maxLength(50)] },
  last_name_kana: { label: 'セイ', rules: [required, maxLength(50), kana] },
  first_name_kana: { label: 'メイ', rules: [required, maxLength(50), kana] },
  phone_number: { label: '電話番号', rules: [required, phoneDigits] },
  ...addressPartSpec,
};

export default function GiftShipping({ giftKey }: { giftKey: string }) {
  const loaded = useGiftLoad(giftKey, (signal) => Promise.all([getSocialGiftShipping(giftKey, { signal }), listPrefectures({ signal })]));
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'error') return <GiftNotice error={loaded.error} />;
  return <AddressForm giftKey={giftKey} prefectures={loaded.data[1].map((p) => p.name)} />;
}

function AddressForm({ giftKey, prefectures }: { giftKey: string; prefectures: string[] }) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const saved = readDraft(giftKey)?.address;
  const initial: Values = {
    last_name: saved?.last_name ?? '',
    first_name: saved?.first_name ?? '',
    last_name_kana: saved?.last_name_kana ?? '',
    first_name_kana: saved?.first_name_kana ?? '',
    phone_number: saved?.phone_number ?? '',
    postal_code: saved?.formatted_postal_code ?? '',
    prefecture: saved?.prefecture ?? '',
    city: saved?.city ?? '',
    address1: saved?.address1 ?? '',
    address2: saved?.address2 ?? '',
  };

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as Values;
      const { address } = await checkSocialGiftShipping(trimmed);
      const draft = readDraft(giftKey) ?? { key: giftKey };
      // A new prefecture may change the dates that can be chosen: the delivery step asks again.
      const delivery = draft.address?.prefecture === address.prefecture ? draft.delivery : undefined;
      writeDraft({ key: giftKey, address, delivery });
      window.location.assign(socialGiftPath('delivery', giftKey));
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({ initial, spec: giftAddressSpec, onSubmit: submit });
  const text = (name: keyof Values, label: string, extra: Record<string, string> = {}, hint?: string) => (
    <TextField form={form} name={name} label={label} extra={extra} hint={hint} />
  );

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      <h1>お届け先の入力</h1>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <fieldset className="stack">
        <legend>ギフトを受け取る方のお名前とご住所</legend>
        {text('last_name', '姓', { autoComplete: 'family-name' })}
        {text('first_name', '名', { autoComplete: 'given-name' })}
        {text('last_name_kana', 'セイ', {}, '全角カタカナ')}
        {text('first_name_kana', 'メイ', {}, '全角カタカナ')}
        {text(
          'phone_number',
          '電話番号',
          { autoComplete: 'tel', inputMode: 'numeric' },
          '半角数字・ハイフンなし（配達時のご連絡に使います）',
        )}
        <AddressFields form={form} prefectures={prefectures} />
      </fieldset>
      <p className="muted">ご入力いただいたご住所は、贈り主さまには表示されません。</p>
      <div className="actions">
        <a className="btn" href={socialGiftPath('', giftKey)}>
          戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          次へ
        </button>
      </div>
    </form>
  );
}
