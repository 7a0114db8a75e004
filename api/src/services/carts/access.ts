/**
 * Finding a cart and who may use it. A cart has a random token, a channel and, once a member is
 * known, a user; it expires CART_TTL_DAYS after its last change. A member's cart answers only to
 * that member's bearer token: the token alone (a guest, another member) gets 404, so it never shows
 * a name, address or phone. A guest cart (no user) answers to its token. Every change runs in a
 * transaction holding the cart row lock, so changes and the decision never interleave.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { carts } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { notFound } from '../../lib/errors.ts';
import { randomToken } from '../tokens/index.ts';
import { cartErrors } from './errors.ts';
import { dropUnsellableLines, mergeLines } from './lines.ts';
import { cartByTokenQuery, cartStatements, cartViewColumns } from './queries.ts';
import type { CartRow } from './types.ts';

type Conn = Db | Tx;

const expiryFrom = (env: ApiEnv, now = new Date()) => new Date(now.getTime() + env.CART_TTL_DAYS * 86_400_000);
const isOpen = (cart: CartRow, now = new Date()) => cart.order_id == null && cart.expires_at > now;

/** A guest cart is anyone's who holds its token; a member's cart is that member's only. */
export function ownedBy(cart: CartRow, user: UserRow | null): boolean {
  return cart.user_id == null || cart.user_id === user?.id;
}

/**
 * The channel's cart with this token, or null; `lock` takes the row lock (inside a transaction);
 * `view` reads its lines and shippings in the same statement.
 */
export async function findCart(conn: Conn, channelId: string, token: string, lock = false, view = false): Promise<CartRow | null> {
  const q = cartByTokenQuery(conn, token, channelId, view);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The same read outside a transaction, through the prepared statement. */
async function lookupCart(db: Db, channelId: string, token: string): Promise<CartRow | null> {
  const [row] = await cartStatements(db).cartByToken.execute({ token, channelId });
  return row ?? null;
}

/** Reads a cart for display (GET); binds it to the signed-in member if it has no owner yet. */
export async function readCart(db: Db, channelId: string, user: UserRow | null, token: string): Promise<CartRow> {
  let cart = await lookupCart(db, channelId, token);
  if (!cart || !ownedBy(cart, user)) throw notFound('カート');
  if (cart.expires_at <= new Date() && cart.order_id == null) throw cartErrors.expired();
  if (user && cart.user_id == null && cart.order_id == null) {
    [cart] = await db.update(carts).set({ user_id: user.id }).where(eq(carts.id, cart.id)).returning(cartViewColumns());
  }
  return cart;
}

/** Columns of the cart row a change sets: written by the same UPDATE that extends the cart's expiry (one round trip less). */
export type CartChanges = Partial<Pick<typeof carts.$inferInsert, 'payment_id' | 'order_input'>>;

/**
 * Runs `change` on the locked cart inside a transaction, after the checks every change needs
 * (exists, owner, not expired, not ordered), binding the cart to the member and sliding its expiry.
 */
export async function mutateCart(
  db: Db,
  env: ApiEnv,
  channelId: string,
  user: UserRow | null,
  token: string,
  // biome-ignore lint/suspicious/noConfusingVoidType: most changes set nothing on the cart row itself
  change: (tx: Tx, cart: CartRow) => Promise<CartChanges | void>,
): Promise<CartRow> {
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, channelId, token, true);
    if (!cart || !ownedBy(cart, user)) throw notFound('カート');
    if (cart.order_id != null) throw cartErrors.ordered();
    if (cart.expires_at <= new Date()) throw cartErrors.expired();
    const changes = await change(tx, cart);
    const [updated] = await tx
      .update(carts)
      .set({
        ...changes,
        expires_at: expiryFrom(env),
        updated_at: new Date(),
        ...(user && cart.user_id == null ? { user_id: user.id } : {}),
      })
      .where(eq(carts.id, cart.id))
      .returning(cartViewColumns());
    return updated;
  });
}

/** The member's newest open cart of the channel (not ordered, not expired), or null. */
export async function openCartOf(conn: Conn, channelId: string, userId: number): Promise<CartRow | null> {
  const [row] = await conn
    .select()
    .from(carts)
    .where(and(eq(carts.user_id, userId), eq(carts.channel_id, channelId), isNull(carts.order_id), gt(carts.expires_at, new Date())))
    .orderBy(desc(carts.updated_at), desc(carts.id))
    .limit(1);
  return row ?? null;
}

/**
 * Moves a guest cart's lines into the member's cart and deletes the guest cart (EC-CUBE's merge at
 * login). Both rows are locked in id order so two merges cannot deadlock; if the member's cart
 * closed meanwhile, the guest cart is kept and adopted instead. Returns the cart to carry on with.
 */
async function mergeGuestCart(db: Db, channelId: string, guest: CartRow, mine: CartRow): Promise<CartRow> {
  return db.transaction(async (tx) => {
    const [first, second] = guest.id < mine.id ? [guest, mine] : [mine, guest];
    const a = await findCart(tx, channelId, first.token, true);
    const b = await findCart(tx, channelId, second.token, true);
    const [g, m] = guest.id < mine.id ? [a, b] : [b, a];
    if (!g || g.user_id != null || !isOpen(g)) return m ?? mine; // merged by a concurrent init already
    if (!m || !isOpen(m) || m.user_id !== mine.user_id) return g;
    await mergeLines(tx, channelId, g.id, m.id);
    await tx.delete(carts).where(eq(carts.id, g.id));
    return m;
  });
}

/**
 * POST /v1/carts/init. A guest gets the guest cart of the token when it is still usable, else a new
 * one. A member: a guest cart's token is merged into the member's open cart, or adopted when there
 * is none; without a usable token the member's open cart comes back (the cart survives logout and
 * login); else a new cart. `invalid_product` drops lines that can no longer be sold.
 */
export async function initCart(
  db: Db,
  env: ApiEnv,
  channelId: string,
  user: UserRow | null,
  input: { token?: string | null; invalid_product?: boolean },
): Promise<CartRow> {
  const given = input.token ? await lookupCart(db, channelId, input.token) : null;
  let target = given && isOpen(given) && ownedBy(given, user) ? given : null;
  if (user && target?.user_id == null) {
    const mine = await openCartOf(db, channelId, user.id);
    if (mine && target) target = await mergeGuestCart(db, channelId, target, mine);
    else if (mine) target = mine;
    if (target && !isOpen(target)) target = null;
  }
  if (!target) {
    const [created] = await db
      .insert(carts)
      .values({
        token: randomToken(),
        channel_id: channelId,
        user_id: user?.id ?? null,
        expires_at: expiryFrom(env),
      })
      .returning(cartViewColumns());
    return created;
  }
  return mutateCart(db, env, channelId, user, target.token, async (tx, cart) => {
    if (input.invalid_product) await dropUnsellableLines(tx, cart.id, channelId);
  });
}
