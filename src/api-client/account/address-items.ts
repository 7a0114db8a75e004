/**
 * The address book without its x-limit header: the checkout's address step only lists the addresses,
 * and keeping this apart from addresses.ts keeps the header reader (pagination.ts) out of its bundle.
 */

import type { CallOptions } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { type ApiResponse, request } from '../core/http.ts';
import type { Address } from '../core/types.ts';
import { addressWire } from '../wire/address.ts';

/** GET /v1/me/user-addresses as the raw response (addresses.ts reads x-limit from its headers). */
export function fetchAddresses(opts: CallOptions = {}): Promise<ApiResponse<Address[]>> {
  return request('GET', '/v1/me/user-addresses', { parse: array(addressWire), signal: opts.signal });
}

/** GET /v1/me/user-addresses → the addresses only. */
export async function listAddressItems(opts: CallOptions = {}): Promise<Address[]> {
  return (await fetchAddresses(opts)).data;
}

/** What POST /v1/me/user-addresses takes (contracts/addresses.ts addressInputSchema). */
export interface NewAddress {
  last_name: string;
  first_name: string;
  last_name_kana?: string;
  first_name_kana?: string;
  postal_code: string;
  prefecture: string;
  city: string;
  address1: string;
  address2?: string;
  phone_number?: string | null;
  name?: string;
  is_default?: boolean;
}

/** POST /v1/me/user-addresses: saves an address (checkout's 「新しいお届け先」 and the guest purchase). */
export async function createAddressItem(input: NewAddress, opts: CallOptions = {}): Promise<Address> {
  return (await request('POST', '/v1/me/user-addresses', { body: input, parse: addressWire, signal: opts.signal })).data;
}
