/** Inserts the CMS content for both channels: blogs, news, FAQ, static and landing pages, notices. */
import type { Db, Tx } from '../client.ts';
import {
  banners,
  blogs,
  free_areas,
  landing_pages,
  messages,
  news,
  popups,
  qa_categories,
  qas,
  static_pages,
  stylists,
  tags,
} from '../schema/index.ts';
import { type BlogSeed, blogSeeds, outletBlogSeeds, stylistSeeds } from './blog-data.ts';
import { MAIN_CHANNEL, OUTLET_CHANNEL, SHOP_NAME } from './channels.ts';
import { newsSeeds, outletNewsSeeds } from './news-data.ts';
import { faqSeeds, staticPageSeeds } from './pages-data.ts';
import { FREE_CARRIAGE_TEXT } from './terms.ts';

type Conn = Db | Tx;

/** Editor-style HTML: an intro paragraph, then an h2 and paragraph per section, with the image. */
function blogBody(b: BlogSeed): string {
  const parts = [`<p>${b.excerpt}</p>`, `<img src="${b.image}" alt="${b.title}" width="800" height="600">`];
  for (const [h, p] of b.sections) parts.push(`<h2>${h}</h2>`, `<p>${p}</p>`);
  if (b.extraHtml) parts.push(b.extraHtml);
  return parts.join('\n');
}

