/**
 * The address part every address form shares (what AddressFields.tsx renders): 郵便番号, 都道府県,
 * 市区町村, 番地, 建物名 with the spec 5 rules. The checkout's new address, the address book, the
 * social gift receiver and the catalogue order spread it into their own specs.
 */
import type { FieldSpec } from '#validation/form.ts';
import { maxLength, post, required } from '#validation/rules.ts';

export type AddressPartValues = { postal_code: string; prefecture: string; city: string; address1: string; address2: string };

export const EMPTY_ADDRESS_PART: AddressPartValues = { postal_code: '', prefecture: '', city: '', address1: '', address2: '' };

export const addressPartSpec: Record<keyof AddressPartValues, FieldSpec> = {
  postal_code: { label: '郵便番号', rules: [required, post] },
  prefecture: { label: '都道府県', rules: [required] },
  city: { label: '市区町村', rules: [required, maxLength(100)] },
  address1: { label: '番地', rules: [required, maxLength(100)] },
  address2: { label: '建物名', rules: [maxLength(100)] },
};
