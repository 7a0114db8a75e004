/**
 * /mypage/user_info/edit/ (会員情報の変更): the member's fields of spec 3 "User" without the username
 * (shown, not editable) → PUT /v1/me/user, checked first with the spec-5 rules and messages the API
 * uses (names under the active theme's rule, katakana, phones as half-width digits with one of the
 * two required, dates), then the API's 422 messages under their fields. The current password is
 * required (spec 5 "Password is required on the user form"): it confirms the change. After saving,
 * back to /mypage/user_info/ with its status message.
 */

import { getMe, updateMe } from '#api-client/account/user.ts';
import type { User } from '#api-client/core/types.ts';
import { GENDERS, NEWSLETTER } from '#contracts/choices.ts';
import type { UserUpdateRequest } from '#contracts/user.ts';
import { mypageUserInfoPath, USER_INFO_UPDATED_PARAM } from '#lib/mypage-routes.ts';
import type { FormSpec } from '#validation/form.ts';
import { email, isoDate, kana, maxLength, phoneDigits, required, requiredWithoutAllOf } from '#validation/rules.ts';
import { activeThemeName, themedFieldRules } from '#validation/theme-rules.ts';
import ErrorMessage from '../common/ErrorMessage.tsx';
import FieldError from '../common/FieldError.tsx';
import Loading from '../common/Loading.tsx';
import RadioGroup from '../common/RadioGroup.tsx';
import { useEffect, useState } from '../common/react.ts';
import { useAccountForm } from '../reminder/account-form.ts';
import MypageLayout from './MypageLayout.tsx';

export default function UserInfoEdit() {
  return (
    <MypageLayout>
      <EditScreen />
    </MypageLayout>
  );
}

type Values = {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email: string;
  phone_number: string;
  cell_phone_number: string;
  contact_phone_number: string;
  fax: string;
  school: string;
  job: string;
  gender: string;
  birthday: string;
  newsletter: string;
  password: string;
};

const PHONES = ['phone_number', 'cell_phone_number'];

/** The field specs in form order (the first invalid one gets focus) under the page's theme. */
export function userInfoSpec(themeName: string): FormSpec<Values> {
  return {
    last_name: { label: '姓', rules: themedFieldRules('name', themeName) },
    first_name: { label: '名', rules: themedFieldRules('name', themeName) },
    last_name_kana: { label: 'セイ', rules: [required, maxLength(50), kana] },
    first_name_kana: { label: 'メイ', rules: [required, maxLength(50), kana] },
    email: { label: 'メールアドレス', rules: [required, maxLength(255), email] },
    phone_number: { label: '電話番号', rules: [requiredWithoutAllOf(PHONES), phoneDigits] },
    cell_phone_number: { label: '携帯電話番号', rules: [requiredWithoutAllOf(PHONES), phoneDigits] },
    contact_phone_number: { label: '連絡先電話番号', rules: [phoneDigits] },
    fax: { label: 'FAX番号', rules: [phoneDigits] },
    school: { label: '学校名', rules: [maxLength(100)] },
    job: { label: '職業', rules: [maxLength(100)] },
    gender: { label: '性別', rules: [] },
    birthday: { label: '生年月日', rules: [isoDate] },
    newsletter: { label: 'メールマガジン', rules: [required] },
    password: { label: 'パスワード', rules: [required, maxLength(255)] },
  };
}

/** The form's strings from the member. */
export function userInfoValues(u: User): Values {
  return {
    last_name: u.last_name,
    first_name: u.first_name,
    last_name_kana: u.last_name_kana,
    first_name_kana: u.first_name_kana,
    email: u.email,
    phone_number: u.phone_number ?? '',
    cell_phone_number: u.cell_phone_number ?? '',
    contact_phone_number: u.contact_phone_number ?? '',
    fax: u.fax ?? '',
    school: u.school ?? '',
    job: u.job ?? '',
    gender: u.gender ? String(u.gender) : '',
    birthday: u.birthday ? u.birthday.slice(0, 10) : '',
    newsletter: String(u.newsletter ?? 0),
    password: '',
  };
}

/** The PUT body from the form's strings (blank optional fields are sent as null). */
export function userInfoBody(v: Values): UserUpdateRequest {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    password: v.password,
    email: v.email.trim(),
    last_name: v.last_name.trim(),
    first_name: v.first_name.trim(),
    last_name_kana: v.last_name_kana.trim(),
    first_name_kana: v.first_name_kana.trim(),
    phone_number: orNull(v.phone_number),
    cell_phone_number: orNull(v.cell_phone_number),
    contact_phone_number: orNull(v.contact_phone_number),
    fax: orNull(v.fax),
    school: orNull(v.school),
    job: orNull(v.job),
    gender: v.gender ? (Number(v.gender) as 1 | 2 | 3 | 4) : null,
    birthday: orNull(v.birthday),
    newsletter: v.newsletter === '1' ? 1 : 0,
  };
}

