/**
 * Paper catalogues (GET /v1/catalog) and the catalogue order (POST /v1/catalog-orders): stored in
 * catalog_orders and mailed, in one transaction, to the shop (like an order) and to the shopper
 * (an acknowledgement). Rate limited per client address, so the form cannot be used to flood the
 * shop's or anyone's mailbox.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Catalog, CatalogOrderResponse, catalogOrderRequestSchema } from '#contracts/catalog-order.ts';
import { formatJstDateTime } from '#contracts/datetimes.ts';
import type { ChannelRow, UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { catalog_orders, catalogs } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { validationFailed } from '../../lib/errors.ts';
import { channelSetting, enforce, type Limit } from '../account/common.ts';
import { queueMail, siteName } from '../mail/index.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { knownPrefecture } from '../social-gifts/address.ts';
import { formatPostalCode } from '../user-addresses/index.ts';

type Conn = Db | Tx;
type CatalogOrderInput = z.output<typeof catalogOrderRequestSchema>;

/** Catalogue orders per client address (and per e-mail address) in an hour. */
export const CATALOG_ORDER_LIMITS = {
  perAddress: { limit: 10, windowSeconds: 3600 },
  perEmail: { limit: 3, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

/** Where the shop receives catalogue orders: MAIL.SHOP_ADDRESS, else the channel's MAIL.FROM_ADDRESS. */
export const SHOP_ADDRESS_SETTINGS = ['MAIL.SHOP_ADDRESS', 'MAIL.FROM_ADDRESS'] as const;

const serialize = (c: typeof catalogs.$inferSelect): Catalog => ({
  id: c.id,
  name: c.name,
  image: c.image,
  pages: Array.isArray(c.pages) ? (c.pages as unknown[]).filter((p): p is string => typeof p === 'string') : [],
});

/** GET /v1/catalog: the channel's catalogues. */
export async function listCatalogs(db: Conn, channelId: string): Promise<Catalog[]> {
  return (await db.select().from(catalogs).where(eq(catalogs.channel_id, channelId)).orderBy(asc(catalogs.id))).map(serialize);
}

async function shopAddress(conn: Conn, channelId: string): Promise<string | null> {
  for (const key of SHOP_ADDRESS_SETTINGS) {
    const v = await channelSetting(conn, channelId, key);
    if (typeof v === 'string' && v.includes('@')) return v.trim();
  }
  return null;
}

/** The order's lines as both mails list them (pure). */
export function catalogOrderLines(o: CatalogOrderInput, catalogName: string): string[] {
  return [
    `カタログ：${catalogName}`,
    `お名前：${o.name}（${o.kana}）`,
    `ご住所：〒${formatPostalCode(o.postal_code)} ${o.prefecture}${o.city}${o.address1}${o.address2 ? ` ${o.address2}` : ''}`,
    `電話番号：${o.phone_number}`,
    `メールアドレス：${o.email}`,
    `ご要望・備考：${o.note || 'なし'}`,
  ];
}

export interface CatalogOrderClient {
  ip: string | null;
}

/** POST /v1/catalog-orders: stores the order and queues the shop's mail and the acknowledgement. */
export async function orderCatalog(
  db: Db,
  env: ApiEnv,
  channel: ChannelRow,
  user: UserRow | null,
  input: CatalogOrderInput,
  client: CatalogOrderClient,
): Promise<CatalogOrderResponse> {
  knownPrefecture(input.prefecture);
  const [catalog] = await db
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.id, input.catalog_id), eq(catalogs.channel_id, channel.id)))
    .limit(1);
  if (!catalog) throw validationFailed({ catalog_id: ['選択されたカタログは正しくありません'] });
  const store = rateLimitStore(db, env);
  if (client.ip) await enforce(store, `catalog-order:ip:${client.ip}`, CATALOG_ORDER_LIMITS.perAddress);
  await enforce(store, `catalog-order:email:${channel.id}:${input.email.toLowerCase()}`, CATALOG_ORDER_LIMITS.perEmail);

  return db.transaction(async (tx) => {
    const now = new Date();
    const payload = { ...input, address2: input.address2 ?? '', note: input.note ?? '', catalog_name: catalog.name };
    const [row] = await tx
      .insert(catalog_orders)
      .values({
        channel_id: channel.id,
        catalog_id: catalog.id,
        user_id: user?.id ?? null,
        payload,
        created_at: now,
      })
      .returning({ id: catalog_orders.id });
    const shop = await siteName(tx, channel.id, channel.name);
    const lines = catalogOrderLines(input, catalog.name);
    const to = await shopAddress(tx, channel.id);
    if (to) {
      await queueMail(tx, {
        channelId: channel.id,
        to,
        template: 'catalog_order_shop',
        subject: `【${shop}】カタログのご請求がありました（受付番号 ${row.id}）`,
        body: [
          'カタログのご請求を受け付けました。発送をお願いします。',
          '',
          `受付番号：${row.id}`,
          `受付日時：${formatJstDateTime(now)}`,
          ...lines,
        ].join('\n'),
      });
    }
    await queueMail(tx, {
      channelId: channel.id,
      to: input.email,
      template: 'catalog_order_ack',
      subject: `【${shop}】カタログのご請求を承りました`,
      body: [
        `${input.name} 様`,
        '',
        `このたびは${shop}のカタログをご請求いただき、誠にありがとうございます。`,
        '以下の内容で承りました。1週間ほどでお届けいたします。',
        '',
        `受付番号：${row.id}`,
        ...lines,
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
        '',
        shop,
      ].join('\n'),
    });
    return { id: row.id, catalog_name: catalog.name, message: 'カタログのご請求を承りました。確認のメールをお送りしました。' };
  });
}
