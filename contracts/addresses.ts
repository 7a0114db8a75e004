/** Address book (spec 3 "User address"; GET/POST/PUT/DELETE /v1/me/user-addresses…). */
import { z } from 'zod';

/** A saved address with the derived display fields the storefront shows as-is. */
export const addressSchema = z.object({
  id: z.number().int().positive(),
  division_ct: z.number().int(),
  /** The member's label for the entry (e.g. 「自宅」); not copied into a delivery address. */
  name: z.string(),
  shipping_name: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  /** Seven digits, e.g. "1500001". */
  postal_code: z.string(),
  /** "150-0001". */
  formatted_postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  /** prefecture + city + address1 + " " + address2. */
  combined_address: z.string(),
  /** "〒150-0001 " + combined_address. */
  full_address: z.string(),
  phone_number: z.string().nullable(),
  cell_phone_number: z.string().nullable(),
  is_default: z.boolean(),
}).meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

/** A delivery address copied from the address book: everything but the label (spec 5). */
export const deliveryAddressSchema = addressSchema.omit({ name: true }).meta({ id: 'DeliveryAddress' });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const addressListSchema = z.array(addressSchema);

const phone = z.string().regex(/^\d{0,11}$/, '電話番号は半角数字11桁以内で入力してください').nullable().optional();
const kana = z.string().max(50).regex(/^[ァ-ヶー・\s　]*$/, '全角カタカナで入力してください');

/** POST and PUT /v1/me/user-addresses body. Postal code: 7 digits, an optional hyphen is dropped. */
export const addressInputSchema = z.object({
  division_ct: z.number().int().min(1).max(9).optional(),
  name: z.string().max(50).optional(),
  shipping_name: z.string().max(100).optional(),
  last_name: z.string().trim().min(1).max(50),
  first_name: z.string().trim().min(1).max(50),
  last_name_kana: kana.optional(),
  first_name_kana: kana.optional(),
  postal_code: z.string().regex(/^\d{3}-?\d{4}$/, '郵便番号の形式で入力してください。　例：123-4567')
    .transform((v) => v.replace('-', '')),
  prefecture: z.string().trim().min(1).max(10),
  city: z.string().trim().min(1).max(100),
  address1: z.string().trim().min(1).max(100),
  address2: z.string().trim().max(100).optional(),
  phone_number: phone,
  cell_phone_number: phone,
  is_default: z.boolean().optional(),
}).meta({ id: 'AddressInput' });
export type AddressInput = z.input<typeof addressInputSchema>;

/** GET /v1/postal-code?code= → the address parts for a 7-digit postal code. */
export const postalCodeQuerySchema = z.object({ code: z.string().regex(/^\d{3}-?\d{4}$/) });
export const postalCodeResultSchema = z.object({
  postal_code: z.string(),
  prefecture: z.string(),
  city: z.string(),
  town: z.string(),
}).meta({ id: 'PostalCodeResult' });
export type PostalCodeResult = z.infer<typeof postalCodeResultSchema>;

/** Maximum number of saved addresses, sent in the x-limit header. */
export const ADDRESS_LIMIT = 20;
