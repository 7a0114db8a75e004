/**
 * Provider callbacks are applied once: a replayed callback (the same signed request, or the same
 * event id signed again) answers "already processed" and leaves the order as it was, and of
 * parallel replays on PostgreSQL exactly one applies.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payment_transactions } from '../../api/src/db/schema/index.ts';
import { callbackSignature, signedCallback } from '../../api/src/services/payments/testpay/signed.ts';
import { onPostgres } from './helpers.ts';
import { CARDS, choose, createPaymentShop, decide, filledCart, type PaymentShop, SECRET, tokenise } from './payments-support.ts';

let p: PaymentShop;
beforeAll(async () => {
  p = await createPaymentShop();
}, 120_000);
afterAll(async () => {
  await p?.close();
});

const PATH = '/v1/test/receive/fraud-detection';
const send = (raw: string, signature: string) =>
  p.shop.app.request(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Channel-Id': 'default', 'x-testpay-signature': signature },
    body: raw,
  });

/** A card order of the demo member: its id and the provider's charge reference. */
async function cardOrder() {
  const token = await filledCart(p, [[await p.product({ stock: 2 }), 1]]);
  const { body: tok } = await tokenise(p, CARDS.success);
  await choose(p, token, 'card', { card_token: tok.id });
  const { order_no } = await (await decide(p, token)).json();
  const [order] = await p.shop.database.db.select().from(orders).where(eq(orders.order_no, order_no));
  return { id: order.id, ref: (order.payment_detail as { ref: string }).ref };
}

/** What an operator does after reviewing a fraud verdict: the order may ship again. */
async function clearReview(orderId: number) {
  const db = p.shop.database.db;
  await db.update(orders).set({ payment_status: 'authorized' }).where(eq(orders.id, orderId));
  await db.update(payment_transactions).set({ status: 'authorized' }).where(eq(payment_transactions.order_id, orderId));
}
const statusOf = async (orderId: number) =>
  (await p.shop.database.db.select({ s: orders.payment_status }).from(orders).where(eq(orders.id, orderId)))[0].s;

describe('POST /v1/{provider}/receive/fraud-detection replays', () => {
  it('the same signed request again answers already processed and changes nothing', async () => {
    const { id, ref } = await cardOrder();
    const { body: raw, signature } = signedCallback(SECRET, { type: 'fraud_detection', ref, result: 'fraud', reason: 'テスト' });
    const first = await send(raw, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect(await statusOf(id)).toBe('fraud_suspected');

    await clearReview(id);
    const replay = await send(raw, signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await statusOf(id)).toBe('authorized');
    // The same event signed again (a later timestamp) is the same event.
    const resigned = await send(raw, callbackSignature(SECRET, raw, Math.floor(Date.now() / 1000) + 1));
    expect(await resigned.json()).toEqual({ received: true, duplicate: true });
    expect(await statusOf(id)).toBe('authorized');
  });

  it('a callback without an event id is keyed by its signature: a replay changes nothing', async () => {
    const { id, ref } = await cardOrder();
    const raw = JSON.stringify({ type: 'fraud_detection', ref, result: 'review' });
    const signature = callbackSignature(SECRET, raw);
    expect(await (await send(raw, signature)).json()).toEqual({ received: true });
    await clearReview(id);
    expect(await (await send(raw, signature)).json()).toEqual({ received: true, duplicate: true });
    expect(await statusOf(id)).toBe('authorized');
  });

  it.skipIf(!onPostgres)('10 parallel replays of one callback: exactly one applies', async () => {
    const { id, ref } = await cardOrder();
    const raw = JSON.stringify({ id: `evt_parallel_${id}`, type: 'fraud_detection', ref, result: 'fraud' });
    const signature = callbackSignature(SECRET, raw);
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await send(raw, signature);
        expect(res.status).toBe(200);
        return res.json() as Promise<{ received: boolean; duplicate?: boolean }>;
      }),
    );
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
    expect(await statusOf(id)).toBe('fraud_suspected');
  });
});
