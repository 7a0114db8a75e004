/**
 * Registration (/register/, guest-only): the user fields of spec 3 → POST /v1/users, validated
 * first with the contract's rules and messages (spec 5; the theme's stricter password and name
 * rules where the theme declares them), then the API's 422 messages on their fields, focus on the
 * first error. Form keys are the wire's field paths (`address.postal_code`), so the API's errors land
 * on their fields as they are. The answer logs the visitor in through adoptLoginResponse (or keeps
 * the unregistered member pending) and the visitor moves on to /register/complete/. Where the
 * channel verifies the address first, an address already registered is answered like a new one (the
 * mail then tells its owner), so the screen shows the 「確認メールを送信しました」 step for both.
 * On a channel whose members register with a school key (setting SITE.SCHOOL_KEY_REQUIRED, handed
 * in by the page as `schoolKey`), a required 「学校キー」 field comes first; it is checked with
 * POST /v1/schools/check when it is left and before the form is sent (an unknown key is a field error
 * like the others). The registration API enforces the key itself (422 errors.school_key).
 */

import type { ReactNode } from 'react';
import type { RegisterBody } from '#api-client/account/account.ts';
import { listPrefectures, type Prefecture } from '#api-client/account/addresses.ts';
import { firstErrorMessage, isDisplayableError } from '#api-client/core/errors.ts';
import { GENDERS, NEWSLETTER, SECURITY_QUESTIONS } from '#contracts/choices.ts';
import type { FormSpec } from '#validation/form.ts';
import {
  email,
  halfWidthAlphaNum,
  isoDate,
  kana,
  maxLength,
  minLength,
  phoneDigits,
  post,
  type Rule,
  required,
  requiredWithoutAllOf,
  when,
} from '#validation/rules.ts';
import { activeThemeName, themedFieldRules } from '#validation/theme-rules.ts';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import { refreshHeader } from '../common/navigation.ts';
import RadioGroup from '../common/RadioGroup.tsx';
import { useEffect, useRef, useState } from '../common/react.ts';
import { useForm } from '../common/useForm.ts';
import { usePostalAutofill } from '../common/usePostalAutofill.ts';
import { accountPaths, useGuestOnly } from './shared.ts';

type Values = {
  school_key: string;
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email: string;
  username: string;
  password: string;
  phone_number: string;
  cell_phone_number: string;
  newsletter: string;
  gender: string;
  birthday: string;
  security_question_ct: string;
  security_answer: string;
  /** '1' while the optional address block is on. */
  with_address: string;
  'address.postal_code': string;
  'address.prefecture': string;
  'address.city': string;
  'address.address1': string;
  'address.address2': string;
};

const initial: Values = {
  school_key: '',
  last_name: '',
  first_name: '',
  last_name_kana: '',
  first_name_kana: '',
  email: '',
  username: '',
  password: '',
  phone_number: '',
  cell_phone_number: '',
  newsletter: '1',
  gender: '',
  birthday: '',
  security_question_ct: '',
  security_answer: '',
  with_address: '',
  'address.postal_code': '',
  'address.prefecture': '',
  'address.city': '',
  'address.address1': '',
  'address.address2': '',
};

const PHONES = ['phone_number', 'cell_phone_number'];

/** The message of a school key the API does not know (as the registration API words it). */
export const SCHOOL_KEY_INVALID = '学校キーが正しくありません';
/** Keys compare without regard to width, case or surrounding spaces (as the API compares them). */
const normaliseKey = (key: string) => key.normalize('NFKC').trim().toUpperCase();

/** A rule failing for the keys the API has answered as unknown (`rejected` grows as checks come back). */
export function knownSchoolKey(rejected: ReadonlySet<string>): Rule {
  return (value) => (typeof value === 'string' && value.trim() !== '' && rejected.has(normaliseKey(value)) ? SCHOOL_KEY_INVALID : null);
}
const withAddress = (values: Readonly<Record<string, unknown>>) => values.with_address === '1';

