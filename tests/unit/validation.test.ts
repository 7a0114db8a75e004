/** Validation rules of spec 5, with the exact Japanese messages. */
import { describe, expect, it } from 'vitest';
import { messages } from '#contracts/messages.ts';
import { validateForm } from '#validation/form.ts';
import {
  dateBirth,
  decimal,
  email,
  fullWidth,
  halfWidthAlphaNum,
  kana,
  maxLength,
  minDate,
  minLength,
  passwordRules,
  phoneDigits,
  post,
  postalDigits,
  required,
  requiredWithoutAll,
  tel,
  validate,
} from '#validation/rules.ts';

describe('spec 5 rules and messages', () => {
  it('kana: full-width katakana only; spaces, ー and ・ allowed', () => {
    for (const ok of ['ヤマダ', 'ヤマダ　タロウ', 'ヤマダ タロウ', 'ルー・ガルー', 'ヴァイオリン', ''])
      expect(kana(ok, 'フリガナ')).toBeNull();
    for (const bad of ['やまだ', 'ﾔﾏﾀﾞ', 'Yamada', '山田']) expect(kana(bad, 'フリガナ')).toBe('フリガナは全角カタカナで入力してください');
  });

  it('post: 3 digits, optional hyphen, 4 digits', () => {
    expect(post('123-4567', '郵便番号')).toBeNull();
    expect(post('1234567', '郵便番号')).toBeNull();
    expect(post('12-34567', '郵便番号')).toBe('郵便番号は郵便番号の形式で入力してください。　例：123-4567');
    expect(post('１２３４５６７', '郵便番号')).not.toBeNull();
  });

  it('decimal: at most the given number of decimal places; empty allowed', () => {
    expect(decimal(1)('170.5', '身長')).toBeNull();
    expect(decimal(1)('170', '身長')).toBeNull();
    expect(decimal(1)('', '身長')).toBeNull();
    expect(decimal(1)('170.55', '身長')).toBe('身長は小数点第1位までの数値を入力してください');
    expect(decimal(2)('abc', '体重')).toBe('体重は小数点第2位までの数値を入力してください');
  });

  it('tel: empty allowed; 10 or 11 digits from 0 without hyphens; 0 then three groups of 1–4 digits with hyphens', () => {
    for (const ok of ['', '0312345678', '09012345678', '03-1234-5678', '090-1234-5678', '0120-123-456'])
      expect(tel(ok, '電話番号')).toBeNull();
    for (const bad of ['312345678', '031234567', '090123456789', '3-1234-5678', '03-12345-678', '03-1234']) {
      expect(tel(bad, '電話番号')).toBe('電話番号は電話番号のフォーマットで入力してください');
    }
  });

  it('required_without_all: at least one of the listed fields', () => {
    const fields = ['phone_number', 'cell_phone_number'];
    expect(requiredWithoutAll({ phone_number: '', cell_phone_number: '' }, fields)).toBe('いずれかは必須項目です');
    expect(requiredWithoutAll({ phone_number: '', cell_phone_number: '09012345678' }, fields)).toBeNull();
  });

  it('half_width_alpha_num: letters and digits only', () => {
    expect(halfWidthAlphaNum('abc123', 'ログインID')).toBeNull();
    expect(halfWidthAlphaNum('abc-123', 'ログインID')).toBe('ログインIDは半角英数字で入力してください');
    expect(halfWidthAlphaNum('ａｂｃ', 'ログインID')).not.toBeNull();
  });

  it('date_birth: the parts must form a valid date', () => {
    expect(dateBirth({ year: '2000', month: '2', day: '29' })).toBeNull();
    expect(dateBirth({ year: '', month: '', day: '' })).toBeNull();
    expect(dateBirth({ year: '2001', month: '2', day: '29' })).toBe('日付が無効です');
    expect(dateBirth({ year: '2001', month: '13', day: '1' })).toBe('日付が無効です');
    expect(dateBirth({ year: '2001', month: '', day: '1' })).toBe('日付が無効です');
  });

  it('min_date: the value may not be before the minimum', () => {
    expect(minDate('2026-04-01', '2026-04-01')).toBeNull();
    expect(minDate('2026.04.02', '2026/04/01')).toBeNull();
    expect(minDate('2026-03-31', '2026-04-01')).toBe('参照終了日は参照開始日より大きです。');
    expect(minDate('', '2026-04-01')).toBeNull();
  });

  it('required and length rules show Japanese messages', () => {
    expect(required('', 'お名前')).toBe('お名前は必須項目です');
    expect(required('  ', 'お名前')).toBe('お名前は必須項目です');
    expect(required('山田', 'お名前')).toBeNull();
    expect(maxLength(5)('あいうえおか', 'お名前')).toBe('お名前は5文字以内にしてください');
    expect(maxLength(5)('あいうえお', 'お名前')).toBeNull();
    expect(minLength(8)('abc', 'パスワード')).toBe('パスワードは8文字以上でなければなりません');
    expect(email('demo@example.jp', 'メールアドレス')).toBeNull();
    expect(email('demo@', 'メールアドレス')).toBe('メールアドレスは有効なメールアドレスではありません');
  });

  it('password: required in all themes; the one theme adds 8+ letters and digits combined with - _ .', () => {
    expect(validate('', 'パスワード', passwordRules(false))).toBe('パスワードは必須項目です');
    expect(validate('abc', 'パスワード', passwordRules(false))).toBeNull();
    const strict = passwordRules(true);
    expect(validate('demo-pass-2026', 'パスワード', strict)).toBeNull();
    expect(validate('a1_b2.c3', 'パスワード', strict)).toBeNull();
    for (const bad of ['abcdefgh', '12345678', 'ab1', 'abc123!!x'])
      expect(validate(bad, 'パスワード', strict)).toBe(messages.password('パスワード'));
  });

  it('phone numbers: half-width digits, at most 11, no hyphens; postal code: 7 half-width digits', () => {
    expect(phoneDigits('09012345678', '電話番号')).toBeNull();
    expect(phoneDigits('090-1234-5678', '電話番号')).toBe('電話番号は半角数字11桁以内（ハイフンなし）で入力してください');
    expect(phoneDigits('090123456789', '電話番号')).not.toBeNull();
    expect(postalDigits('1500001', '郵便番号')).toBeNull();
    expect(postalDigits('150-0001', '郵便番号')).toBe('郵便番号は半角数字7桁で入力してください');
  });

  it('names are full-width', () => {
    expect(fullWidth('山田　太郎', '氏名')).toBeNull();
    expect(fullWidth('Yamada', '氏名')).toBe('氏名は全角で入力してください');
    expect(fullWidth('ﾔﾏﾀﾞ', '氏名')).not.toBeNull();
  });

  it('validateForm gives the first failing message per field', () => {
    const errors = validateForm(
      { username: '', password: 'x', note: 'ok' },
      { username: { label: 'ログインID', rules: [required] }, password: { label: 'パスワード', rules: [required, minLength(8)] } },
    );
    expect(errors).toEqual({ username: 'ログインIDは必須項目です', password: 'パスワードは8文字以上でなければなりません' });
  });
});

