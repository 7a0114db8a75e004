/** Address book (spec 7 "Address book"). */
import { fetchAddresses } from './address-items.ts';
import type { CallOptions } from './call.ts';
import { readLimit } from './pagination.ts';
import type { Address } from './types.ts';

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
