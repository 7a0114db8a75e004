/**
 * The form helper's account-form parts: cross-field rules (spec 5 required_without_all), rules of an
 * optional block, the API's 422 messages on their fields, and the registration form's spec and body.
 */
import { describe, expect, it } from 'vitest';
import { registerBody, registerSpec, SCHOOL_KEY_INVALID } from '#islands/auth/RegisterForm.tsx';
import { applyServerErrors, changeField, type FormSpec, initForm, submitForm, visibleErrors } from '#validation/form.ts';
import { isoDate, phoneDigits, required, requiredWithoutAllOf, when } from '#validation/rules.ts';
import { registerSchemaCheck } from './form-account-support.ts';

type Phones = { phone_number: string; cell_phone_number: string; with_address: string; 'address.city': string };
const spec: FormSpec<Phones> = {
  phone_number: { label: '電話番号', rules: [requiredWithoutAllOf(['phone_number', 'cell_phone_number']), phoneDigits] },
  cell_phone_number: { label: '携帯電話番号', rules: [requiredWithoutAllOf(['phone_number', 'cell_phone_number']), phoneDigits] },
  'address.city': { label: '市区町村', rules: when((v) => v.with_address === '1', [required]) },
};
const empty: Phones = { phone_number: '', cell_phone_number: '', with_address: '', 'address.city': '' };

describe('cross-field and conditional rules', () => {
  it('required_without_all shows 「いずれかは必須項目です」 on both phone fields until one is filled', () => {
    const result = submitForm(initForm(empty), spec);
    expect(result.errors).toEqual({ phone_number: 'いずれかは必須項目です', cell_phone_number: 'いずれかは必須項目です' });
    expect(result.firstInvalid).toBe('phone_number');
    const filled = changeField(result.state, 'cell_phone_number', '09012345678');
    expect(visibleErrors(filled, spec)).toEqual({});
  });

  it('the other rules still apply to a filled phone', () => {
    const state = changeField(initForm(empty), 'phone_number', '03-1234-5678');
    expect(submitForm(state, spec).errors).toEqual({ phone_number: '電話番号は半角数字11桁以内（ハイフンなし）で入力してください' });
  });

  it('the rules of an optional block apply only while it is on', () => {
    const state = changeField(initForm(empty), 'cell_phone_number', '09012345678');
    expect(submitForm(state, spec).valid).toBe(true);
    expect(submitForm(changeField(state, 'with_address', '1'), spec).errors).toEqual({ 'address.city': '市区町村は必須項目です' });
  });

  it('isoDate refuses a date that does not exist (spec 5 date_birth)', () => {
    expect(isoDate('2001-02-29', '生年月日')).toBe('日付が無効です');
    expect(isoDate('2000-02-29', '生年月日')).toBeNull();
    expect(isoDate('', '生年月日')).toBeNull();
  });
});

describe('server errors', () => {
  it("the API's messages land on their fields (wire paths), the first in form order is named, others are returned", () => {
    const state = changeField(initForm(empty), 'cell_phone_number', '09012345678');
    const result = applyServerErrors(state, spec, {
      'address.city': ['市区町村は必須項目です'],
      cell_phone_number: ['この携帯電話番号は使用できません'],
      token: ['その他のエラー'],
    });
    expect(result.firstInvalid).toBe('cell_phone_number');
    expect(result.unmatched).toEqual(['その他のエラー']);
    expect(visibleErrors(result.state, spec)).toEqual({
      'address.city': '市区町村は必須項目です',
      cell_phone_number: 'この携帯電話番号は使用できません',
    });
  });

  it('a server message goes once the shopper changes that field, and a new submit clears them all', () => {
    const { state } = applyServerErrors(initForm({ ...empty, phone_number: '0312345678' }), spec, {
      phone_number: ['重複'],
      cell_phone_number: ['別'],
    });
    const changed = changeField(state, 'phone_number', '0312345679');
    expect(visibleErrors(changed, spec)).toEqual({ cell_phone_number: '別' });
    expect(submitForm(changed, spec).state.server).toEqual({});
  });
});