/** The field specs in form order (the first invalid one gets focus) under the page's theme. */
export function registerSpec(themeName: string, schoolKey: { rejected: ReadonlySet<string> } | null = null): FormSpec<Values> {
  return {
    school_key: { label: '学校キー', rules: schoolKey ? [required, maxLength(50), knownSchoolKey(schoolKey.rejected)] : [] },
    last_name: { label: '姓', rules: themedFieldRules('name', themeName) },
    first_name: { label: '名', rules: themedFieldRules('name', themeName) },
    last_name_kana: { label: 'セイ', rules: [required, maxLength(50), kana] },
    first_name_kana: { label: 'メイ', rules: [required, maxLength(50), kana] },
    email: { label: 'メールアドレス', rules: [required, maxLength(255), email] },
    username: { label: 'ログインID', rules: [required, maxLength(50), halfWidthAlphaNum, minLength(4)] },
    password: { label: 'パスワード', rules: [...themedFieldRules('password', themeName), minLength(8), maxLength(255)] },
    phone_number: { label: '電話番号', rules: [requiredWithoutAllOf(PHONES), phoneDigits] },
    cell_phone_number: { label: '携帯電話番号', rules: [requiredWithoutAllOf(PHONES), phoneDigits] },
    newsletter: { label: 'メールマガジン', rules: [required] },
    gender: { label: '性別', rules: [] },
    birthday: { label: '生年月日', rules: [isoDate] },
    security_question_ct: { label: '秘密の質問', rules: [required] },
    security_answer: { label: '秘密の質問の答え', rules: [required, maxLength(100)] },
    'address.postal_code': { label: '郵便番号', rules: when(withAddress, [required, post]) },
    'address.prefecture': { label: '都道府県', rules: when(withAddress, [required, maxLength(10)]) },
    'address.city': { label: '市区町村', rules: when(withAddress, [required, maxLength(100)]) },
    'address.address1': { label: '番地', rules: when(withAddress, [required, maxLength(100)]) },
    'address.address2': { label: '建物名', rules: when(withAddress, [maxLength(100)]) },
  };
}

/** The request body from the form's strings. */
export function registerBody(v: Values, withSchoolKey = false): RegisterBody {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    ...(withSchoolKey ? { school_key: v.school_key.trim() } : {}),
    username: v.username.trim(),
    password: v.password,
    email: v.email.trim(),
    last_name: v.last_name.trim(),
    first_name: v.first_name.trim(),
    last_name_kana: v.last_name_kana.trim(),
    first_name_kana: v.first_name_kana.trim(),
    phone_number: orNull(v.phone_number),
    cell_phone_number: orNull(v.cell_phone_number),
    newsletter: v.newsletter === '0' ? 0 : 1,
    gender: v.gender ? (Number(v.gender) as 1 | 2 | 3 | 4) : null,
    birthday: orNull(v.birthday),
    security_question_ct: Number(v.security_question_ct) as 1 | 2 | 3 | 4,
    security_answer: v.security_answer.trim(),
    address:
      v.with_address === '1'
        ? {
            postal_code: v['address.postal_code'].trim(),
            prefecture: v['address.prefecture'].trim(),
            city: v['address.city'].trim(),
            address1: v['address.address1'].trim(),
            ...(v['address.address2'].trim() ? { address2: v['address.address2'].trim() } : {}),
          }
        : null,
  };
}

const MAIN_ERROR = '入力内容をご確認ください。';

/** The registration and school-key calls with the login rules: fetched when the form is first focused or sent, not with the page. */
const loginCalls = () => import('./login-calls.ts');
/** Starts that download early; a failure here is retried by the submit (and reported by the chunk-failure reload). */
const warmUp = () => void loginCalls().catch(() => undefined);

