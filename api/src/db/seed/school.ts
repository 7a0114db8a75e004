/**
 * The third channel: a school-uniform shop (theme `school`). Its own settings (every spec-9 key, its
 * own SITE.NAMESPACE, SITE.CHANNEL_PREFIX and breakpoints: its pages are laid out for the tablets
 * families order on, so tablet starts later and PC later still), the school keys its members register
 * with, the uniform-like part of the catalogue, and its own news, blog and legal pages.
 */
import { sql } from 'drizzle-orm';
import type { LayoutBlock } from '#contracts/content.ts';
import { FRONT_SETTING_DEFAULTS } from '../../services/settings/index.ts';
import type { Db, Tx } from '../client.ts';
import {
  banners,
  blogs,
  channels,
  collections,
  colorschemes,
  layouts,
  news,
  school_keys,
  settings,
  static_pages,
} from '../schema/index.ts';
import { SHOP_NAME } from './channels.ts';
import { staticPageSeeds } from './pages-data.ts';

export const SCHOOL_CHANNEL = 'school';
export const SCHOOL_SHOP_NAME = `${SHOP_NAME} スクール`;
/** Phone up to 640 px, tablet up to 1080 px, PC above (the other channels: 576 / 992). */
export const SCHOOL_BREAKPOINTS = { 'SITE.BREAKPOINT.SCREEN-SM': 640, 'SITE.BREAKPOINT.SCREEN-MD': 1080 } as const;

/** Leaf categories a school sells: shirts, knitwear, trousers and skirts, blazers, school bags, socks and shoes. */
const SCHOOL_CATEGORIES = ['shirts', 'knit', 'pants', 'skirts', 'jackets', 'cardigans', 'backpacks', 'socks', 'leather-shoes', 'sneakers'];

const at = (day: string) => `${day}T10:00:00+09:00`;
const schoolNews = [
  {
    key: 'spring-2027-orders',
    title: '2027年度 新入生の制服ご注文受付を開始しました',
    important: true,
    date: at('2026-11-18'),
    body: '<p>2027年度にご入学の皆さまの制服・体操服のご注文受付を開始しました。学校から配布された学校キーでご登録のうえ、ご注文ください。</p><p>2月末日までのご注文は、3月20日までにお届けいたします。</p>',
  },
  {
    key: 'size-guide',
    title: 'サイズ表を更新しました',
    date: at('2026-11-10'),
    body: '<p>ブレザー・スラックス・スカートのサイズ表を更新しました。採寸のめやすとして各商品ページでご確認いただけます。</p>',
  },
  {
    key: 'embroidery',
    title: '名入れ刺繍の受付について',
    date: at('2026-10-28'),
    body: '<p>シャツ・ニットの名入れ刺繍は、カートに入れる前にお名前をご入力ください。刺繍済みの品は交換できません。</p>',
  },
];
const schoolBlogs = [
  {
    key: 'uniform-care',
    title: '制服を長くきれいに着るためのお手入れ',
    date: at('2026-09-15'),
    image: '/images/products/outer.svg',
    tags: ['お手入れ', '制服'],
    excerpt: 'ブレザーとスラックスは、毎日のブラッシングと週末の陰干しで長持ちします。',
    body: '<p>ブレザーとスラックスは、毎日のブラッシングと週末の陰干しで長持ちします。</p><h2>ブラッシング</h2><p>帰宅したら上から下へ、やさしくブラシをかけてほこりを落としましょう。</p>',
  },
  {
    key: 'measuring',
    title: 'ご自宅でできる採寸のしかた',
    date: at('2026-10-05'),
    image: '/images/products/tops.svg',
    tags: ['採寸', '新入生'],
    excerpt: '身長・胸囲・ウエストの測り方と、成長を見込んだサイズの選び方をまとめました。',
    body: '<p>身長・胸囲・ウエストの測り方と、成長を見込んだサイズの選び方をまとめました。</p><h2>胸囲</h2><p>脇の下のいちばん太いところを、メジャーを水平にして測ります。</p>',
  },
];

/** The school home's blocks (GET /v1/layouts/top): the welcome, notices, the schools, then the uniform, sportswear and supplies collections. */
export const SCHOOL_TOP_BLOCKS: LayoutBlock[] = [
  {
    type: 'hero',
    title: '入学・進級の準備はこちらから',
    text: '学校指定の制服・体操服・通学用品をご自宅にお届けします。学校から配布された学校キーで会員登録のうえ、ご注文ください。',
    link_label: '指定用品を見る',
    link: '/product/',
  },
  { type: 'news', title: '学校からのお知らせ', count: 3 },
  { type: 'banners', area: 'school_top', title: '学校から探す' },
  { type: 'collection', alias: 'new-students-uniforms', title: '新入生の制服', per: 8 },
  { type: 'collection', alias: 'sportswear', title: '体操服・運動靴', per: 4 },
  { type: 'collection', alias: 'school-supplies', title: '指定用品', per: 4 },
  { type: 'categories', title: '品目から探す' },
];

