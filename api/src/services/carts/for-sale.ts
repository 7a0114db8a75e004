/** Whether a product can go into a cart line: for sale on the channel, in stock, within the line's quantity limit. */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { product_channels, products } from '../../db/schema/index.ts';
import { cartErrors } from './errors.ts';

type Conn = Db | Tx;

/** Most of one product a line may hold (the contract's quantity limit). */
export const MAX_LINE_QUANTITY = 99;

/** SQL: the product of the enclosing select is sold on the channel. */
export const sellableHere = (channelId: string) =>
  sql<boolean>`exists (select 1 from ${product_channels} pc where pc.product_id = ${products.id} and pc.channel_id = ${channelId})`;

/** A product row with what adding it to a cart needs to know. */
export async function productForSale(tx: Conn, channelId: string, productId: number) {
  const [p] = await tx
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      is_published: products.is_published,
      in_channel: sellableHere(channelId),
      embroiderable: products.embroiderable,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!p) throw cartErrors.productNotFound();
  if (!p.is_published || !p.in_channel) throw cartErrors.notSale(p.name);
  return p;
}

export function checkQuantity(p: { name: string; stock: number }, quantity: number) {
  if (quantity > MAX_LINE_QUANTITY) throw cartErrors.tooMany();
  if (quantity > p.stock) throw cartErrors.stock(p.name, p.stock);
}
