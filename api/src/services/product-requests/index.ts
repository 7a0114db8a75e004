/**
 * Restock requests (「再入荷をお知らせ」): a shopper asks to be mailed when a sold-out product is
 * back. One pending request per product and address; `notifyRestocked` mails them once.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '#contracts/constants.ts';
import type { ProductRequest } from '#contracts/discovery.ts';
import { messages } from '#contracts/messages.ts';
import type { Product } from '#contracts/products.ts';
import type { UserRow } from '../../context.ts';
import { product_requests, products } from '../../db/schema/index.ts';
import { notFound, unprocessable, validationFailed } from '../../lib/errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { PageResult } from '../../lib/respond.ts';
import { queueMail, siteName } from '../mail/index.ts';
import { type Conn, iso, productsInOrder, requireSellableProduct } from '../products/sellable.ts';
import { confirmationColumns, confirmationFor, mailConfirmation } from './restock-confirm.ts';

type Row = typeof product_requests.$inferSelect;

const wire = (r: Row, product: Product | null): ProductRequest => ({
  id: r.id,
  product_id: r.product_id,
  product,
  email: r.email,
  created_at: iso(r.created_at),
  notified_at: r.notified_at ? iso(r.notified_at) : null,
  confirmed_at: r.confirmed_at ? iso(r.confirmed_at) : null,
});

/**
 * Creates a restock request for a sold-out product of the channel. A guest must give an e-mail; a
 * member's request goes to the member's own address (the given one only when the member has none).
 * A pending request for the same product and address is answered instead (created false). A
 * request is mailed only once its address is confirmed (restock-confirm.ts).
 */
export async function createProductRequest(
  conn: Conn,
  env: { SITE_URL: string },
  channelId: string,
  user: UserRow | null,
  input: { product_id: number; email?: string },
): Promise<{ request: ProductRequest; created: boolean }> {
  const to = (user?.email || input.email)?.trim().toLowerCase();
  if (!to) throw validationFailed({ email: [messages.required('メールアドレス')] });
  const product = await requireSellableProduct(conn, channelId, input.product_id);
  if (product.stock > 0) throw unprocessable('この商品は在庫があります。カートからご購入ください。', 'product_request.in_stock');
  const [product_] = await productsInOrder(conn, [product.id], { channelId, userId: user?.id });
  const [pending] = await conn
    .select()
    .from(product_requests)
    .where(
      and(
        eq(product_requests.product_id, product.id),
        eq(product_requests.email, to),
        eq(product_requests.channel_id, channelId),
        isNull(product_requests.notified_at),
      ),
    )
    .limit(1);
  // Unconfirmed: confirmed now, or the link mailed (again, once its hour is over: restock-confirm.ts).
  const confirmation = pending?.confirmed_at ? null : await confirmationFor(conn, channelId, user, to);
  if (pending) {
    let row = pending;
    if (confirmation && (confirmation.confirmed_at || confirmation.secret)) {
      [row] = await conn
        .update(product_requests)
        .set(confirmationColumns(confirmation))
        .where(eq(product_requests.id, pending.id))
        .returning();
    }
    if (confirmation && !confirmation.confirmed_at && confirmation.secret)
      await mailConfirmation(conn, env, channelId, to, product.name, confirmation.secret);
    return { request: wire(row, product_ ?? null), created: false };
  }
  const [row] = await conn
    .insert(product_requests)
    .values({
      user_id: user?.id ?? null,
      product_id: product.id,
      channel_id: channelId,
      email: to,
      payload: { product_id: product.id, email: to, member: user != null },
      ...confirmationColumns(confirmation!),
    })
    .returning();
  if (!confirmation!.confirmed_at && confirmation!.secret)
    await mailConfirmation(conn, env, channelId, to, product.name, confirmation!.secret);
  return { request: wire(row, product_ ?? null), created: true };
}

