/** Address book (spec 3 "User address"; GET/POST/PUT/DELETE /v1/me/user-addresses…). */

import { dbInt, flag, kana, personName, phone, postalCode, requiredText, text } from './fields.ts';
import { z } from './zod.ts';

/** A saved address with the derived display fields the storefront shows as-is. */
export const addressSchema = z
  .object({
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
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

/** A delivery address copied from the address book: everything but the label (spec 5). */
export const deliveryAddressSchema = addressSchema.omit({ name: true }).meta({ id: 'DeliveryAddress' });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const addressListSchema = z.array(addressSchema);

/** POST and PUT /v1/me/user-addresses body. Postal code: 7 digits, an optional hyphen is dropped. */
export const addressInputSchema = z
  .object({
    division_ct: dbInt({ min: 1, max: 9 }).optional(),
    name: text(50).optional(),
    shipping_name: text(100).optional(),
    last_name: personName(),
    first_name: personName(),
    last_name_kana: kana({ optional: true }).optional(),
    first_name_kana: kana({ optional: true }).optional(),
    postal_code: postalCode(),
    prefecture: requiredText(10),
    city: requiredText(100),
    address1: requiredText(100),
    address2: text(100).optional(),
    phone_number: phone().nullable().optional(),
    cell_phone_number: phone().nullable().optional(),
    is_default: flag().optional(),
  })
  .meta({ id: 'AddressInput' });
export type AddressInput = z.input<typeof addressInputSchema>;

/**
 * GET /v1/postal-code?code= → the address parts for a 7-digit postal code, from Japan Post's KEN_ALL
 * (every real code). `town` is empty where KEN_ALL has no town (「以下に掲載がない場合」); street
 * numbers are never part of it. Unknown code: 404; not 7 digits (hyphen allowed): 422.
 */
export const postalCodeQuerySchema = z.object({ code: postalCode({ label: '郵便番号' }) });
/** One address a postal code stands for. */
export const postalCodeCandidateSchema = z
  .object({
    prefecture: z.string(),
    city: z.string(),
    town: z.string(),
  })
  .meta({ id: 'PostalCodeCandidate' });
export type PostalCodeCandidate = z.infer<typeof postalCodeCandidateSchema>;
export const postalCodeResultSchema = z
  .object({
    /** Seven digits. */
    postal_code: z.string(),
    prefecture: z.string(),
    city: z.string(),
    town: z.string(),
    /** Present when the code stands for several towns: all of them in KEN_ALL's order, the first as above. */
    candidates: z.array(postalCodeCandidateSchema).optional(),
  })
  .meta({ id: 'PostalCodeResult' });
export type PostalCodeResult = z.infer<typeof postalCodeResultSchema>;

/** Maximum number of saved addresses, sent in the x-limit header. */
export const ADDRESS_LIMIT = 20;

/**
 * The address form's rules (spec 5): the body above, whose kana and phone are optional (spec 3 asks
 * for neither, and saved addresses without them must export and import again). The CSV import checks
 * each row with this schema, plus the prefecture against the 47 as the form's select does.
 */
export const addressFormSchema = addressInputSchema;

export { ADDRESS_CSV_COLUMNS, ADDRESS_CSV_MAX_BYTES } from './address-csv.ts';

/**
 * POST /v1/me/user-addresses/import (multipart/form-data, field `file`) → 201 with the number of rows
 * added and the whole address book. A refused file is a 422 whose `errors` are keyed `file` (the file
 * as a whole: type, size, encoding, header, limit) or `line_{n}` / `line_{n}.{field}` (line n of the
 * file, the header being line 1), each message naming the field; nothing is added then.
 */
export const addressImportResultSchema = z
  .object({
    imported: z.number().int().nonnegative(),
    addresses: addressListSchema,
  })
  .meta({ id: 'AddressImportResult' });
export type AddressImportResult = z.infer<typeof addressImportResultSchema>;
