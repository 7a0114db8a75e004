/** The paper catalogues each channel posts on request (/catalog-order/). */
import type { Tx } from '../client.ts';
import { catalogs } from '../schema/index.ts';
import { MAIN_CHANNEL, OUTLET_CHANNEL } from './channels.ts';

/** The digital edition's page drawings (public/images/catalog/, drawn like the product pictures). */
const catalogPage = (edition: string, n: number) => `/images/catalog/${edition}-${String(n).padStart(2, '0')}.svg`;
const catalogPages = (edition: string, count: number) => Array.from({ length: count }, (_, i) => catalogPage(edition, i + 1));

export async function seedCatalogs(tx: Tx) {
  await tx.insert(catalogs).values([
    { channel_id: MAIN_CHANNEL, name: '2026 春夏コレクション カタログ', image: catalogPage('ss2026', 1), pages: catalogPages('ss2026', 8) },
    {
      channel_id: MAIN_CHANNEL,
      name: 'ギフトセレクション カタログ（お中元・お歳暮）',
      image: catalogPage('gift', 1),
      pages: catalogPages('gift', 6),
    },
    { channel_id: OUTLET_CHANNEL, name: 'アウトレット 総合カタログ', image: catalogPage('outlet', 1), pages: catalogPages('outlet', 4) },
  ]);
}
