// @vitest-environment jsdom
/**
 * The 会員情報 edit form's rules agree with PUT /v1/me/user's contract (spec 5 messages by field), its
 * body is what the contract accepts, and the card form's quick check names each malformed field.
 */
import { describe, expect, it } from 'vitest';
import type { User } from '#api-client/core/types.ts';
import { userUpdateRequestSchema } from '#contracts/user.ts';
import { checkCardFields } from '#islands/mypage/UserCardAdd.tsx';
import { userInfoBody, userInfoSpec, userInfoValues } from '#islands/mypage/UserInfoEdit.tsx';
import { validateForm } from '#validation/form.ts';

const member: User = {
  id: 1,
  username: 'hanako',
  email: 'hanako@example.jp',
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  school: null,
  phone_number: '0312345678',
  cell_phone_number: null,
  contact_phone_number: null,
  fax: null,
  job: '会社員',
  gender: 2,
  birthday: '1991-02-03',
  newsletter: 1,
  is_registered_member: true,
  security_question_ct: 1,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The contract's first message per field, as the API's 422 would carry it. */
function apiErrors(body: unknown): Record<string, string> {
  const parsed = userUpdateRequestSchema.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('会員情報の変更 form', () => {
  const spec = userInfoSpec('default');

  it('starts from the member and sends a body the API accepts (blanks as null)', () => {
    const values = { ...userInfoValues(member), password: 'my-pass', job: '  ' };
    expect(validateForm(values, spec)).toEqual({});
    const body = userInfoBody(values);
    expect(body).toMatchObject({
      password: 'my-pass',
      job: null,
      school: null,
      gender: 2,
      birthday: '1991-02-03',
      newsletter: 1,
      phone_number: '0312345678',
    });
    expect(body).not.toHaveProperty('username');
    expect(userUpdateRequestSchema.safeParse(body).success).toBe(true);
  });

  it('flags the same fields with the same messages as the API', () => {
    const values = {
      ...userInfoValues(member),
      password: 'x',
      last_name_kana: 'やまだ',
      email: 'not-an-address',
      fax: '03-123-4567',
      contact_phone_number: '012345678901',
      school: 'あ'.repeat(101),
      birthday: '2001-02-30',
    };
    const client = validateForm(values, spec);
    const api = apiErrors(userInfoBody(values));
    expect(Object.keys(client).sort()).toEqual(Object.keys(api).sort());
    for (const field of ['last_name_kana', 'email', 'fax'] as const) expect(client[field], field).toBe(api[field]);
    expect(client.last_name_kana).toBe('セイは全角カタカナで入力してください');
  });

  it('requires the password and one of the two phones (いずれかは必須項目です)', () => {
    const errors = validateForm({ ...userInfoValues(member), phone_number: '', cell_phone_number: '' }, spec);
    expect(errors).toEqual({
      phone_number: 'いずれかは必須項目です',
      cell_phone_number: 'いずれかは必須項目です',
      password: 'パスワードは必須項目です',
    });
  });
});

describe('card form quick check', () => {
  it('names each malformed field, and passes a well-formed card', () => {
    expect(Object.keys(checkCardFields({ ccNumber: '4242', ccName: ' ', ccExpiration: '2030-12', securityCode: '12' })).sort()).toEqual([
      'ccExpiration',
      'ccName',
      'ccNumber',
      'securityCode',
    ]);
    expect(
      checkCardFields({ ccNumber: '4242 4242 4242 4242', ccName: 'HANAKO KAIIN', ccExpiration: '203012', securityCode: '123' }),
    ).toEqual({});
    expect(checkCardFields({ ccNumber: '4242424242424242', ccName: 'A', ccExpiration: '203013', securityCode: '123' })).toHaveProperty(
      'ccExpiration',
    );
  });

  it('accepts 14 to 16 digits for the card number, whatever the hint says (spec 5 input hints: 14 digits)', () => {
    const card = { ccName: 'HANAKO KAIIN', ccExpiration: '203012', securityCode: '123' };
    for (const ccNumber of ['30569309025904', '378282246310005', '4242424242424242'])
      expect(checkCardFields({ ...card, ccNumber }), ccNumber).toEqual({});
    for (const ccNumber of ['3056930902590', '42424242424242421'])
      expect(checkCardFields({ ...card, ccNumber }), ccNumber).toHaveProperty('ccNumber');
  });
});
