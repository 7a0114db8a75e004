/**
 * A living back office for the demo shop: six members besides demo (whose orders and points the
 * browser tests count, so demo gets none here) and 30 orders of the last 14 days on the default
 * channel, across every payment method and state the staff work with: 代引 and cards to ship,
 * dated deliveries due today (北海道's extra transit day included) and later, 銀行振込 and コンビニ
 * awaiting payment (two overdue), payments confirmed, orders shipped with their tracking number,
 * cancellations by the member and by staff (one card whose void did not go through), and
 * 再入荷のお知らせ waiting on two sold-out products. Dates are relative to the seed; products are
 * taken from the most reviewed models, never a model's first variant (tests use those as plain
 * products), and the seed's stock is left as the catalogue set it. The new members share demo's
 * password hash, so the seed hashes nothing more.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { jstDate } from '../../services/delivery/calendar.ts';
import { addDays } from '../../services/delivery/holidays.ts';
import { POINT_REASONS, pointExpiryFrom } from '../../services/points/ledger.ts';
import type { Tx } from '../client.ts';
import { payment_methods, point_histories, product_requests, products, review_stats, user_addresses, users } from '../schema/index.ts';
import { MAIN_CHANNEL } from './channels.ts';
import { DEV_STAFF } from './editors.ts';
import { DEMO } from './members.ts';
import { insertSeedOrders, orderContext, type SeedOrderSpec, type SeedProduct } from './order-builder.ts';

/** The members the seeded orders belong to: [username, 姓, 名, セイ, メイ, postal code, prefecture, city, address1, cell phone]. */
export const ORDER_MEMBERS = [
  ['hanako-yamada', '山田', '花子', 'ヤマダ', 'ハナコ', '1600022', '東京都', '新宿区', '新宿3-1-5', '09011112222'],
  ['ichiro-suzuki', '鈴木', '一郎', 'スズキ', 'イチロウ', '0600001', '北海道', '札幌市中央区', '北一条西4-2-1', '08022223333'],
  ['misaki-takahashi', '高橋', '美咲', 'タカハシ', 'ミサキ', '2310023', '神奈川県', '横浜市中区', '山下町21-8', '09033334444'],
  ['kenta-tanaka', '田中', '健太', 'タナカ', 'ケンタ', '8120012', '福岡県', '福岡市博多区', '博多駅中央街6-3', '07044445555'],
  ['sakura-ito', '伊藤', 'さくら', 'イトウ', 'サクラ', '9000006', '沖縄県', '那覇市', 'おもろまち2-7-10', '08055556666'],
  ['naoki-watanabe', '渡辺', '直樹', 'ワタナベ', 'ナオキ', '4600008', '愛知県', '名古屋市中区', '栄3-6-1', '09066667777'],
] as const;

type Step = Omit<SeedOrderSpec, 'member' | 'address' | 'lines' | 'payment' | 'at' | 'paidAt' | 'shipped' | 'cancelled'> & {
  paid?: number;
  ship?: [days: number, carrier: 'yamato' | 'sagawa' | 'japanpost'];
  cancel?: [days: number, reason: string, byStaff?: boolean, voidFailed?: boolean];
  delivery?: number;
};
/** [member, method, days ago, Japan hour, lines [product, quantity] (8: the reduced-rate pool), what happened]. */
type Scenario = [number, string, number, number, Array<[number, number]>, Step?];

