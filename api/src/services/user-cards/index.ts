/**
 * Saved cards (/v1/me/user-cards, spec 3 "User card", spec 4 "Cards"): the provider turns a
 * one-time token into a reusable reference, which is all the shop keeps with the masked number,
 * expiry and holder name the provider reports. At most USER_CARD_LIMIT per member (x-limit); the
 * first card is the main one, and exactly one stays main after a delete or a PATCH …/use.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { UserCard } from '#contracts/card-payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { user_cards } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { paymentProvider } from '../payments/registry.ts';

/** Cards a member may save (the x-limit header). */
export const USER_CARD_LIMIT = 5;

type CardRow = typeof user_cards.$inferSelect;

const brandOf = (tokenKey: string) => tokenKey.split(':')[1] ?? '';

/** The wire card (pure): the masked number only. */
export const serializeUserCard = (r: CardRow): UserCard => ({
  id: r.id,
  is_main: r.is_main,
  name: r.name,
  brand: brandOf(r.token_key),
  masked_number: r.masked_number,
  expiration: r.expiration,
});

/** The member's cards, main first, then oldest first. */
export async function listUserCards(db: Db | Tx, userId: number): Promise<UserCard[]> {
  const rows = await db
    .select()
    .from(user_cards)
    .where(eq(user_cards.user_id, userId))
    .orderBy(desc(user_cards.is_main), asc(user_cards.id));
  return rows.map(serializeUserCard);
}

/** Locks the member's cards, so concurrent adds and main changes of one member run one after another. */
const CARD_LOCK = 73001;
const lockMember = (tx: Tx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${CARD_LOCK}, ${userId})`);

/** POST /v1/me/user-cards: saves the card a provider token stands for. */
export async function addUserCard(db: Db, env: ApiEnv, userId: number, token: string): Promise<UserCard> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(user_cards).where(eq(user_cards.user_id, userId));
  if (count >= USER_CARD_LIMIT) throw limitReached();
  const provider = paymentProvider(env);
  const saved = await provider.createCustomerCard(token);
  if (!saved)
    throw unprocessable('カード情報の有効期限が切れています。もう一度入力してください。', 'user_card.invalid_token', {
      token: ['カード情報の有効期限が切れています。もう一度入力してください。'],
    });
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(user_cards).where(eq(user_cards.user_id, userId));
    if (n >= USER_CARD_LIMIT) throw limitReached();
    const [row] = await tx
      .insert(user_cards)
      .values({
        user_id: userId,
        provider: provider.code,
        token: saved.ref,
        token_key: `${provider.code}:${saved.brand}`,
        name: saved.name,
        masked_number: `**** **** **** ${saved.last4}`,
        expiration: saved.expiry,
        is_main: n === 0,
      })
      .returning();
    return serializeUserCard(row);
  });
}

const limitReached = () =>
  unprocessable(`登録できるカードは${USER_CARD_LIMIT}枚までです。不要なカードを削除してから登録してください。`, 'user_card.limit');

/** DELETE /v1/me/user-cards/{id}: when the main card goes, the oldest remaining one becomes main. */
export async function deleteUserCard(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [gone] = await tx
      .delete(user_cards)
      .where(and(eq(user_cards.id, id), eq(user_cards.user_id, userId)))
      .returning();
    if (!gone) throw notFound('カード');
    if (!gone.is_main) return;
    const [next] = await tx
      .select({ id: user_cards.id })
      .from(user_cards)
      .where(eq(user_cards.user_id, userId))
      .orderBy(asc(user_cards.id))
      .limit(1);
    if (next) await tx.update(user_cards).set({ is_main: true }).where(eq(user_cards.id, next.id));
  });
}

/** PATCH /v1/me/user-cards/{id}/use: this card becomes the only main one. */
export async function useUserCard(db: Db, userId: number, id: number): Promise<UserCard> {
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const [row] = await tx
      .update(user_cards)
      .set({ is_main: true })
      .where(and(eq(user_cards.id, id), eq(user_cards.user_id, userId)))
      .returning();
    if (!row) throw notFound('カード');
    await tx
      .update(user_cards)
      .set({ is_main: false })
      .where(and(eq(user_cards.user_id, userId), ne(user_cards.id, id)));
    return serializeUserCard(row);
  });
}
