/**
 * Page layouts, collections and the files content links to (issue 10): the top page's blocks for
 * both channels, the product selections they name, and the gift guide a banner offers for download.
 */
import { and, eq } from 'drizzle-orm';
import type { LayoutBlock } from '#contracts/content.ts';
import type { Tx } from '../client.ts';
import { banner_files, banners, collections, layouts, upload_files } from '../schema/index.ts';
import { MAIN_CHANNEL, OUTLET_CHANNEL } from './channels.ts';

const mainTop: LayoutBlock[] = [
  {
    type: 'hero',
    title: '毎日の暮らしに寄り添う、確かなものを。',
    text: '衣類から台所道具、食品まで、長く使える品をそろえました。',
    link_label: '商品を見る',
    link: '/product/',
  },
  { type: 'banners', area: 'top_main', title: '特集' },
  { type: 'categories', title: 'カテゴリから探す' },
  { type: 'collection', alias: 'new-arrivals', title: null, per: 8 },
  { type: 'banners', area: 'top_sub', title: null },
  { type: 'collection', alias: 'kitchen-popular', title: null, per: 4 },
  { type: 'news', title: 'お知らせ', count: 3 },
];

const outletTop: LayoutBlock[] = [
  {
    type: 'hero',
    title: 'アウトレット',
    text: '訳あり品・旧モデルをお求めやすい価格で。数に限りがございます。',
    link_label: '商品を見る',
    link: '/product/',
  },
  { type: 'banners', area: 'top_main', title: null },
  { type: 'collection', alias: 'new-arrivals', title: null, per: 8 },
  { type: 'news', title: 'お知らせ', count: 3 },
];

/** A one-page gift guide drawn like the product pictures (flat shapes, one palette), with its text. */
const GIFT_GUIDE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 595 842" role="img" aria-label="2026年 冬のギフトガイド">
<rect width="595" height="842" fill="#fbf7f0"/>
<rect x="40" y="40" width="515" height="120" fill="#8a3b2e"/>
<text x="297" y="115" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">冬のギフトガイド 2026</text>
<g font-family="sans-serif" font-size="22" fill="#3b2a24">
<text x="60" y="230">3,000円台 ― 今治のタオルハンカチ、静岡の煎茶</text>
<text x="60" y="290">5,000円台 ― 奈良の靴下セット、有田焼のマグ</text>
<text x="60" y="350">10,000円台 ― 近江のリネンストール、栃木レザーの名刺入れ</text>
<text x="60" y="430" font-size="18">ギフト包装・のし・メッセージカードは無料で承ります。</text>
</g>
<rect x="200" y="500" width="195" height="195" rx="12" fill="#c9a66b"/>
<rect x="287" y="500" width="22" height="195" fill="#8a3b2e"/>
<rect x="200" y="586" width="195" height="22" fill="#8a3b2e"/>
</svg>
`;

export async function seedLayouts(tx: Tx) {
  await tx.insert(layouts).values([
    { channel_id: MAIN_CHANNEL, page: 'top', title: 'トップページ', blocks: mainTop },
    { channel_id: OUTLET_CHANNEL, page: 'top', title: 'トップページ', blocks: outletTop },
  ]);
  await tx.insert(collections).values([
    { channel_id: MAIN_CHANNEL, alias: 'new-arrivals', title: '新着アイテム', params: { sort: 'new' } },
    {
      channel_id: MAIN_CHANNEL,
      alias: 'kitchen-popular',
      title: '人気の台所道具と器',
      params: { category: 'kitchen', child: '1', sort: 'popular' },
    },
    { channel_id: MAIN_CHANNEL, alias: 'linen', title: 'リネンのある暮らし', params: { keyword: 'リネン', sort: 'new' } },
    { channel_id: OUTLET_CHANNEL, alias: 'new-arrivals', title: '新着アウトレット', params: { sort: 'new' } },
  ]);
  const [file] = await tx
    .insert(upload_files)
    .values({
      dir: 'banners',
      filename: '冬のギフトガイド2026.svg',
      mime: 'image/svg+xml',
      size: Buffer.byteLength(GIFT_GUIDE_SVG),
      content: Buffer.from(GIFT_GUIDE_SVG).toString('base64'),
    })
    .returning({ id: upload_files.id });
  const [banner] = await tx
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.channel_id, MAIN_CHANNEL), eq(banners.title, '読みもの 冬のギフトガイド')))
    .limit(1);
  await tx.insert(banner_files).values({ banner_id: banner.id, upload_file_id: file.id });
}