describe('registration form', () => {
  const values = {
    school_key: '',
    last_name: '山田',
    first_name: '花子',
    last_name_kana: 'ヤマダ',
    first_name_kana: 'ハナコ',
    email: ' new@example.jp ',
    username: 'hanako2026',
    password: 'pass-2026-new',
    phone_number: '',
    cell_phone_number: '09012345678',
    newsletter: '0',
    gender: '2',
    birthday: '1990-04-01',
    security_question_ct: '3',
    security_answer: '第一小学校',
    with_address: '1',
    'address.postal_code': '100-0001',
    'address.prefecture': '東京都',
    'address.city': '千代田区',
    'address.address1': '千代田1-1',
    'address.address2': '',
  };

  it('an empty form fails with the spec messages on every required field', () => {
    const errors = submitForm(
      initForm({ ...values, ...Object.fromEntries(Object.keys(values).map((k) => [k, ''])) }),
      registerSpec('default'),
    ).errors;
    expect(errors).toMatchObject({
      last_name: '姓は必須項目です',
      first_name: '名は必須項目です',
      last_name_kana: 'セイは必須項目です',
      first_name_kana: 'メイは必須項目です',
      email: 'メールアドレスは必須項目です',
      username: 'ログインIDは必須項目です',
      password: 'パスワードは必須項目です',
      phone_number: 'いずれかは必須項目です',
      cell_phone_number: 'いずれかは必須項目です',
      security_question_ct: '秘密の質問は必須項目です',
    });
    expect(errors).not.toHaveProperty('address.city');
  });

  it("checks kana and the login ID with the contract's messages", () => {
    const errors = submitForm(initForm({ ...values, last_name_kana: 'やまだ', username: 'hanako_2026' }), registerSpec('default')).errors;
    expect(errors).toEqual({
      last_name_kana: 'セイは全角カタカナで入力してください',
      username: 'ログインIDは半角英数字で入力してください',
    });
  });

  it('a valid form gives the body the contract accepts', () => {
    expect(submitForm(initForm(values), registerSpec('default')).valid).toBe(true);
    const body = registerBody(values);
    expect(body).toMatchObject({
      email: 'new@example.jp',
      phone_number: null,
      newsletter: 0,
      gender: 2,
      security_question_ct: 3,
      address: { postal_code: '100-0001', prefecture: '東京都', city: '千代田区', address1: '千代田1-1' },
    });
    expect(registerSchemaCheck(body)).toEqual([]);
    expect(registerBody({ ...values, with_address: '', gender: '', birthday: '' })).toMatchObject({
      address: null,
      gender: null,
      birthday: null,
    });
    expect(body).not.toHaveProperty('school_key');
  });

  it('asks for the school key only when the channel requires it, and refuses a key the API called unknown', () => {
    const rejected = new Set<string>();
    const schoolSpec = registerSpec('school', { rejected });
    const schoolValues = { ...values, last_name: '山田', password: 'pass2026new' };
    expect(submitForm(initForm(schoolValues), schoolSpec).errors).toMatchObject({ school_key: '学校キーは必須項目です' });
    expect(submitForm(initForm(schoolValues), schoolSpec).firstInvalid).toBe('school_key');
    const withKey = { ...schoolValues, school_key: ' midori2027 ' };
    expect(submitForm(initForm(withKey), schoolSpec).errors).not.toHaveProperty('school_key');
    rejected.add('MIDORI2027');
    expect(submitForm(initForm(withKey), schoolSpec).errors).toMatchObject({ school_key: SCHOOL_KEY_INVALID });
    expect(submitForm(initForm({ ...withKey, school_key: 'ＳＡＫＵＲＡ２０２６' }), schoolSpec).errors).not.toHaveProperty('school_key');
    expect(registerBody(withKey, true)).toMatchObject({ school_key: 'midori2027' });
    expect(registerSchemaCheck(registerBody(withKey, true))).toEqual([]);
    // Other channels: no key field rule at all.
    expect(submitForm(initForm(values), registerSpec('default')).errors).not.toHaveProperty('school_key');
  });
});
