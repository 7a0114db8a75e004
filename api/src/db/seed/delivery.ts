/**
 * Delivery seed: the business-day calendar for the next 12 months from the seed date (public
 * holidays, weekends and 年末年始 closed, with their names; the calendar then extends itself on
 * read), extra transit days for far prefectures, the wrapping choices of each channel and the
 * delivery settings (lead time, cut-off, のし fee; private: only the API reads them).
 */

import { ensureCalendarAhead } from '../../services/delivery/calendar.ts';
import { DELIVERY_SETTING_DEFAULTS } from '../../services/delivery/settings.ts';
import type { Db, Tx } from '../client.ts';
import { leadtime_regions, packings, settings } from '../schema/index.ts';
import { MAIN_CHANNEL, OUTLET_CHANNEL } from './channels.ts';

/** Extra calendar days in transit from the shop (Tokyo) by prefecture. */
export const LEADTIME_REGIONS = [
  { prefecture: '北海道', days: 1 },
  { prefecture: '沖縄県', days: 2 },
  { prefecture: '鹿児島県', days: 1 },
  { prefecture: '長崎県', days: 1 },
] as const;

/** Wrapping choices (fee tax included); `none` is what a shipment without a choice gets. */
export const PACKINGS = [
  { key: 'none', name: 'ラッピングなし', fee: 0, description: '商品をそのまま梱包してお届けします。' },
  { key: 'simple', name: '簡易包装', fee: 0, description: '無地の包装紙で包んでお届けします。' },
  { key: 'gift', name: 'ギフトラッピング', fee: 330, description: 'オリジナル包装紙とリボンでお包みします。' },
  { key: 'box', name: '高級ギフトボックス', fee: 550, description: '化粧箱に詰め、包装紙とリボンでお包みします。' },
] as const;

export async function seedDelivery(db: Db | Tx) {
  await ensureCalendarAhead(db);
  await db.insert(leadtime_regions).values([...LEADTIME_REGIONS]);
  await db
    .insert(packings)
    .values([MAIN_CHANNEL, OUTLET_CHANNEL].flatMap((channel_id) => PACKINGS.map((p, i) => ({ channel_id, ...p, sort: (i + 1) * 10 }))));
  // IS_ALLOW_MULTIPLE is public (spec 9) and seeded with the front settings; the rest only the API reads.
  const { 'ORDER.SHIPPING.IS_ALLOW_MULTIPLE': _public, ...priv } = DELIVERY_SETTING_DEFAULTS;
  await db
    .insert(settings)
    .values(
      [MAIN_CHANNEL, OUTLET_CHANNEL].flatMap((channel_id) =>
        Object.entries(priv).map(([key, value]) => ({ channel_id, key, value, is_public: false })),
      ),
    );
}
