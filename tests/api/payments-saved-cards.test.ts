/**
 * Saved cards (/v1/me/user-cards: x-limit, token only, exactly one main) and paying with one; the
 * provider's fraud-detection callback verified by its HMAC signature.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, user_cards, users } from '../../api/src/db/schema/index.ts';
import { callbackSignature } from '../../api/src/services/payments/testpay/signed.ts';
import { CARDS, choose, createPaymentShop, decide, filledCart, type PaymentShop, SECRET, tokenise } from './payments-support.ts';

let p: PaymentShop;
beforeAll(async () => {
  p = await createPaymentShop();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

const req = (method: string, path: string, body?: unknown, token: string | null = p.demo) => p.shop.request(method, path, { token, body });
async function addCard(number: string = CARDS.success) {
  const { body } = await tokenise(p, number);
  return req('POST', '/v1/me/user-cards', {
    token: body.id,
    token_key: 'ignored',
    masked_number: '************4242',
    expiration: '203012',
  });
}

describe('saved cards', () => {
  it('list with x-limit 5; a token saves a masked card, the first is main; a sixth is refused', async () => {
    const empty = await req('GET', '/v1/me/user-cards');
    expect(empty.headers.get('x-limit')).toBe('5');
    expect(await empty.json()).toEqual([]);
    const first = await addCard();
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      is_main: true,
      brand: 'visa',
      masked_number: '**** **** **** 4242',
      expiration: '203012',
      name: 'TARO YAMADA',
    });
    for (let i = 0; i < 4; i++) expect((await addCard(CARDS.threeDs)).status).toBe(201);
    const sixth = await addCard();
    expect(sixth.status).toBe(422);
    expect((await sixth.json()).message).toContain('5枚まで');
    const list = await (await req('GET', '/v1/me/user-cards')).json();
    expect(list).toHaveLength(5);
    expect(list.filter((c: { is_main: boolean }) => c.is_main)).toHaveLength(1);
    // Only the provider's reference is kept.
    for (const row of await p.shop.database.db.select().from(user_cards)) expect(row.token).toMatch(/^card_/);
  });

  it('PATCH …/use leaves exactly one main; deleting the main makes the oldest other main; another member gets 404', async () => {
    const list = await (await req('GET', '/v1/me/user-cards')).json();
    const third = list[2].id;
    expect(await (await req('PATCH', `/v1/me/user-cards/${third}/use`)).json()).toMatchObject({ id: third, is_main: true });
    let after = await (await req('GET', '/v1/me/user-cards')).json();
    expect(after.filter((c: { is_main: boolean }) => c.is_main).map((c: { id: number }) => c.id)).toEqual([third]);
    expect((await req('DELETE', `/v1/me/user-cards/${third}`)).status).toBe(204);
    after = await (await req('GET', '/v1/me/user-cards')).json();
    expect(after).toHaveLength(4);
    expect(after.filter((c: { is_main: boolean }) => c.is_main).map((c: { id: number }) => c.id)).toEqual([
      Math.min(...after.map((c: { id: number }) => c.id)),
    ]);
    expect((await req('DELETE', `/v1/me/user-cards/${third}`)).status).toBe(404);
    expect((await req('GET', '/v1/me/user-cards', undefined, null)).status).toBe(401);
  });

  it('refuses an unknown token and a card number sent as the token', async () => {
    expect((await req('POST', '/v1/me/user-cards', { token: 'tok_forged.sig' })).status).toBe(422);
    const number = await req('POST', '/v1/me/user-cards', { token: CARDS.success });
    expect(number.status).toBe(422);
    expect((await number.json()).errors.token[0]).toContain('カード番号は送信できません');
    const full = await req('POST', '/v1/me/user-cards', { token: 'tok_x.y', masked_number: CARDS.success });
    expect(full.status).toBe(422);
  });

  it('pays with a saved card: the order carries its brand and last 4', async () => {
    const [main] = await (await req('GET', '/v1/me/user-cards')).json();
    const token = await filledCart(p, [[await p.product({ stock: 3 }), 1]]);
    const chosen = await choose(p, token, 'card', { user_card_id: main.id });
    expect((await chosen.json()).payment_input).toMatchObject({ card: null, user_card_id: main.id });
    const res = await decide(p, token);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const [order] = await p.shop.database.db.select().from(orders).where(eq(orders.order_no, body.order_no));
    expect(order.payment_detail).toMatchObject({ brand: 'visa', last4: main.masked_number.slice(-4) });
  });

  it('a saved card of another member cannot be chosen', async () => {
    const [other] = await p.shop.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-mfa'));
    const [card] = await p.shop.database.db
      .insert(user_cards)
      .values({
        user_id: other.id,
        token: 'card_x',
        token_key: 'test:visa',
        name: 'HANAKO SATO',
        masked_number: '**** **** **** 1111',
        expiration: '203001',
      })
      .returning();
    const token = await filledCart(p, [[await p.product(), 1]]);
    const res = await choose(p, token, 'card', { user_card_id: card.id });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.user_card_id).toEqual(['登録済みのカードが見つかりません。']);
  });
});

describe('POST /v1/{provider}/receive/fraud-detection', () => {
  const send = (path: string, raw: string, signature?: string) =>
    p.shop.app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Channel-Id': 'default',
        ...(signature ? { 'x-testpay-signature': signature } : {}),
      },
      body: raw,
    });

  it('answers 401 without a valid signature, 404 for another provider, and marks the order on a fraud verdict', async () => {
    const token = await filledCart(p, [[await p.product({ stock: 2 }), 1]]);
    const { body: tok } = await tokenise(p, CARDS.success);
    await choose(p, token, 'card', { card_token: tok.id });
    const { order_no } = await (await decide(p, token)).json();
    const [order] = await p.shop.database.db.select().from(orders).where(eq(orders.order_no, order_no));
    const ref = (order.payment_detail as { ref: string }).ref;
    const raw = JSON.stringify({ type: 'fraud_detection', ref, result: 'fraud', reason: '不正利用の疑い（テスト）' });

    expect((await send('/v1/test/receive/fraud-detection', raw)).status).toBe(401);
    const forged = await send('/v1/test/receive/fraud-detection', raw, callbackSignature('wrong-secret-value', raw));
    expect(forged.status).toBe(401);
    expect((await forged.json()).message).toBe('署名を確認できませんでした。');
    const altered = await send('/v1/test/receive/fraud-detection', raw.replace('fraud"', 'ok"'), callbackSignature(SECRET, raw));
    expect(altered.status).toBe(401);
    const stale = await send('/v1/test/receive/fraud-detection', raw, callbackSignature(SECRET, raw, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(401);
    expect((await send('/v1/other/receive/fraud-detection', raw, callbackSignature(SECRET, raw))).status).toBe(404);

    const ok = await send('/v1/test/receive/fraud-detection', raw, callbackSignature(SECRET, raw));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true });
    const [marked] = await p.shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(marked.payment_status).toBe('fraud_suspected');
    expect(marked.payment_detail).toMatchObject({ fraud: { result: 'fraud', reason: '不正利用の疑い（テスト）' } });
    // The member never sees the fraud review.
    const shown = await (await req('GET', `/v1/carts/order/${order_no}`)).json();
    expect(shown.payment_detail.fraud).toBeUndefined();
  });
});