function EditScreen() {
  const [user, setUser] = useState<User | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const abort = new AbortController();
    getMe({ signal: abort.signal }).then(setUser, (e) => {
      if (!abort.signal.aborted) setError(e);
    });
    return () => abort.abort();
  }, []);
  if (error) return <ErrorMessage error={error} fallback="会員情報を読み込めませんでした。" />;
  if (!user) return <Loading />;
  return <EditForm user={user} />;
}

function EditForm({ user }: { user: User }) {
  const [spec] = useState(() => userInfoSpec(activeThemeName()));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(values: Values) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await updateMe(userInfoBody(values));
      window.location.assign(`${mypageUserInfoPath}?${USER_INFO_UPDATED_PARAM}=1`);
    } catch (e) {
      setAlert(form.showApiError(e));
      setBusy(false);
    }
  }

  const form = useAccountForm<Values>({ initial: userInfoValues(user), spec, onSubmit: submit });

  /** A labelled text control with its error (and an optional hint). */
  const text = (name: keyof Values & string, label: string, attrs: Record<string, string | boolean> = {}, hint?: string) => {
    const hintId = hint ? `${form.field(name).id}-hint` : undefined;
    const props = form.field(name, hintId);
    return (
      <div className="field">
        <label htmlFor={props.id}>{label}</label>
        <input {...props} type="text" {...attrs} />
        {hint && (
          <small id={hintId} className="muted">
            {hint}
          </small>
        )}
        <FieldError id={form.errorId(name)} message={form.errors[name]} />
      </div>
    );
  };

  const radios = (name: 'newsletter' | 'gender', legend: string, options: Record<string, string>) => (
    <RadioGroup form={form} name={name} legend={legend} options={options} />
  );

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate aria-busy={busy}>
      {alert && (
        <p className="alert" role="alert">
          {alert}
        </p>
      )}
      <p>ログインID：{user.username}（変更できません）</p>
      <fieldset className="stack">
        <legend>お名前</legend>
        {text('last_name', '姓', { autoComplete: 'family-name', required: true })}
        {text('first_name', '名', { autoComplete: 'given-name', required: true })}
        {text('last_name_kana', 'セイ', { required: true }, '全角カタカナ')}
        {text('first_name_kana', 'メイ', { required: true }, '全角カタカナ')}
      </fieldset>
      {text('email', 'メールアドレス', { type: 'email', autoComplete: 'email', inputMode: 'email', required: true })}
      <fieldset className="stack">
        <legend>電話番号（電話番号・携帯電話番号のどちらか一方は必須）</legend>
        {text('phone_number', '電話番号', { type: 'tel', autoComplete: 'tel', inputMode: 'numeric' }, '半角数字・ハイフンなし（11桁まで）')}
        {text(
          'cell_phone_number',
          '携帯電話番号',
          { type: 'tel', autoComplete: 'tel', inputMode: 'numeric' },
          '半角数字・ハイフンなし（11桁まで）',
        )}
        {text(
          'contact_phone_number',
          '連絡先電話番号（任意）',
          { type: 'tel', inputMode: 'numeric' },
          '半角数字・ハイフンなし（11桁まで）',
        )}
        {text('fax', 'FAX番号（任意）', { type: 'tel', inputMode: 'numeric' }, '半角数字・ハイフンなし（11桁まで）')}
      </fieldset>
      {text('school', '学校名（任意）', { autoComplete: 'organization' })}
      {text('job', '職業（任意）', { autoComplete: 'organization-title' })}
      {radios('gender', '性別（任意）', GENDERS)}
      {text('birthday', '生年月日（任意）', { type: 'date', autoComplete: 'bday' })}
      {radios('newsletter', 'メールマガジン', NEWSLETTER)}
      {text(
        'password',
        '現在のパスワード',
        { type: 'password', autoComplete: 'current-password', required: true },
        '変更を確定するため、現在のパスワードを入力してください',
      )}
      <div className="actions">
        <a className="btn" href={mypageUserInfoPath}>
          変更せずに戻る
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          変更を保存する
        </button>
      </div>
    </form>
  );
}