describe('theme validation rules (spec 5: one theme adds them)', () => {
  it('password is required in every theme; only the strict theme asks for 8+ letters and digits with - _ .', async () => {
    const { themedFieldRules } = await import('#validation/theme-rules.ts');
    const check = (theme: string, v: string) => validate(v, 'パスワード', themedFieldRules('password', theme));
    expect(check('default', '')).toBe('パスワードは必須項目です');
    expect(check('outlet', '')).toBe('パスワードは必須項目です');
    expect(check('default', 'abc')).toBeNull();
    expect(check('outlet', 'abc')).toBe(messages.password('パスワード'));
    expect(check('outlet', 'abcdefgh')).toBe(messages.password('パスワード'));
    expect(check('outlet', 'abc-12_3.x')).toBeNull();
  });

  it('names full-width and kana full-width katakana only in the strict theme', async () => {
    const { themedFieldRules } = await import('#validation/theme-rules.ts');
    expect(validate('Taro', '名', themedFieldRules('name', 'default'))).toBeNull();
    expect(validate('Taro', '名', themedFieldRules('name', 'outlet'))).toBe('名は全角で入力してください');
    expect(validate('太郎', '名', themedFieldRules('name', 'outlet'))).toBeNull();
    expect(validate('たろう', 'メイ', themedFieldRules('nameKana', 'default'))).toBeNull();
    expect(validate('たろう', 'メイ', themedFieldRules('nameKana', 'outlet'))).toBe('メイは全角カタカナで入力してください');
    expect(validate('', 'メイ', themedFieldRules('nameKana', 'default'))).toBe('メイは必須項目です');
  });

  it('reads the active theme from the page and treats an unknown theme as adding nothing', async () => {
    const { activeThemeName, themeRules } = await import('#validation/theme-rules.ts');
    expect(activeThemeName(null)).toBe('default');
    expect(themeRules('no-such-theme')).toEqual({ strictPassword: false, fullWidthNames: false, kanaKatakana: false });
    expect(themeRules('outlet')).toEqual({ strictPassword: true, fullWidthNames: true, kanaKatakana: true });
  });
});
