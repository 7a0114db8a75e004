/**
 * Erasing a member: the personal data goes (name, e-mail, phones, login ID, password, addresses,
 * cards, lists, bookmarks, likes, histories, measurements, memorials, name embroidery, open carts)
 * and every token is revoked. Orders stay for the accounts, pointing at the anonymised row, with the
 * customer and address copies taken when they were placed. Used by withdrawal and to drop a stale
 * unverified registration once its address is verified by another one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  bookmarks,
  carts,
  ecommerce_events,
  login_histories,
  news_readables,
  product_histories,
  product_likes,
  product_requests,
  product_search_histories,
  system_messages,
  timeseries,
  user_addresses,
  user_cards,
  user_lists,
  user_memorials,
  user_name_embroideries,
  users,
} from '../../db/schema/index.ts';
import { unusablePasswordHash } from '../passwords/index.ts';
import { revokeTokens } from '../tokens/index.ts';

/** Erases member `id` inside the caller's transaction. */
export async function eraseMember(tx: Tx, id: number): Promise<void> {
  for (const table of [
    user_addresses,
    user_cards,
    user_lists,
    bookmarks,
    product_likes,
    product_histories,
    product_search_histories,
    product_requests,
    timeseries,
    user_memorials,
    user_name_embroideries,
    news_readables,
    login_histories,
    system_messages,
  ]) {
    await tx.delete(table).where(eq(table.user_id, id));
  }
  // Open carts hold delivery addresses; ordered ones belong to their orders.
  await tx.delete(carts).where(and(eq(carts.user_id, id), isNull(carts.order_id)));
  // Analytics events stay, no longer tied to the person.
  await tx.update(ecommerce_events).set({ user_id: null }).where(eq(ecommerce_events.user_id, id));
  await revokeTokens(tx, id);
  await tx
    .update(users)
    .set({
      username: `withdrawn-${id}`,
      email: '',
      password_hash: unusablePasswordHash(),
      last_name: '',
      first_name: '',
      last_name_kana: '',
      first_name_kana: '',
      school: null,
      phone_number: null,
      cell_phone_number: null,
      contact_phone_number: null,
      fax: null,
      job: null,
      gender: null,
      birthday: null,
      newsletter: 0,
      security_question_ct: null,
      security_answer_hash: null,
      embroidery: null,
      mfa_enabled: false,
      failed_login_count: 0,
      locked_until: null,
      deleted_at: new Date(),
      updated_at: new Date(),
    })
    .where(eq(users.id, id));
}
