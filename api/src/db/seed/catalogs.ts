/** The paper catalogues each channel posts on request (/catalog-order/). */
import type { Tx } from '../client.ts';
import { catalogs } from '../schema.ts';
import { MAIN_CHANNEL, OUTLET_CHANNEL } from './channels.ts';

export async function seedCatalogs(tx: Tx) {
  await tx.insert(catalogs).values([
    { channel_id: MAIN_CHANNEL, name: '2026 春夏コレクション カタログ', image: null, pages: [] },
    { channel_id: MAIN_CHANNEL, name: 'ギフトセレクション カタログ（お中元・お歳暮）', image: null, pages: [] },
    { channel_id: OUTLET_CHANNEL, name: 'アウトレット 総合カタログ', image: null, pages: [] },
  ]);
}
