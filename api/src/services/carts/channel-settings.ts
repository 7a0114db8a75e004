/**
 * The channel settings a cart operation reads (selling stop, coupons/points/carriage, delivery, the
 * site name), fetched with the cart row itself: the cart queries carry them as one jsonb column
 * (`cartExtraColumns` in queries.ts), so a cart change or decision pays no round trip of its own
 * for settings and still sees an editor's change on the very next request (nothing is cached).
 */

import { DELIVERY_SETTING_DEFAULTS } from '../delivery/settings.ts';
import { BENEFIT_SETTING_DEFAULTS } from '../points/settings.ts';

/** Every settings key the cart, its view and the decision read. */
export const CART_SETTING_KEYS = [
  'PLUGIN.TEMPORARY_STOP_SELLING.IS_USE',
  'PLUGIN.TEMPORARY_STOP_SELLING.SELLING',
  'SITE.NAME',
  ...Object.keys(BENEFIT_SETTING_DEFAULTS),
  ...Object.keys(DELIVERY_SETTING_DEFAULTS),
] as const;

/** Setting values by key, as stored (a missing key is a missing row: the readers apply defaults). */
export type SettingValues = Record<string, unknown>;

/** The SITE.NAME setting, or `fallback` (the channel's name) when unset or empty (pure). */
export function siteNameOf(values: SettingValues, fallback: string): string {
  const v = values['SITE.NAME'];
  return typeof v === 'string' && v ? v : fallback;
}
