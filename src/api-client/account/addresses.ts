/** Address book (spec 7 "Address book"), the postal-code lookup and the prefecture list. */
import type { PostalCodeResult } from '#contracts/addresses.ts';
import type { CallOptions } from '../core/call.ts';
import { ApiError } from '../core/errors.ts';
import { request } from '../core/http.ts';
import { readLimit } from '../core/pagination.ts';
import type { Address } from '../core/types.ts';
import { type Prefecture, postalCodeWire, prefectureListWire } from '../wire/postal.ts';
import { fetchAddresses } from './address-items.ts';

export type { PostalCodeResult, Prefecture };

export interface AddressList {
  items: Address[];
  /** Maximum number of saved addresses (x-limit), null when the server sent none. */
  limit: number | null;
}

/** GET /v1/me/user-addresses → the addresses and the x-limit maximum. */
export async function listUserAddresses(opts: CallOptions = {}): Promise<AddressList> {
  const res = await fetchAddresses(opts);
  return { items: res.data, limit: readLimit(res.headers) ?? null };
}

/** Public reads: no bearer token, no refresh; a failure is the caller's to show, not the page's error area. */
const lookupCall = { auth: false, refresh: false, silent: true } as const;

/**
 * GET /v1/postal-code?code= → prefecture, city and town of a 7-digit code ("1500001" or
 * "150-0001"), or null when Japan Post has no such code (404). Other failures reject (ApiError).
 */
export async function lookupPostalCode(code: string, opts: CallOptions = {}): Promise<PostalCodeResult | null> {
  try {
    return (await request('GET', '/v1/postal-code', { ...lookupCall, query: { code }, parse: postalCodeWire, signal: opts.signal })).data;
  } catch (e) {
    // The unknown-channel 404 is not an unknown code: the client has already acted on it.
    if (e instanceof ApiError && e.status === 404 && !e.handled) return null;
    throw e;
  }
}

/** GET /v1/postal-codes/prefectures → the 47 prefectures in JIS order (01 北海道 … 47 沖縄県). */
export async function listPrefectures(opts: CallOptions = {}): Promise<Prefecture[]> {
  return (await request('GET', '/v1/postal-codes/prefectures', { ...lookupCall, parse: prefectureListWire, signal: opts.signal })).data;
}