const SCENARIOS: Scenario[] = [
  // To ship today.
  [
    0,
    'cod',
    1,
    10,
    [
      [0, 1],
      [1, 2],
    ],
  ],
  [1, 'cod', 0, 8, [[2, 1]]],
  [2, 'card', 1, 21, [[3, 1]]],
  [3, 'card', 0, 7, [[4, 2]], { delivery: 1, timezone: '1416' }],
  [
    5,
    'deferred',
    1,
    15,
    [
      [5, 1],
      [8, 2],
    ],
  ],
  [0, 'bank_transfer', 3, 13, [[6, 1]], { paid: 1 }],
  [2, 'konbini', 2, 19, [[7, 3]], { paid: 1, konbiniStore: 'lawson' }],
  [1, 'cod', 2, 11, [[1, 1]], { delivery: 2, timezone: '0812' }],
  [5, 'card', 3, 9, [[9, 1]]],
  // Due later: a dated delivery to Okinawa.
  [4, 'card', 2, 20, [[10, 1]], { delivery: 7, timezone: '1820' }],
  // Awaiting payment (two overdue).
  [4, 'bank_transfer', 2, 12, [[11, 1]]],
  [5, 'bank_transfer', 9, 16, [[0, 2]]],
  [
    1,
    'konbini',
    1,
    22,
    [
      [2, 1],
      [9, 1],
    ],
    { konbiniStore: 'seven-eleven' },
  ],
  [3, 'konbini', 5, 14, [[8, 4]], { konbiniStore: 'familymart' }],
  // Shipped.
  [0, 'cod', 12, 10, [[3, 1]], { ship: [10, 'yamato'] }],
  [
    1,
    'card',
    11,
    20,
    [
      [4, 1],
      [5, 1],
    ],
    { ship: [9, 'sagawa'] },
  ],
  [2, 'bank_transfer', 10, 9, [[6, 2]], { paid: 9, ship: [8, 'japanpost'] }],
  [3, 'konbini', 9, 18, [[7, 1]], { paid: 8, ship: [7, 'yamato'], konbiniStore: 'lawson' }],
  [4, 'card', 8, 13, [[10, 1]], { ship: [7, 'yamato'] }],
  [
    5,
    'deferred',
    7,
    11,
    [
      [11, 1],
      [8, 1],
    ],
    { ship: [6, 'sagawa'] },
  ],
  [
    0,
    'card',
    6,
    21,
    [
      [1, 1],
      [2, 1],
    ],
    { ship: [5, 'yamato'], usePoint: 300 },
  ],
  [
    2,
    'cod',
    5,
    15,
    [
      [0, 1],
      [8, 3],
    ],
    { ship: [4, 'yamato'] },
  ],
  [3, 'card', 4, 10, [[9, 2]], { ship: [3, 'sagawa'] }],
  [1, 'cod', 13, 12, [[5, 1]], { ship: [12, 'japanpost'] }],
  [5, 'card', 2, 9, [[6, 1]], { ship: [1, 'yamato'] }],
  // Cancelled.
  [4, 'cod', 6, 19, [[3, 1]], { cancel: [5, '注文内容を間違えました'] }],
  [5, 'card', 4, 12, [[4, 1]], { cancel: [3, 'お客様からのご依頼（お電話）', true] }],
  [0, 'bank_transfer', 3, 17, [[7, 1]], { cancel: [0, 'お客様からのご依頼（メール）', true] }],
  [2, 'card', 2, 14, [[11, 1]], { cancel: [1, '別の商品と間違えました', false, true] }],
  [1, 'konbini', 8, 20, [[10, 1]], { cancel: [4, 'お支払い期限切れ', true], konbiniStore: 'seven-eleven' }],
];

/** A tracking number the carriers' format allows: 12 digits in groups of four. */
const trackingNo = (n: number) => String(4000_0000_0000 + n * 7_919_3).replace(/(\d{4})(\d{4})(\d{4})/, '$1-$2-$3');

