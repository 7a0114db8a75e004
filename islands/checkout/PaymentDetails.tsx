/**
 * The chosen payment method's details on /cart/payment/: the card form (tokenised in the browser by
 * the provider's script; the number never reaches the shop), a member's saved cards, the konbini
 * store, the 後払い notice. `collectRef` gives the payment form what to send with the method, or
 * null when a field needs fixing (its message is then shown here).
 */

import { addUserCard, getPaymentService, listUserCards } from '#api-client/checkout/card-payments.ts';
import type { PaymentMethod } from '#api-client/core/types.ts';
import type { PaymentServiceSettings, UserCard } from '#contracts/card-payments.ts';
import type { PaymentChoiceDetails } from '#stores/cart.ts';
import { useSessionStore } from '#stores/session.ts';
import FieldError from '../common/FieldError.tsx';
import { useEffect, useId, useState } from '../common/react.ts';
import { type CardInput, isCardTokenError, tokeniseCard } from './card-token.ts';

export type Collect = () => Promise<PaymentChoiceDetails | null>;
interface Props {
  method: PaymentMethod;
  collectRef: { current: Collect | null };
}

/** The details of one method, or nothing for a method that needs none (代金引換, 銀行振込). */
export default function PaymentDetails({ method, collectRef }: Props) {
  if (method.code === 'card') return <CardDetails collectRef={collectRef} />;
  if (method.code === 'konbini') return <KonbiniDetails collectRef={collectRef} />;
  if (method.code === 'deferred') return <DeferredNotice collectRef={collectRef} />;
  collectRef.current = async () => ({});
  return null;
}

function useSettings(code: string): PaymentServiceSettings | null {
  const [settings, setSettings] = useState<PaymentServiceSettings | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    getPaymentService(code, { signal: abort.signal }).then(setSettings, () => {});
    return () => abort.abort();
  }, [code]);
  return settings;
}

function DeferredNotice({ collectRef }: Pick<Props, 'collectRef'>) {
  const settings = useSettings('deferred');
  collectRef.current = async () => ({});
  return settings?.notice ? <p className="notice">{settings.notice}</p> : null;
}

