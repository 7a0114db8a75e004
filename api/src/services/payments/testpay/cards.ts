/**
 * The test provider's card rules, pure: Luhn, brand, expiry and the test cards (docs/payments.md).
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for
 * 3-D Secure, 4000 0000 0000 9995 authorises but declines any increase of the amount; any other
 * Luhn-valid number of 14 to 16 digits succeeds.
 */
import type { Brand, Scenario } from './signed.ts';

export const TEST_CARDS: Record<string, Scenario> = {
  '4242424242424242': 'success',
  '4000000000000002': 'decline',
  '4000000000003220': '3ds',
  '4000000000009995': 'no_increase',
};

/** The 3-D Secure code the test challenge page asks for. */
export const THREE_DS_CODE = '123456';

/** Luhn check digit test. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand from the number's leading digits. */
export function brandOf(digits: string): Brand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  return 'unknown';
}

/** "YYYYMM" of a date in Japan time. */
export function yearMonthJst(at = new Date()): string {
  const jst = new Date(at.getTime() + 9 * 3_600_000);
  return `${jst.getUTCFullYear()}${String(jst.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface CardInput {
  number: string;
  expiry: string;
  code: string;
  name: string;
}
export type CardCheck = { ok: true; digits: string; brand: Brand; scenario: Scenario } | { ok: false; errors: Record<string, string[]> };

/** Checks a card form as the provider receives it; the messages are Japanese and name the field. */
export function checkCard(input: CardInput, now = new Date()): CardCheck {
  const errors: Record<string, string[]> = {};
  const digits = String(input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{14,16}$/.test(digits)) errors.number = ['カード番号は14〜16桁の半角数字で入力してください。'];
  else if (!luhnValid(digits)) errors.number = ['カード番号が正しくありません。'];
  const expiry = String(input.expiry ?? '');
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(expiry)) errors.expiry = ['有効期限はYYYYMMの形式（例：202812）で入力してください。'];
  else if (expiry < yearMonthJst(now)) errors.expiry = ['有効期限が切れています。'];
  else if (Number(expiry.slice(0, 4)) > now.getUTCFullYear() + 20) errors.expiry = ['有効期限が正しくありません。'];
  const brand = brandOf(digits);
  const codeLength = brand === 'amex' ? /^\d{4}$/ : /^\d{3,4}$/;
  if (!codeLength.test(String(input.code ?? '')))
    errors.code = ['セキュリティコードは3桁（American Expressは4桁）の半角数字で入力してください。'];
  const name = String(input.name ?? '').trim();
  if (!/^[A-Za-z][A-Za-z .'-]{0,44}$/.test(name)) errors.name = ['カード名義は半角ローマ字で入力してください（例：TARO YAMADA）。'];
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, digits, brand, scenario: TEST_CARDS[digits] ?? 'success' };
}
