/**
 * The cart's hot reads, written once: as query builders for use inside a transaction, and as
 * prepared statements (named, with placeholders) for the reads outside one. On PostgreSQL a named
 * statement is parsed and planned once per connection instead of on every request; PGlite runs
 * the same statements unnamed. A prepared statement is bound to the handle it was built on, so it
 * is kept per database handle and never used inside a transaction.
 *
 * A cart row is read with two extra columns (`cartExtraColumns`): the channel's cart settings and
 * the chosen payment method's row, as jsonb. They are what every cart operation reads next, so
 * carrying them in the same statement saves those round trips on each request (under CPU
 * contention the cost of a request follows its number of statements, docs/deployment.md). Where the
 * whole cart is wanted next (the view after a change, GET, the decision), `cartViewColumns` adds
 * its lines and shippings as jsonb arrays too, so the cart is one statement.
 */
import { and, asc, eq, getTableColumns, type Placeholder, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  cart_items,
  cart_shippings,
  carts,
  packings,
  payment_methods,
  product_channels,
  products,
  settings,
} from '../../db/schema/index.ts';
import { CART_SETTING_KEYS, type SettingValues } from './channel-settings.ts';
import type { CartExtras, CartLine, CartShippingRow, PackingRow } from './types.ts';

type Conn = Db | Tx;
type Param<T> = T | Placeholder;

/** The cart row's columns plus its extras (usable in a select, a FOR UPDATE select and `returning`). */
// Written out qualified: drizzle renders a column of `returning` unqualified, where "channel_id"
// inside the subquery would mean the subquery's own table.
const cartCol = (name: 'id' | 'channel_id' | 'payment_id') => sql.raw(`"carts"."${name}"`);

export const cartExtraColumns = () => ({
  ...getTableColumns(carts),
  channel_settings: sql<SettingValues>`(select coalesce(jsonb_object_agg(st.key, st.value), '{}'::jsonb) from ${settings} st
    where st.channel_id = ${cartCol('channel_id')} and st.key in ${CART_SETTING_KEYS})`,
  payment_row: sql<CartExtras['payment_row']>`(select to_jsonb(pm) from ${payment_methods} pm where pm.id = ${cartCol('payment_id')})`,
});

/** A line as `cartLinesQuery` gives it, built in SQL (the keys are the query's field names). */
const lineObject = sql`jsonb_build_object('id', ci.id, 'key', ci.key, 'product_id', ci.product_id, 'quantity', ci.quantity,
  'cart_shipping_id', ci.cart_shipping_id, 'accessories', ci.accessories, 'embroidery', ci.embroidery, 'unit_price', p.product_price,
  'tax_rate', p.tax_rate, 'stock', p.stock, 'name', p.name, 'code', p.code, 'image', p.image, 'is_published', p.is_published,
  'in_channel', exists (select 1 from ${product_channels} pc where pc.product_id = ci.product_id and pc.channel_id = ${cartCol('channel_id')}))`;

/** The extras plus the cart's lines (as `cartLinesQuery`) and shippings (as `cartShippingsQuery`). */
export const cartViewColumns = () => ({
  ...cartExtraColumns(),
  lines: sql<CartLine[]>`(select coalesce(jsonb_agg(${lineObject} order by ci.id), '[]'::jsonb)
    from ${cart_items} ci join ${products} p on p.id = ci.product_id where ci.cart_id = ${cartCol('id')})`,
  shipping_rows: sql<CartShippingRow[]>`(select coalesce(jsonb_agg(to_jsonb(s) order by s.sort, s.id), '[]'::jsonb)
    from ${cart_shippings} s where s.cart_id = ${cartCol('id')})`,
  // The channel's active wrapping choices, only read when the cart has a shipping to wrap.
  packing_rows: sql<
    PackingRow[]
  >`(select coalesce(jsonb_agg(jsonb_build_object('key', pk.key, 'name', pk.name, 'description', pk.description,
    'fee', pk.fee) order by pk.sort, pk.id), '[]'::jsonb) from ${packings} pk where pk.channel_id = ${cartCol('channel_id')} and pk.is_active
    and exists (select 1 from ${cart_shippings} s where s.cart_id = ${cartCol('id')}))`,
});

/** The cart of this token and channel; `view` adds its lines and shippings (`cartViewColumns`). */
export const cartByTokenQuery = (conn: Conn, token: Param<string>, channelId: Param<string>, view = false) =>
  conn
    .select(view ? cartViewColumns() : cartExtraColumns())
    .from(carts)
    .where(and(eq(carts.token, token), eq(carts.channel_id, channelId)))
    .limit(1);

/** The cart's lines with the live product figures pricing and the decision need. */
export const cartLinesQuery = (conn: Conn, cartId: Param<number>) =>
  conn
    .select({
      id: cart_items.id,
      key: cart_items.key,
      product_id: cart_items.product_id,
      quantity: cart_items.quantity,
      cart_shipping_id: cart_items.cart_shipping_id,
      accessories: cart_items.accessories,
      embroidery: cart_items.embroidery,
      unit_price: products.product_price,
      tax_rate: products.tax_rate,
      stock: products.stock,
      name: products.name,
      code: products.code,
      image: products.image,
      is_published: products.is_published,
    })
    .from(cart_items)
    .innerJoin(products, eq(products.id, cart_items.product_id))
    .where(eq(cart_items.cart_id, cartId))
    .orderBy(asc(cart_items.id));

export const cartShippingsQuery = (conn: Conn, cartId: Param<number>) =>
  conn.select().from(cart_shippings).where(eq(cart_shippings.cart_id, cartId)).orderBy(asc(cart_shippings.sort), asc(cart_shippings.id));

function prepareAll(db: Db) {
  return {
    cartByToken: cartByTokenQuery(db, sql.placeholder('token'), sql.placeholder('channelId'), true).prepare('cart_by_token'),
    cartLines: cartLinesQuery(db, sql.placeholder('cartId')).prepare('cart_lines'),
    cartShippings: cartShippingsQuery(db, sql.placeholder('cartId')).prepare('cart_shippings'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareAll>>();

/** The prepared cart statements of this database handle (built on first use). */
export function cartStatements(db: Db): ReturnType<typeof prepareAll> {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepareAll(db)));
  return s;
}

// CartLine is written out in types.ts (so no import cycle runs through it); this fails to compile
// the moment it and the query's own row type part.
type QueriedLine = Awaited<ReturnType<typeof cartLinesQuery>>[number] & { in_channel?: boolean };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type CartLineIsQueried = Same<QueriedLine, CartLine> extends true ? true : never;
const lineTypeCheck: CartLineIsQueried = true;
void lineTypeCheck;