export async function seedOrders(tx: Tx, now = new Date()) {
  const today = jstDate(now);
  /** A Japan date `days` ago at `hour`, never in the last ten minutes (today's early hours clamp to just before the seed). */
  const at = (days: number, hour: number, minute = 17) => {
    const t = Date.parse(`${addDays(today, -days)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`);
    return new Date(Math.min(t, now.getTime() - (10 + days) * 60_000));
  };
  const [demo] = await tx.select({ hash: users.password_hash }).from(users).where(eq(users.username, DEMO.username)).limit(1);
  const members = await tx
    .insert(users)
    .values(
      ORDER_MEMBERS.map(([username, last, first, lastKana, firstKana, , , , , cell]) => ({
        channel_id: MAIN_CHANNEL,
        username,
        email: `${username.replace('-', '.')}@example.jp`,
        password_hash: demo.hash,
        last_name: last,
        first_name: first,
        last_name_kana: lastKana,
        first_name_kana: firstKana,
        cell_phone_number: cell,
        is_registered_member: true,
        email_verified_at: at(30, 10),
        password_changed_at: at(30, 10),
        created_at: at(30, 10),
      })),
    )
    .returning();
  const addresses = await tx
    .insert(user_addresses)
    .values(
      ORDER_MEMBERS.map(([, last, first, lastKana, firstKana, postal, prefecture, city, address1, cell], i) => ({
        user_id: members[i].id,
        name: '自宅',
        shipping_name: `${last} ${first}`,
        last_name: last,
        first_name: first,
        last_name_kana: lastKana,
        first_name_kana: firstKana,
        postal_code: postal,
        prefecture,
        city,
        address1,
        cell_phone_number: cell,
        is_default: true,
      })),
    )
    .returning();
  // 山田 花子 had campaign points before the order she pays 300 of with.
  await tx.insert(point_histories).values({
    user_id: members[0].id,
    amount: 500,
    reason: POINT_REASONS.campaign,
    created_at: at(30, 10),
    expires_at: pointExpiryFrom(at(30, 10)),
  });

  const pool = await productPool(tx);
  const methods = new Map((await tx.select().from(payment_methods)).map((p) => [p.code, p]));
  const specs = SCENARIOS.map(([m, method, days, hour, lines, step = {}], n): SeedOrderSpec => {
    const { paid, ship, cancel, delivery, ...rest } = step;
    return {
      ...rest,
      member: members[m],
      address: addresses[m],
      payment: methods.get(method)!,
      at: at(days, hour),
      lines: lines.map(([p, q]) => [pool[p], q] as [SeedProduct, number]),
      deliveryDate: delivery != null ? addDays(today, delivery) : null,
      paidAt: paid != null ? at(paid, 11, 5) : undefined,
      shipped: ship ? { at: at(ship[0], 16, 40), carrier: ship[1], trackingNo: trackingNo(n) } : undefined,
      cancelled: cancel ? { at: at(cancel[0], 9, 50), reason: cancel[1], byStaff: cancel[2], voidFailed: cancel[3] } : undefined,
    };
  });
  await insertSeedOrders(tx, specs, await orderContext(tx, MAIN_CHANNEL, DEV_STAFF.login));
  await seedRestockRequests(
    tx,
    members.map((u) => ({ id: u.id, email: u.email })),
    at(3, 12),
  );
}

/**
 * Products 0–7 and 9–11 of the pool: standard-rate variants of the most reviewed models (in stock,
 * not a model's first variant); 8: a reduced-rate (food) product.
 */
async function productPool(tx: Tx): Promise<SeedProduct[]> {
  const columns = {
    id: products.id,
    code: products.code,
    name: products.name,
    image: products.image,
    product_price: products.product_price,
    tax_rate: products.tax_rate,
  };
  const sellable = and(eq(products.is_published, true), sql`${MAIN_CHANNEL} = any(${products.channel_ids})`, gte(products.stock, 10));
  const notFirst = sql`${products.id} > (select min(p2.id) from ${products} p2 where p2.product_model_id = ${products.product_model_id})`;
  const standard = await tx
    .select({ ...columns, model: products.product_model_id })
    .from(products)
    .innerJoin(review_stats, eq(review_stats.group_id, products.product_model_id))
    .where(and(sellable, eq(products.tax_rate, 10), notFirst))
    .orderBy(desc(review_stats.review_count), products.product_model_id, products.id);
  const models = new Set<number | null>();
  const picked = standard
    .filter((p) => !models.has(p.model) && models.add(p.model))
    .slice(0, 11)
    .map(({ model: _m, ...p }) => p);
  const [food] = await tx
    .select(columns)
    .from(products)
    .where(and(sellable, eq(products.tax_rate, 8)))
    .orderBy(desc(products.id))
    .limit(1);
  return [...picked.slice(0, 8), food, ...picked.slice(8)];
}

/** Confirmed 再入荷のお知らせ from two members on the two sold-out products seeded last (tests pick products from the first). */
async function seedRestockRequests(tx: Tx, members: Array<{ id: number; email: string }>, at: Date) {
  const soldOut = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.is_published, true), eq(products.stock, 0), sql`${MAIN_CHANNEL} = any(${products.channel_ids})`))
    .orderBy(desc(products.id))
    .limit(2);
  const asks = soldOut.flatMap((p, i) =>
    members.slice(i, i + 2 + i).map((m) => ({
      user_id: m.id,
      product_id: p.id,
      channel_id: MAIN_CHANNEL,
      email: m.email,
      payload: { product_id: p.id, email: m.email, member: true },
      confirmed_at: at,
      created_at: at,
    })),
  );
  if (asks.length) await tx.insert(product_requests).values(asks);
}
