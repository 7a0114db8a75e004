/**
 * Paper catalogues (spec 7 GET /v1/catalog) and the catalogue order of /catalog-order/
 * (POST /v1/catalog-orders): a shopper asks for a printed catalogue to be posted to an address.
 */

import { dbIdNumber, email, kana, personName, phone, postalCode, requiredText, text } from './fields.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

/** One catalogue the shop posts. */
export const catalogSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    image: z.string().nullable(),
    /** Page images of the digital edition (flip book), in order; may be empty. */
    pages: z.array(z.string()),
  })
  .meta({ id: 'Catalog' });
export type Catalog = z.infer<typeof catalogSchema>;
export const catalogListSchema = z.array(catalogSchema);

/** Longest note on a catalogue order. */
export const CATALOG_ORDER_NOTE_MAX = 500;

/** POST /v1/catalog-orders body. */
export const catalogOrderRequestSchema = z
  .object({
    catalog_id: dbIdNumber({ label: 'カタログ' }),
    name: personName(100, { label: 'お名前' }),
    kana: kana({ label: 'フリガナ' }),
    postal_code: postalCode(),
    prefecture: requiredText(10),
    city: requiredText(100),
    address1: requiredText(100),
    address2: text(100).optional(),
    phone_number: phone().refine((v) => v.length > 0, { error: () => messages.required('電話番号') }),
    email: email(),
    note: text(CATALOG_ORDER_NOTE_MAX, { label: 'ご要望・備考' }).optional(),
  })
  .meta({ id: 'CatalogOrderRequest' });
export type CatalogOrderRequest = z.input<typeof catalogOrderRequestSchema>;

/** POST /v1/catalog-orders answer (201). */
export const catalogOrderResponseSchema = z
  .object({
    id: z.number().int().positive(),
    catalog_name: z.string(),
    message: z.string(),
  })
  .meta({ id: 'CatalogOrderResponse' });
export type CatalogOrderResponse = z.infer<typeof catalogOrderResponseSchema>;