/** Seeds every content table for the main and outlet channels. */
export async function seedContent(db: Conn) {
  const stylistRows = await db.insert(stylists).values(stylistSeeds).returning({ id: stylists.id, key: stylists.key });
  const stylistId = new Map(stylistRows.map((s) => [s.key, s.id]));
  const blogRow = (channel: string) => (b: BlogSeed) => ({
    channel_id: channel,
    key: b.key,
    title: b.title,
    excerpt: b.excerpt,
    body: blogBody(b),
    image: b.image,
    tags: b.tags,
    stylist_id: b.stylist ? stylistId.get(b.stylist)! : null,
    published_at: new Date(b.date),
    updated_at: new Date(b.date),
  });
  await db.insert(blogs).values([...blogSeeds.map(blogRow(MAIN_CHANNEL)), ...outletBlogSeeds.map(blogRow(OUTLET_CHANNEL))]);
  await db.insert(news).values([
    ...newsSeeds.map((n) => ({
      channel_id: MAIN_CHANNEL,
      key: n.key,
      title: n.title,
      body: n.body,
      is_important: !!n.important,
      published_at: new Date(n.date),
    })),
    ...outletNewsSeeds.map((n) => ({
      channel_id: OUTLET_CHANNEL,
      key: n.key,
      title: n.title,
      body: n.body,
      is_important: !!n.important,
      published_at: new Date(n.date),
    })),
  ]);

  for (const [channel, shop] of [
    [MAIN_CHANNEL, SHOP_NAME],
    [OUTLET_CHANNEL, `${SHOP_NAME} OUTLET`],
  ]) {
    const cats = await db
      .insert(qa_categories)
      .values(faqSeeds.map((f, i) => ({ channel_id: channel, name: f.category, sort: (i + 1) * 10 })))
      .returning({ id: qa_categories.id });
    await db.insert(qas).values(
      faqSeeds.flatMap((f, i) =>
        f.items.map(([question, answer], j) => ({
          qa_category_id: cats[i].id,
          question,
          answer,
          sort: (j + 1) * 10,
        })),
      ),
    );
    await db
      .insert(static_pages)
      .values(staticPageSeeds.map((p) => ({ channel_id: channel, url: p.url, title: p.title, body: p.body.replaceAll('{shop}', shop) })));
  }

  const banner = (channel: string, area: string, title: string, image: string, link: string, sort: number, is_show = true) => ({
    channel_id: channel,
    area,
    title,
    image,
    link,
    sort,
    is_show,
  });
  await db
    .insert(banners)
    .values([
      banner(MAIN_CHANNEL, 'top_main', '読みもの 冬のギフトガイド', '/images/products/accessories.svg', '/blog/gift-guide-2026/', 10),
      banner(MAIN_CHANNEL, 'top_main', 'リネンのある暮らし', '/images/products/tops.svg', '/product/?category=tops&child=1', 20),
      banner(MAIN_CHANNEL, 'top_main', '産地のお茶と器', '/images/products/kitchen.svg', '/product/?category=kitchen&child=1', 30),
      banner(MAIN_CHANNEL, 'top_sub', FREE_CARRIAGE_TEXT, '/images/products/bags.svg', '/guide/', 10),
      banner(MAIN_CHANNEL, 'top_sub', '産地をたずねる読みもの', '/images/products/shoes.svg', '/blog/', 20),
      banner(
        MAIN_CHANNEL,
        'side',
        '夏のリネン特集（掲載終了）',
        '/images/products/bottoms.svg',
        '/product/?category=tops&child=1',
        10,
        false,
      ),
      banner(OUTLET_CHANNEL, 'top_main', 'アウトレット 冬物入荷', '/images/products/outer.svg', '/product/', 10),
    ]);
  await db.insert(messages).values([
    {
      channel_id: MAIN_CHANNEL,
      code: 'year-end-shipping',
      title: '年末年始の配送について',
      body: '12月28日（月）正午までのご注文は年内に発送いたします。',
    },
    { channel_id: MAIN_CHANNEL, code: 'free-shipping', title: '送料について', body: `${FREE_CARRIAGE_TEXT}です。` },
    {
      channel_id: OUTLET_CHANNEL,
      code: 'outlet-no-return',
      title: 'アウトレット品について',
      body: 'アウトレット品は返品・交換をお受けできません。',
    },
  ]);
  await db.insert(popups).values([
    {
      channel_id: MAIN_CHANNEL,
      title: '年末年始休業のお知らせ',
      body: '<p>12月29日（火）から1月3日（日）まで出荷業務をお休みいたします。<a href="/news/year-end-2026/">詳しくはこちら</a></p>',
    },
    // Past and no longer shown: listed nowhere, and 404 by id.
    {
      channel_id: MAIN_CHANNEL,
      title: '夏季休業のお知らせ',
      body: '<p>8月13日（木）から8月16日（日）まで出荷業務をお休みいたしました。</p>',
      is_show: false,
    },
    {
      channel_id: OUTLET_CHANNEL,
      title: 'アウトレット品についてのお願い',
      body: '<p>アウトレット品は返品・交換をお受けできません。ご注文の前に<a href="/guide/">ご利用ガイド</a>をご確認ください。</p>',
    },
  ]);
  await db.insert(free_areas).values([
    { channel_id: MAIN_CHANNEL, code: 'header_notice', body: `<p>${FREE_CARRIAGE_TEXT}</p>` },
    { channel_id: MAIN_CHANNEL, code: 'footer_info', body: '<p>平日10:00〜17:00（土日祝・年末年始を除く）</p>' },
    { channel_id: OUTLET_CHANNEL, code: 'header_notice', body: '<p>アウトレット品は返品・交換不可です</p>' },
  ]);
  await db.insert(landing_pages).values([
    {
      channel_id: MAIN_CHANNEL,
      key: 'linen-life',
      title: 'リネンのある暮らし',
      body: '<h2>リネンのある暮らし</h2><p>近江のリネンで仕立てたシャツ、パンツ、ストールをご紹介します。</p>',
    },
    {
      channel_id: MAIN_CHANNEL,
      key: 'tea-and-craft',
      title: '産地のお茶と器',
      body: '<h2>産地のお茶と器</h2><p>静岡と宇治のお茶を、有田焼と美濃焼の器で。</p>',
    },
  ]);
  await db.insert(tags).values(
    [
      ['linen', 'リネン'],
      ['gift', 'ギフト'],
      ['craft', '産地のはなし'],
      ['care', 'お手入れ'],
      ['styling', 'スタイリング'],
      ['recipe', 'レシピ'],
    ].map(([key, name]) => ({ key, name })),
  );
}
