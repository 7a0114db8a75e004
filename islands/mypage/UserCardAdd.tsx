/**
 * /mypage/card/add/ (クレジットカードの登録): the card form of spec 3 (ccNumber, ccName, ccExpiration
 * YYYYMM, securityCode) with the spec-5 hints, tokenised in the browser by the payment provider's own
 * script exactly as the checkout does (islands/checkout/card-token.ts): the number, expiry and code go
 * to the provider's origin only, and POST /v1/me/user-cards receives the provider's token. The inputs
 * have no name and sit in no form that posts to the shop. Saved: back to /mypage/card/ with its
 * status message. A member who already has the maximum of cards (x-limit) gets no form.
 */

import { listUserCardsWithLimit, type UserCardList } from '#api-client/account/user-cards.ts';
import { addUserCard } from '#api-client/checkout/card-payments.ts';
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { CARD_ADDED_PARAM, mypageCardPath } from '#lib/mypage-routes.ts';
import { type CardInput, isCardTokenError, tokeniseCard } from '../checkout/card-token.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { useEffect, useId, useState } from '../common/react.ts';
import MypageLayout from './MypageLayout.tsx';

export default function UserCardAdd() {
  return (
    <MypageLayout>
      <AddScreen />
    </MypageLayout>
  );
}

/** The form, unless the member already has the maximum of cards (x-limit): then the way back. */
function AddScreen() {
  const [list, setList] = useState<UserCardList | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const abort = new AbortController();
    listUserCardsWithLimit({ signal: abort.signal }).then(setList, (e) => {
      if (!abort.signal.aborted) setError(e);
    });
    return () => abort.abort();
  }, []);
  if (error) return <ErrorMessage error={error} fallback="カード情報を読み込めませんでした。" />;
  if (!list) return <Loading />;
  if (list.limit !== undefined && list.cards.length >= list.limit) {
    return (
      <div className="stack">
        <p className="notice" role="status">
          登録できるカードは最大{list.limit}枚です。上限に達しているため、新しいカードは登録できません。
        </p>
        <p>
          <a className="btn" href={mypageCardPath}>
            クレジットカード一覧へ戻る
          </a>
        </p>
      </div>
    );
  }
  return <CardForm />;
}

type CardField = 'ccNumber' | 'ccName' | 'ccExpiration' | 'securityCode';
const FROM_PROVIDER: Record<keyof CardInput, CardField> = {
  number: 'ccNumber',
  name: 'ccName',
  expiry: 'ccExpiration',
  code: 'securityCode',
};
const ORDER: CardField[] = ['ccNumber', 'ccName', 'ccExpiration', 'securityCode'];

/**
 * A quick check before asking the provider, so an empty or malformed field is named at once. The hint
 * says 14 digits, as spec 5's input hints do; 14 to 16 are accepted (most cards have 16). Checkout's
 * card form (islands/checkout/PaymentDetails.tsx) keeps its own copy: a module shared by both forms
 * would be one more file on the payment page, which is at its JavaScript budget.
 */
export function checkCardFields(v: Record<CardField, string>): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!/^\d{14,16}$/.test(v.ccNumber.replace(/[\s-]/g, ''))) errors.ccNumber = 'カード番号は半角数字14〜16桁で入力してください。';
  if (!v.ccName.trim()) errors.ccName = 'カード名義を入力してください。';
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(v.ccExpiration)) errors.ccExpiration = '有効期限はyyyymmの形式（例：202812）で入力してください。';
  if (!/^\d{3,4}$/.test(v.securityCode)) errors.securityCode = 'セキュリティコードは半角数字3桁（一部のカードは4桁）で入力してください。';
  return errors;
}

function CardForm() {
  const id = useId();
  const [values, setValues] = useState<Record<CardField, string>>({ ccNumber: '', ccName: '', ccExpiration: '', securityCode: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const focusFirst = (errs: Partial<Record<CardField, string>>) => {
    const first = ORDER.find((f) => errs[f]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const local = checkCardFields(values);
    setErrors(local);
    if (Object.keys(local).length) {
      focusFirst(local);
      return;
    }
    setBusy(true);
    try {
      const token = await tokeniseCard({
        number: values.ccNumber.replace(/[\s-]/g, ''),
        expiry: values.ccExpiration,
        code: values.securityCode,
        name: values.ccName.trim(),
      });
      await addUserCard(token.id);
      window.location.assign(`${mypageCardPath}?${CARD_ADDED_PARAM}=1`);
    } catch (e) {
      setBusy(false);
      if (isCardTokenError(e)) {
        const fieldErrors: Partial<Record<CardField, string>> = {};
        for (const [k, list] of Object.entries(e.errors)) if (list?.[0]) fieldErrors[FROM_PROVIDER[k as keyof CardInput]] = list[0];
        setErrors(fieldErrors);
        setMessage(e.message);
        focusFirst(fieldErrors);
        return;
      }
      if (isDisplayableError(e)) setMessage(firstErrorMessage(e, 'カードを登録できませんでした。'));
    }
  }

  const field = (name: CardField, label: string, hint: string, extra: Record<string, string>) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {/* No name attribute: these values are never part of a form submitted to the shop. */}
      <input
        id={`${id}-${name}`}
        type="text"
        value={values[name]}
        {...extra}
        required
        onChange={(e) => {
          setValues({ ...values, [name]: e.target.value });
          setErrors({ ...errors, [name]: undefined });
        }}
        aria-invalid={!!errors[name]}
        aria-describedby={`${id}-${name}-hint${errors[name] ? ` ${id}-${name}-error` : ''}`}
      />
      <small id={`${id}-${name}-hint`} className="muted">
        {hint}
      </small>
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );

  // The submit handler prevents the browser's own submission: nothing here is ever posted to the shop.
  return (
    <form className="form stack card-details" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="muted">
        カード情報は決済代行会社に直接送信され、当店には保存されません。
      </p>
      {message && (
        <p className="alert" role="alert">
          {message}
        </p>
      )}
      {field('ccNumber', 'カード番号', '半角数字・ハイフンなし（14桁）', {
        inputMode: 'numeric',
        autoComplete: 'cc-number',
        maxLength: '19',
      })}
      {field('ccName', 'カード名義', '半角ローマ字（例：TARO YAMADA）', { autoComplete: 'cc-name', maxLength: '45' })}
      {field('ccExpiration', '有効期限', 'yyyymm（例：202812）', { inputMode: 'numeric', autoComplete: 'cc-exp', maxLength: '6' })}
      {field('securityCode', 'セキュリティコード', 'カード裏面の3桁の数字', {
        inputMode: 'numeric',
        autoComplete: 'cc-csc',
        maxLength: '4',
      })}
      <div className="actions">
        <a className="btn" href={mypageCardPath}>
          登録せずに戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          このカードを登録する
        </button>
      </div>
    </form>
  );
}