/** The school channel's collections (product-list filters over its own products). */
const schoolCollections = [
  { alias: 'new-students-uniforms', title: '新入生の制服', params: { category: 'jackets', sort: 'new' } },
  { alias: 'sportswear', title: '体操服・運動靴', params: { category: 'sneakers', sort: 'new' } },
  { alias: 'school-supplies', title: '指定用品', params: { category: 'backpacks', sort: 'new' } },
];

/** One banner per school whose key the shop accepts, in the home's 「学校から探す」 area. */
const schoolBanners = [
  { title: '清良学園', image: '/images/products/outer.svg', link: '/product/?category=jackets' },
  { title: '桜ヶ丘高等学校', image: '/images/products/bottoms.svg', link: '/product/?category=skirts' },
  { title: '緑ヶ丘中学校', image: '/images/products/bags.svg', link: '/product/?category=backpacks' },
];

/** Seeds the school channel; runs after the catalogue (it links existing products to the channel). */
export async function seedSchoolChannel(db: Db | Tx) {
  await db.insert(channels).values({ id: SCHOOL_CHANNEL, name: SCHOOL_SHOP_NAME, theme: 'school', is_default: false });
  const pub: Record<string, unknown> = {
    ...FRONT_SETTING_DEFAULTS,
    'SITE.NAME': SCHOOL_SHOP_NAME,
    'SITE.NAMESPACE': 'maison-kiyora-school',
    'SITE.CHANNEL_PREFIX': 'school',
    ...SCHOOL_BREAKPOINTS,
    THEME: 'school',
    'RECOMMEND.IS_USE': false,
    // Members register with the key their school hands out (POST /v1/schools/check; the registration API enforces it).
    'SITE.SCHOOL_KEY_REQUIRED': true,
  };
  const priv: Record<string, unknown> = {
    'MAIL.FROM_ADDRESS': 'school@example.jp',
    'MAIL.FROM_NAME': SCHOOL_SHOP_NAME,
    'AUTH.PASSWORD_EXPIRE_DAYS': 0,
    'SITE.INVOICE_REGISTRATION_NUMBER': 'T9010401234567',
  };
  await db
    .insert(settings)
    .values([
      ...Object.entries(pub).map(([key, value]) => ({ channel_id: SCHOOL_CHANNEL, key, value, is_public: true })),
      ...Object.entries(priv).map(([key, value]) => ({ channel_id: SCHOOL_CHANNEL, key, value, is_public: false })),
    ]);
  await db.insert(colorschemes).values({
    channel_id: SCHOOL_CHANNEL,
    name: `${SCHOOL_SHOP_NAME} 標準`,
    is_selected: true,
    tokens: {
      '--color-primary': '#1b2a5c',
      '--color-accent': '#a3162b',
      '--color-bg': '#f6f7fb',
      '--color-text': '#1a1a1a',
      '--color-muted': '#5f6470',
    },
  });
  await db.insert(school_keys).values([
    { channel_id: SCHOOL_CHANNEL, key: 'KIYORA2026', name: '清良学園' },
    { channel_id: SCHOOL_CHANNEL, key: 'SAKURA2026', name: '桜ヶ丘高等学校' },
    // This shop's own school (no other channel knows its key).
    { channel_id: SCHOOL_CHANNEL, key: 'MIDORI2027', name: '緑ヶ丘中学校' },
  ]);
  // The regular (not outlet-only) products of the school categories: those on the main channel.
  await db.execute(sql`
    insert into product_channels (product_id, channel_id)
    select distinct p.id, ${SCHOOL_CHANNEL}
    from products p
    join product_model_categories pmc on pmc.product_model_id = p.product_model_id
    join categories c on c.id = pmc.category_id
    where c.key in (${sql.join(
      SCHOOL_CATEGORIES.map((k) => sql`${k}`),
      sql`, `,
    )})
      and exists (select 1 from product_channels pc where pc.product_id = p.id and pc.channel_id = 'default')`);
  await db.insert(news).values(
    schoolNews.map((n) => ({
      channel_id: SCHOOL_CHANNEL,
      key: n.key,
      title: n.title,
      body: n.body,
      is_important: !!n.important,
      published_at: new Date(n.date),
    })),
  );
  await db.insert(blogs).values(
    schoolBlogs.map((b) => ({
      channel_id: SCHOOL_CHANNEL,
      key: b.key,
      title: b.title,
      excerpt: b.excerpt,
      body: b.body,
      image: b.image,
      tags: b.tags,
      published_at: new Date(b.date),
    })),
  );
  await db.insert(static_pages).values(
    staticPageSeeds.map((p) => ({
      channel_id: SCHOOL_CHANNEL,
      url: p.url,
      title: p.title,
      body: p.body.replaceAll('{shop}', SCHOOL_SHOP_NAME),
    })),
  );
  // Its own home: the top layout, the collections and the banner area it names.
  await db.insert(layouts).values({ channel_id: SCHOOL_CHANNEL, page: 'top', title: 'トップページ', blocks: SCHOOL_TOP_BLOCKS });
  await db.insert(collections).values(schoolCollections.map((c) => ({ channel_id: SCHOOL_CHANNEL, ...c })));
  await db
    .insert(banners)
    .values(schoolBanners.map((b, i) => ({ channel_id: SCHOOL_CHANNEL, area: 'school_top', ...b, sort: (i + 1) * 10 })));
}
