/** Decoder of an address-book entry. */
import type { Address } from '#contracts/addresses.ts';
import { type Decoder, object, string } from '../core/guard.ts';
import { addressFields } from './common.ts';

export const addressWire: Decoder<Address> = /* @__PURE__ */ object({ ...addressFields, name: string });
