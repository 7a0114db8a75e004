/** Decoders of the postal-code lookup and the prefecture list. */
import type { z } from 'zod';
import type { prefectureSchema } from '#contracts/account.ts';
import type { PostalCodeCandidate, PostalCodeResult } from '#contracts/addresses.ts';
import { array, type Decoder, object, optional, string } from '../core/guard.ts';

export type Prefecture = z.infer<typeof prefectureSchema>;

const candidateWire: Decoder<PostalCodeCandidate> = /* @__PURE__ */ object({ prefecture: string, city: string, town: string });

export const postalCodeWire: Decoder<PostalCodeResult> = /* @__PURE__ */ object({
  postal_code: string,
  prefecture: string,
  city: string,
  town: string,
  candidates: optional(array(candidateWire)),
});

export const prefectureListWire: Decoder<Prefecture[]> = /* @__PURE__ */ array(object({ code: string, name: string }));
