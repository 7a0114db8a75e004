/**
 * The receiver's address beyond its field rules (contracts/social-gift.ts): the prefecture must be
 * one of the 47, and a postal code Japan Post knows must lie in that prefecture, so a typo in either
 * is caught before the parcel leaves.
 */

import { messages } from '#contracts/messages.ts';
import type { SocialGiftAddress } from '#contracts/social-gift.ts';
import { validationFailed } from '../../lib/errors.ts';
import { findPostalAddresses, listPrefectures } from '../postal-codes/index.ts';

/** The prefecture's name when it is one of the 47, else a 422 on `prefecture`. */
export function knownPrefecture(name: string): string {
  if (!listPrefectures().some((p) => p.name === name)) throw validationFailed({ prefecture: [messages.selected('都道府県')] });
  return name;
}

/** The address when it holds together, else a 422 naming the field. */
export function checkGiftAddress(a: SocialGiftAddress): SocialGiftAddress {
  knownPrefecture(a.prefecture);
  const known = findPostalAddresses(a.postal_code);
  if (known.length > 0 && !known.some((k) => k.prefecture === a.prefecture)) {
    throw validationFailed({ postal_code: [`郵便番号と都道府県が一致しません（${known[0].prefecture}の郵便番号です）`] });
  }
  return a;
}