function KonbiniDetails({ collectRef }: Pick<Props, 'collectRef'>) {
  const id = useId();
  const settings = useSettings('konbini');
  const [store, setStore] = useState('');
  const [error, setError] = useState<string | undefined>();
  collectRef.current = async () => {
    if (!store) {
      setError('お支払いコンビニを選択してください。');
      return null;
    }
    return { konbini_store: store };
  };
  return (
    <div className="field">
      <label htmlFor={`${id}-store`}>お支払いコンビニ</label>
      <select
        id={`${id}-store`}
        value={store}
        onChange={(e) => {
          setStore(e.target.value);
          setError(undefined);
        }}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-store-error` : `${id}-store-hint`}
      >
        <option value="">選択してください</option>
        {(settings?.stores ?? []).map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      <small id={`${id}-store-hint`} className="muted">
        ご注文後に表示されるお支払い番号で、選択したコンビニでお支払いください。
      </small>
      <FieldError id={`${id}-store-error`} message={error} />
    </div>
  );
}

type CardField = 'ccNumber' | 'ccName' | 'ccExpiration' | 'securityCode';
const FROM_PROVIDER: Record<keyof CardInput, CardField> = {
  number: 'ccNumber',
  name: 'ccName',
  expiry: 'ccExpiration',
  code: 'securityCode',
};
const NEW_CARD = 'new';

/** A quick check before asking the provider, so an empty field is named at once. */
function checkCardFields(v: Record<CardField, string>): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!/^\d{14,16}$/.test(v.ccNumber.replace(/[\s-]/g, ''))) errors.ccNumber = 'カード番号は半角数字14〜16桁で入力してください。';
  if (!v.ccName.trim()) errors.ccName = 'カード名義を入力してください。';
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(v.ccExpiration)) errors.ccExpiration = '有効期限はyyyymmの形式（例：202812）で入力してください。';
  if (!/^\d{3,4}$/.test(v.securityCode)) errors.securityCode = 'セキュリティコードは半角数字3桁（一部のカードは4桁）で入力してください。';
  return errors;
}

function CardDetails({ collectRef }: Pick<Props, 'collectRef'>) {
  const id = useId();
  const isMember = useSessionStore((s) => s.isLogin && s.isRegisteredMember !== false);
  const [cards, setCards] = useState<UserCard[]>([]);
  const [choice, setChoice] = useState<string>(NEW_CARD);
  const [values, setValues] = useState<Record<CardField, string>>({ ccNumber: '', ccName: '', ccExpiration: '', securityCode: '' });
  const [save, setSave] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!isMember) return undefined;
    const abort = new AbortController();
    listUserCards({ signal: abort.signal }).then(
      (list) => {
        setCards(list);
        const main = list.find((c) => c.is_main);
        if (main) setChoice(String(main.id));
      },
      () => {},
    );
    return () => abort.abort();
  }, [isMember]);

  collectRef.current = async () => {
    setMessage(null);
    if (choice !== NEW_CARD) return { user_card_id: Number(choice) };
    const local = checkCardFields(values);
    setErrors(local);
    if (Object.keys(local).length) return null;
    try {
      const token = await tokeniseCard({
        number: values.ccNumber.replace(/[\s-]/g, ''),
        expiry: values.ccExpiration,
        code: values.securityCode,
        name: values.ccName.trim(),
      });
      if (save && isMember) return { user_card_id: (await addUserCard(token.id)).id };
      return { card_token: token.id };
    } catch (e) {
      if (isCardTokenError(e)) {
        const fieldErrors: Partial<Record<CardField, string>> = {};
        for (const [k, list] of Object.entries(e.errors)) if (list?.[0]) fieldErrors[FROM_PROVIDER[k as keyof CardInput]] = list[0];
        setErrors(fieldErrors);
        setMessage(e.message);
        return null;
      }
      throw e;
    }
  };

  const field = (name: CardField, label: string, hint: string, extra: Record<string, string>) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {/* No name attribute: these values are never part of a form submitted to the shop. */}
      <input
        id={`${id}-${name}`}
        type="text"
        value={values[name]}
        {...extra}
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

  return (
    <div className="stack card-details">
      {cards.length > 0 && (
        <fieldset className="stack">
          <legend>お支払いに使うカード</legend>
          {cards.map((c) => (
            <div key={c.id} className="choice">
              <input
                type="radio"
                id={`${id}-card-${c.id}`}
                name={`${id}-card`}
                value={c.id}
                checked={choice === String(c.id)}
                onChange={() => setChoice(String(c.id))}
              />
              <label htmlFor={`${id}-card-${c.id}`}>
                {c.brand.toUpperCase()} {c.masked_number}（有効期限 {c.expiration.slice(0, 4)}/{c.expiration.slice(4)}）
                {c.is_main ? '・いつものカード' : ''}
              </label>
            </div>
          ))}
          <div className="choice">
            <input
              type="radio"
              id={`${id}-card-new`}
              name={`${id}-card`}
              value={NEW_CARD}
              checked={choice === NEW_CARD}
              onChange={() => setChoice(NEW_CARD)}
            />
            <label htmlFor={`${id}-card-new`}>新しいカードを入力する</label>
          </div>
        </fieldset>
      )}
      {choice === NEW_CARD && (
        <div className="stack" role="group" aria-labelledby={`${id}-new-title`}>
          <p id={`${id}-new-title`} className="muted">
            カード情報は決済代行会社に直接送信され、当店には保存されません。
          </p>
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
          {isMember && (
            <div className="choice">
              <input type="checkbox" id={`${id}-save`} checked={save} onChange={(e) => setSave(e.target.checked)} />
              <label htmlFor={`${id}-save`}>このカードを登録する（次回から入力を省略できます）</label>
            </div>
          )}
        </div>
      )}
      {message && (
        <p className="alert" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
