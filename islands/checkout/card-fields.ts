/**
 * The card form's fields as both card forms show them (checkout's クレジットカード and
 * /mypage/card/add/): the spec-5 input hints and the quick check made before the payment provider is
 * asked. One copy, so the two forms cannot drift apart.
 */
import type { CardInput } from './card-token.ts';

export type CardField = 'ccNumber' | 'ccName' | 'ccExpiration' | 'securityCode';

/** The provider's field names (card-token.ts) mapped to the form's. */
export const FROM_PROVIDER: Record<keyof CardInput, CardField> = { number: 'ccNumber', name: 'ccName', expiry: 'ccExpiration', code: 'securityCode' };

/**
 * Spec 5 "Input hints: card number 14 digits, expiry yyyymm, security code 3 digits". The hint names
 * 14 digits as the spec does; checkCardFields still accepts 14 to 16 (most cards have 16).
 */
export const CARD_HINTS: Record<Exclude<CardField, 'ccName'>, string> = {
  ccNumber: '半角数字・ハイフンなし（14桁）',
  ccExpiration: 'yyyymm（例：202812）',
  securityCode: 'カード裏面の3桁の数字',
};

/** A quick check before asking the provider, so an empty or malformed field is named at once. */
export function checkCardFields(v: Record<CardField, string>): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  if (!/^\d{14,16}$/.test(v.ccNumber.replace(/[\s-]/g, ''))) errors.ccNumber = 'カード番号は半角数字14〜16桁で入力してください。';
  if (!v.ccName.trim()) errors.ccName = 'カード名義を入力してください。';
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(v.ccExpiration)) errors.ccExpiration = '有効期限はyyyymmの形式（例：202812）で入力してください。';
  if (!/^\d{3,4}$/.test(v.securityCode)) errors.securityCode = 'セキュリティコードは半角数字3桁（一部のカードは4桁）で入力してください。';
  return errors;
}
