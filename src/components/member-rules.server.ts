/**
 * Settings a page hands to its island at build time, from the synced snapshot (server only).
 *
 * The member rules (SITE.NO_MEMBER_USE, first-login e-mail verification) of this build's channel, from
 * the synced settings, as the JSON a page puts in data-member-rules: islands/common/member-rules.ts
 * reads it, so the member gate and the guest-only rule decide without a settings call. Server only.
 */
import { channel } from 'virtual:shop/theme';
import type { OrderTerms } from '#api-client/core/types.ts';
import { toOrderTerms } from '#api-client/site/settings.ts';
import { loadSnapshot } from '#content-sync/snapshot.ts';
import { redirectSettingsFrom } from '#lib/redirects.ts';

/** JSON of the RedirectSettings for the data-member-rules attribute. */
export function memberRulesJson(): string {
  return JSON.stringify(redirectSettingsFrom(loadSnapshot(channel).settings));
}

/** The delivery lead time and return terms (ORDER.*) of this build's channel, for the confirmation step. */
export function orderTerms(): OrderTerms {
  return toOrderTerms(loadSnapshot(channel).settings ?? {});
}

/** PURCHASE_VALUE_WITHOUT_TAX of this build's channel: the analytics value without tax (spec 9). */
export function purchaseValueWithoutTax(): boolean {
  return (loadSnapshot(channel).settings as Record<string, unknown> | null)?.PURCHASE_VALUE_WITHOUT_TAX === true;
}
