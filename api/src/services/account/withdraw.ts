/**
 * DELETE /v1/me/user: withdrawal. In one transaction the member's personal data goes (name, e-mail,
 * phones, login ID, password, addresses, cards, lists, bookmarks, likes, histories, measurements,
 * memorials, name embroidery, open carts) and every token is revoked. Orders stay for the accounts, pointing at the
 * anonymised row, with the customer and address copies taken when they were placed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../env.ts';
import type { UserRow } from '../../context.ts';
import {
  ecommerce_events,
  bookmarks, carts, login_histories, news_readables, product_histories, product_likes, product_requests, product_search_histories,
  system_messages, timeseries, user_addresses, user_cards, user_lists, user_memorials, user_name_embroideries, users,
} from '../../db/schema.ts';
import { unprocessable, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { unusablePasswordHash, verifyPassword } from '../password.ts';
import { rateLimitStore } from '../rate-limit/index.ts';
import { revokeTokens } from '../tokens.ts';
import { ACCOUNT_LIMITS, accountLimitKeys, enforce } from './common.ts';
import { poolOf } from './register.ts';

export const WITHDRAW_PASSWORD_MESSAGE = 'パスワードが正しくありません';

export async function withdrawMember(db: Db, env: ApiEnv, me: UserRow, password: string): Promise<void> {
  await enforce(rateLimitStore(db, env), accountLimitKeys.withdraw(me.id), ACCOUNT_LIMITS.withdrawPerMember, 'user.password.too_many_attempts',
    'パスワードの確認回数が多すぎます。しばらく時間をおいてから再度お試しください。');
  if (!(await verifyPassword(password, me.password_hash, poolOf(env)))) {
    throw unprocessable(VALIDATION_MESSAGE, 'user.password.mismatch', { password: [WITHDRAW_PASSWORD_MESSAGE] });
  }
  await db.transaction(async (tx) => {
    const id = me.id;
    for (const table of [user_addresses, user_cards, user_lists, bookmarks, product_likes, product_histories, product_search_histories,
      product_requests, timeseries, user_memorials, user_name_embroideries, news_readables, login_histories, system_messages]) {
      await tx.delete(table).where(eq(table.user_id, id));
    }
    // Open carts hold delivery addresses; ordered ones belong to their orders.
    await tx.delete(carts).where(and(eq(carts.user_id, id), isNull(carts.order_id)));
    // Analytics events stay, no longer tied to the person.
    await tx.update(ecommerce_events).set({ user_id: null }).where(eq(ecommerce_events.user_id, id));
    await revokeTokens(tx, id);
    await tx.update(users).set({
      username: `withdrawn-${id}`, email: '', password_hash: unusablePasswordHash(),
      last_name: '', first_name: '', last_name_kana: '', first_name_kana: '',
      school: null, phone_number: null, cell_phone_number: null, contact_phone_number: null, fax: null, job: null,
      gender: null, birthday: null, newsletter: 0, security_question_ct: null, security_answer_hash: null, embroidery: null,
      mfa_enabled: false, failed_login_count: 0, locked_until: null, deleted_at: new Date(), updated_at: new Date(),
    }).where(eq(users.id, id));
  });
}