export default function RegisterForm({ schoolKey = false }: { schoolKey?: boolean }) {
  const ready = useGuestOnly();
  /** School keys the API answered as unknown (normalised); the field's rule reads it. */
  const rejected = useRef(new Set<string>()).current;
  const [spec] = useState(() => registerSpec(activeThemeName(), schoolKey ? { rejected } : null));
  /** Bumped when a check comes back, so the field's rule is judged again. */
  const [, setChecked] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [prefectures, setPrefectures] = useState<Prefecture[] | null>(null);

  /** POST /v1/schools/check for the key; false only when the API says the key is unknown (an outage is left to the registration). */
  async function checkKey(value: string): Promise<boolean> {
    const key = value.trim();
    if (!key) return true;
    try {
      const { schoolCheck } = await loginCalls();
      const { check } = await schoolCheck(key);
      if (!check) {
        rejected.add(normaliseKey(key));
        setChecked((n) => n + 1);
      }
      return check;
    } catch {
      return true;
    }
  }

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setError(null);
    let leaving = false;
    try {
      if (schoolKey && !(await checkKey(values.school_key))) {
        form.setServerErrors({ school_key: [SCHOOL_KEY_INVALID] });
        setError(MAIN_ERROR);
        return;
      }
      const { adoptLoginResponse, register } = await loginCalls();
      await adoptLoginResponse(await register(registerBody(values, schoolKey)), { source: 'register' });
      refreshHeader();
      leaving = true;
      window.location.assign(accountPaths.registerComplete);
    } catch (e) {
      if (isDisplayableError(e)) {
        const unmatched = form.setServerErrors(e.errors);
        setError(e.errors && Object.keys(e.errors).length > unmatched.length ? (unmatched[0] ?? MAIN_ERROR) : firstErrorMessage(e));
      }
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  const form = useForm<Values>({ initial, spec, onSubmit: submit });
  const postal = usePostalAutofill({
    onFill: ({ prefecture, city, town }) => {
      form.setValue('address.prefecture', prefecture);
      form.setValue('address.city', city);
      form.setValue('address.address1', town);
    },
  });
  const addressOn = form.values.with_address === '1';

  useEffect(() => {
    if (!addressOn || prefectures) return;
    const controller = new AbortController();
    listPrefectures({ signal: controller.signal }).then(setPrefectures, () => setPrefectures([]));
    return () => controller.abort();
  }, [addressOn, prefectures]);

  if (!ready) return <Loading />;

  /** A labelled text control with its error (and an optional hint). */
  const text = (
    name: keyof Values & string,
    label: string,
    attrs: Record<string, string | number | boolean> = {},
    hint?: string,
    opts: { extra?: ReactNode; onValue?: (value: string) => void; onLeave?: (value: string) => void } = {},
  ) => {
    const props = form.field(name, hint ? `${form.field(name).id}-hint` : undefined);
    const hintId = hint ? `${props.id}-hint` : undefined;
    const { onValue, onLeave, extra } = opts;
    return (
      <div className="field">
        <label htmlFor={props.id}>{label}</label>
        <input
          {...props}
          type="text"
          {...attrs}
          onChange={
            onValue
              ? (e) => {
                  props.onChange(e);
                  onValue(e.target.value);
                }
              : props.onChange
          }
          onBlur={
            onValue || onLeave
              ? () => {
                  props.onBlur();
                  onValue?.(form.values[name]);
                  onLeave?.(form.values[name]);
                }
              : props.onBlur
          }
        />
        {hint && (
          <small id={hintId} className="muted">
            {hint}
          </small>
        )}
        {extra}
        <FieldError id={form.errorId(name)} message={form.errors[name]} />
      </div>
    );
  };

  const radios = (name: 'newsletter' | 'gender', legend: string, options: Record<string, string>) => (
    <RadioGroup form={form} name={name} legend={legend} options={options} />
  );

  return (
    <form className="form register-form" onSubmit={form.handleSubmit} onFocus={warmUp} noValidate aria-busy={busy}>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {schoolKey && (
        <fieldset className="stack">
          <legend>学校</legend>
          {text(
            'school_key',
            '学校キー',
            { required: true, autoComplete: 'off', spellCheck: false, maxLength: 50 },
            '学校から配布された学校キーを入力してください（半角英数字）',
            {
              onLeave: (value) => {
                void checkKey(value);
              },
            },
          )}
        </fieldset>
      )}
      <fieldset className="stack">
        <legend>お名前</legend>
        {text('last_name', '姓', { autoComplete: 'family-name', required: true })}
        {text('first_name', '名', { autoComplete: 'given-name', required: true })}
        {text('last_name_kana', 'セイ', { required: true }, '全角カタカナ')}
        {text('first_name_kana', 'メイ', { required: true }, '全角カタカナ')}
      </fieldset>
      <fieldset className="stack">
        <legend>ログイン情報</legend>
        {text('email', 'メールアドレス', { type: 'email', autoComplete: 'email', inputMode: 'email', required: true })}
        {text('username', 'ログインID', { autoComplete: 'username', required: true }, '半角英数字4〜50文字')}
        {text('password', 'パスワード', { type: 'password', autoComplete: 'new-password', required: true }, '8文字以上')}
      </fieldset>
      <fieldset className="stack">
        <legend>電話番号（どちらか一方は必須）</legend>
        {text('phone_number', '電話番号', { type: 'tel', autoComplete: 'tel', inputMode: 'numeric' }, '半角数字・ハイフンなし')}
        {text('cell_phone_number', '携帯電話番号', { type: 'tel', autoComplete: 'tel', inputMode: 'numeric' }, '半角数字・ハイフンなし')}
      </fieldset>
      {radios('newsletter', 'メールマガジン', NEWSLETTER)}
      {radios('gender', '性別（任意）', GENDERS)}
      {text('birthday', '生年月日（任意）', { type: 'date', autoComplete: 'bday' })}
      <fieldset className="stack">
        <legend>秘密の質問（パスワードを忘れたときの本人確認）</legend>
        <div className="field">
          <label htmlFor={form.field('security_question_ct').id}>秘密の質問</label>
          <select {...form.field('security_question_ct')} required>
            <option value="">選択してください</option>
            {Object.entries(SECURITY_QUESTIONS).map(([code, question]) => (
              <option key={code} value={code}>
                {question}
              </option>
            ))}
          </select>
          <FieldError id={form.errorId('security_question_ct')} message={form.errors.security_question_ct} />
        </div>
        {text('security_answer', '秘密の質問の答え', { required: true, autoComplete: 'off' })}
      </fieldset>
      <fieldset className="stack">
        <legend>ご住所（任意）</legend>
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="with_address"
              checked={addressOn}
              onChange={(e) => form.setValue('with_address', e.target.checked ? '1' : '')}
            />
            住所を登録する
          </label>
        </div>
        {addressOn && (
          <>
            {text(
              'address.postal_code',
              '郵便番号',
              {
                autoComplete: 'postal-code',
                inputMode: 'numeric',
                required: true,
              },
              '例：123-4567（入力すると住所を自動で入力します）',
              {
                onValue: postal.lookup,
                extra: postal.message && (
                  <small className="muted" role="status">
                    {postal.message}
                  </small>
                ),
              },
            )}
            <div className="field">
              <label htmlFor={form.field('address.prefecture').id}>都道府県</label>
              {prefectures && prefectures.length > 0 ? (
                <select {...form.field('address.prefecture')} autoComplete="address-level1" required>
                  <option value="">選択してください</option>
                  {prefectures.map((p) => (
                    <option key={p.code} value={p.name}>
                      {p.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...form.field('address.prefecture')} type="text" autoComplete="address-level1" required />
              )}
              <FieldError id={form.errorId('address.prefecture')} message={form.errors['address.prefecture']} />
            </div>
            {text('address.city', '市区町村', { autoComplete: 'address-level2', required: true })}
            {text('address.address1', '番地', { autoComplete: 'address-line1', required: true }, '町名のあとに番地を入力してください')}
            {text('address.address2', '建物名（任意）', { autoComplete: 'address-line2' })}
          </>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        会員登録
      </button>
      <p>
        すでに会員の方は <a href={accountPaths.login}>ログイン</a>
      </p>
    </form>
  );
}