/** The member's requests of the channel, newest first, one page. */
export async function listProductRequests(
  conn: Conn,
  channelId: string,
  userId: number,
  query: { page?: number; per?: number },
): Promise<PageResult<ProductRequest>> {
  const page = pageOf(query, PAGE_SIZE.default)!;
  const where = and(eq(product_requests.user_id, userId), eq(product_requests.channel_id, channelId));
  const [found, total] = await Promise.all([
    conn
      .select()
      .from(product_requests)
      .where(where)
      .orderBy(desc(product_requests.created_at), desc(product_requests.id))
      .limit(page.per)
      .offset(page.offset),
    conn.$count(product_requests, where),
  ]);
  const byId = new Map(
    (
      await productsInOrder(
        conn,
        found.flatMap((r) => (r.product_id ? [r.product_id] : [])),
        { channelId, userId },
      )
    ).map((p) => [p.id, p]),
  );
  return { items: found.map((r) => wire(r, (r.product_id && byId.get(r.product_id)) || null)), total, page };
}

/** Deletes one of the member's requests; anyone else's is 404. */
export async function deleteProductRequest(conn: Conn, userId: number, id: number): Promise<void> {
  const gone = await conn
    .delete(product_requests)
    .where(and(eq(product_requests.id, id), eq(product_requests.user_id, userId)))
    .returning({ id: product_requests.id });
  if (!gone.length) throw notFound('再入荷のお知らせ');
}

/** The restock mail (plain-text Japanese). */
export function restockMailText(m: { siteName: string; productName: string; url: string }): { subject: string; body: string } {
  return {
    subject: `【${m.siteName}】再入荷のお知らせ：${m.productName}`,
    body: [
      'ご登録いただいた商品が再入荷いたしました。',
      '',
      `商品名：${m.productName}`,
      `商品ページ：${m.url}`,
      '',
      '在庫には限りがございます。お早めにお買い求めください。',
      'このお知らせは一度だけお送りしています。',
      '本メールは送信専用です。ご不明な点はお問い合わせフォームよりご連絡ください。',
      '',
      m.siteName,
    ].join('\n'),
  };
}

/**
 * Mails every pending confirmed request of a product that is in stock again, once: the requests are marked
 * notified in the same UPDATE that picks them (so two calls never mail twice) and the mails are
 * queued in the caller's connection or transaction. Returns how many were queued. Call it wherever
 * stock goes from 0 to more (order cancellation, admin or stock imports); `raiseStock` does.
 */
export async function notifyRestocked(conn: Conn, productId: number, siteUrl: string): Promise<number> {
  const [product] = await conn
    .select({ key: products.key, name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || product.stock <= 0) return 0;
  const picked = await conn
    .update(product_requests)
    .set({ notified_at: new Date() })
    .where(
      and(
        eq(product_requests.product_id, productId),
        isNull(product_requests.notified_at),
        isNotNull(product_requests.confirmed_at),
        sql`${product_requests.email} is not null`,
      ),
    )
    .returning();
  const names = new Map<string, string>();
  for (const r of picked) {
    const channel = r.channel_id ?? 'default';
    if (!names.has(channel)) names.set(channel, await siteName(conn, channel, 'オンラインショップ'));
    const url = `${siteUrl.replace(/\/+$/, '')}/product/${encodeURIComponent(product.key)}/`;
    const { subject, body } = restockMailText({ siteName: names.get(channel)!, productName: product.name, url });
    await queueMail(conn, { channelId: r.channel_id, to: r.email!, template: 'restock', subject, body });
  }
  return picked.length;
}

/**
 * Adds `quantity` to a product's stock; when that takes it from 0 to more, the pending restock
 * requests are mailed (notifyRestocked). For stock returned by a cancellation or an import.
 */
export async function raiseStock(
  conn: Conn,
  productId: number,
  quantity: number,
  siteUrl: string,
): Promise<{ stock: number; notified: number }> {
  const [row] = await conn
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updated_at: new Date() })
    .where(eq(products.id, productId))
    .returning({ stock: products.stock });
  if (!row) throw notFound('商品');
  const notified = row.stock > 0 && row.stock - quantity <= 0 ? await notifyRestocked(conn, productId, siteUrl) : 0;
  return { stock: row.stock, notified };
}
