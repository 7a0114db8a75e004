/**
 * Card payments through the built-in test provider on its own port: tokenising at the provider, the
 * three test cards (success, declined, 3-D Secure), the 3-D Secure round trip, voiding when the order
 * cannot be placed, one order for concurrent decisions, and no card number stored or logged anywhere.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, orders, outbox_emails, payment_transactions, products } from '../../api/src/db/schema/index.ts';
import { onPostgres } from './helpers.ts';
import {
  CARDS,
  choose,
  createPaymentShop,
  decide,
  filledCart,
  type PaymentShop,
  passChallenge,
  patchOk,
  SECRET,
  SITE,
  tokenise,
} from './payments-support.ts';

let p: PaymentShop;
const logged: string[] = [];
const restore: (() => void)[] = [];

beforeAll(async () => {
  // Everything this file's processes print is kept, to prove no card number is ever logged.
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return write(chunk as string, ...(rest as []));
    }) as typeof stream.write;
    restore.push(() => {
      stream.write = write;
    });
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      original(...args);
    };
    restore.push(() => {
      console[level] = original;
    });
  }
  p = await createPaymentShop();
}, 120_000);
afterAll(async () => {
  for (const r of restore) r();
  await p?.close();
});

const db = () => p.shop.database.db;
const stockOf = async (id: number) => (await db().select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s;
const cartRow = async (token: string) => (await db().select().from(carts).where(eq(carts.token, token)))[0];
const transactionsOf = async (cartId: number) =>
  db().select().from(payment_transactions).where(eq(payment_transactions.cart_id, cartId)).orderBy(payment_transactions.id);
const ordersOfCart = async (cartId: number) => db().select().from(orders).where(eq(orders.cart_id, cartId));

/** A cart paid by `card`, chosen with a fresh token from the provider. */
async function cardCart(number: string, lines: [number, number][]) {
  const token = await filledCart(p, lines);
  const { body } = await tokenise(p, number);
  const res = await choose(p, token, 'card', { card_token: body.id });
  expect(res.status, await res.clone().text()).toBe(200);
  return { token, cart: await res.json() };
}

describe('the test provider tokenises on its own origin', () => {
  it('answers the shop origin with CORS and a signed token that carries brand, last 4 and expiry, never the number', async () => {
    const { status, body, headers } = await tokenise(p, CARDS.success);
    expect(status).toBe(201);
    expect(headers.get('access-control-allow-origin')).toBe(SITE);
    expect(body.card).toEqual({ brand: 'visa', last4: '4242', expiry: '203012', name: 'TARO YAMADA' });
    expect(body.id).toMatch(/^tok_/);
    const payload = Buffer.from(body.id.slice(4, body.id.lastIndexOf('.')), 'base64url').toString();
    expect(payload).not.toContain(CARDS.success);
    expect(payload).not.toMatch(/\d{14,}/);
    expect(new URL(p.provider.url).origin).not.toBe(SITE);
  });

  it('refuses a number failing Luhn, an expired card and a short code with Japanese messages per field', async () => {
    const bad = await tokenise(p, '4242424242424241', { expiry: '202001', code: '1' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      number: ['カード番号が正しくありません。'],
      expiry: ['有効期限が切れています。'],
      code: [expect.stringContaining('セキュリティコード')],
    });
  });

  it('serves its browser script and no CORS to other origins', async () => {
    const script = await fetch(`${p.provider.url}/testpay.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('createToken');
    const res = await fetch(`${p.provider.url}/tokens`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('card decision', () => {
  it('4242… succeeds: the order is authorised with brand and last 4, the stock taken, the mail names the card', async () => {
    const id = await p.product({ price: 2000, stock: 5 });
    const { token, cart } = await cardCart(CARDS.success, [[id, 2]]);
    expect(cart.payment_input).toEqual({
      card: { brand: 'visa', last4: '4242', expiry: '203012', name: 'TARO YAMADA' },
      user_card_id: null,
      konbini_store: null,
    });
    expect(JSON.stringify(cart)).not.toContain('tok_');

    const res = await decide(p, token);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(await stockOf(id)).toBe(3);
    const [order] = await ordersOfCart((await cartRow(token)).id);
    expect(order).toMatchObject({
      order_no: body.order_no,
      payment_status: 'authorized',
      payment_detail: expect.objectContaining({ brand: 'visa', last4: '4242', amount: order.total_payment }),
    });
    const txns = await transactionsOf(order.cart_id);
    expect(txns).toEqual([
      expect.objectContaining({ status: 'authorized', order_id: order.id, amount: order.total_payment, provider: 'test', method: 'card' }),
    ]);

    const shown = await (await p.shop.request('GET', `/v1/carts/order/${body.order_no}`, { token: p.demo })).json();
    expect(shown).toMatchObject({ payment_status: 'authorized', payment_detail: { brand: 'visa', last4: '4242' } });
    expect(shown.payment_detail.ref).toBeUndefined();
    const [mail] = await db()
      .select()
      .from(outbox_emails)
      .where(sql`${outbox_emails.body} like ${`%${body.order_no}%`}`);
    expect(mail.body).toContain('VISA **** 4242');
  });

  it('4000…0002 is declined: 422 in Japanese, the failure kept on the cart until deleted, nothing taken', async () => {
    const id = await p.product({ stock: 5 });
    const { token } = await cardCart(CARDS.decline, [[id, 1]]);
    const res = await decide(p, token);
    const body = await res.json();
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ code: 'cart.payment.declined', message: expect.stringContaining('承認されませんでした') });
    expect(await stockOf(id)).toBe(5);
    const row = await cartRow(token);
    expect(await ordersOfCart(row.id)).toEqual([]);
    expect(await transactionsOf(row.id)).toEqual([expect.objectContaining({ status: 'failed', provider_ref: null })]);

    const cart = await (await p.shop.request('GET', `/v1/carts/${token}`, { token: p.demo })).json();
    expect(cart.transaction_error).toEqual({ code: 'cart.payment.declined', message: body.message });
    const cleared = await patchOk(p, 'transaction/error/delete', { token });
    expect(cleared.transaction_error).toBeNull();
  });

  it("4000…3220 asks for 3-D Secure: 202 with the provider's page, no stock held; the return places the order once", async () => {
    const id = await p.product({ price: 3000, stock: 4 });
    const { token } = await cardCart(CARDS.threeDs, [[id, 1]]);
    const res = await decide(p, token);
    const action = await res.json();
    expect(res.status).toBe(202);
    expect(action).toEqual({ status: 'requires_action', redirect_url: expect.stringMatching(`^${p.provider.url}/3ds/ch_`) });
    expect(await stockOf(id)).toBe(4); // nothing held while the shopper is at the provider
    const cartId = (await cartRow(token)).id;
    expect(await transactionsOf(cartId)).toEqual([expect.objectContaining({ status: 'requires_action', order_id: null })]);

    // A wrong code shows the page again with an error; the right one goes back to the shop.
    const wrong = await fetch(action.redirect_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=000000&action=verify',
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('認証コードが正しくありません');
    const back = await passChallenge(action.redirect_url);
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/cart/payment/return/`);
    const input = { payment_ref: back.searchParams.get('payment_ref'), payment_result: back.searchParams.get('payment_result') };

    const done = await p.shop.request('POST', `/v1/carts/${token}/payment/3ds`, { token: p.demo, body: input });
    const order = await done.json();
    expect(done.status, JSON.stringify(order)).toBe(200);
    expect(await stockOf(id)).toBe(3);
    // A reload of the return page answers the same order and takes nothing more.
    const again = await (await p.shop.request('POST', `/v1/carts/${token}/payment/3ds`, { token: p.demo, body: input })).json();
    expect(again.order_no).toBe(order.order_no);
    expect(await stockOf(id)).toBe(3);
    expect(await ordersOfCart(cartId)).toHaveLength(1);
    expect(await transactionsOf(cartId)).toEqual([expect.objectContaining({ status: 'authorized', order_id: order.order_id })]);
  });

  it('a cancelled or forged 3-D Secure result places nothing and keeps the failure on the cart', async () => {
    const id = await p.product({ stock: 2 });
    const { token } = await cardCart(CARDS.threeDs, [[id, 1]]);
    const { redirect_url } = await (await decide(p, token)).json();
    const back = await passChallenge(redirect_url, '', 'cancel');
    const forged = await p.shop.request('POST', `/v1/carts/${token}/payment/3ds`, {
      token: p.demo,
      body: { payment_ref: back.searchParams.get('payment_ref'), payment_result: 'tdsr_forged.sig' },
    });
    expect((await forged.json()).code).toBe('cart.payment.3ds_failed');
    expect(await stockOf(id)).toBe(2);
    const cart = await (await p.shop.request('GET', `/v1/carts/${token}`, { token: p.demo })).json();
    expect(cart.transaction_error.code).toBe('cart.payment.3ds_failed');
    expect(cart.order_no).toBeNull();
  });

  it('voids the authorisation when the order cannot be placed (stock gone), and after 3-D Secure too', async () => {
    const id = await p.product({ stock: 1 });
    const { token } = await cardCart(CARDS.success, [[id, 1]]);
    await db().update(products).set({ stock: 0 }).where(eq(products.id, id));
    const res = await decide(p, token);
    expect((await res.json()).code).toBe('cart.stock.insufficient');
    const row = await cartRow(token);
    const [txn] = await transactionsOf(row.id);
    expect(txn).toMatchObject({ status: 'voided', order_id: null });
    expect(row.transaction_error).toMatchObject({ code: 'cart.stock.insufficient', message: expect.stringContaining('取り消しました') });
    // The provider knows it is voided: it can no longer be captured.
    const capture = await fetch(`${p.provider.url}/charges/${txn.provider_ref}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(capture.status).toBe(409);
    expect(await stockOf(id)).toBe(0);

    const id2 = await p.product({ stock: 1 });
    const second = await cardCart(CARDS.threeDs, [[id2, 1]]);
    const { redirect_url } = await (await decide(p, second.token)).json();
    const back = await passChallenge(redirect_url);
    await db().update(products).set({ stock: 0 }).where(eq(products.id, id2));
    const done = await p.shop.request('POST', `/v1/carts/${second.token}/payment/3ds`, {
      token: p.demo,
      body: { payment_ref: back.searchParams.get('payment_ref'), payment_result: back.searchParams.get('payment_result') },
    });
    expect(done.status).toBe(422);
    expect(await transactionsOf((await cartRow(second.token)).id)).toEqual([expect.objectContaining({ status: 'voided', order_id: null })]);
    // The return page loaded again (a reload): the same reason, not a 3-D Secure failure.
    const again = await p.shop.request('POST', `/v1/carts/${second.token}/payment/3ds`, {
      token: p.demo,
      body: { payment_ref: back.searchParams.get('payment_ref'), payment_result: back.searchParams.get('payment_result') },
    });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ code: 'cart.stock.insufficient', message: expect.stringContaining('取り消しました') });
  });

  it('voids when the cart changed during 3-D Secure (the amount authorised is no longer the total)', async () => {
    const id = await p.product({ price: 1000, stock: 5 });
    const { token } = await cardCart(CARDS.threeDs, [[id, 1]]);
    const { redirect_url } = await (await decide(p, token)).json();
    const back = await passChallenge(redirect_url);
    const line = (await (await p.shop.request('GET', `/v1/carts/${token}`, { token: p.demo })).json()).detail.products[0];
    await patchOk(p, 'products/modify', { token, key: line.key, quantity: 3 });
    const done = await p.shop.request('POST', `/v1/carts/${token}/payment/3ds`, {
      token: p.demo,
      body: { payment_ref: back.searchParams.get('payment_ref'), payment_result: back.searchParams.get('payment_result') },
    });
    expect((await done.json()).code).toBe('cart.payment.amount_changed');
    expect(await stockOf(id)).toBe(5);
    expect((await transactionsOf((await cartRow(token)).id))[0].status).toBe('voided');
  });

  it('needs a card: no token and no saved card is 422 at the decision', async () => {
    const token = await filledCart(p, [[await p.product(), 1]]);
    expect((await choose(p, token, 'card')).status).toBe(200);
    expect((await (await decide(p, token)).json()).code).toBe('cart.payment.card_required');
    const expired = await choose(p, token, 'card', { card_token: 'tok_unknown.sig' });
    expect(expired.status).toBe(422);
    expect((await expired.json()).errors.card_token[0]).toContain('有効期限');
  });
});

describe.skipIf(!onPostgres)('concurrent card decisions on PostgreSQL', () => {
  it('eight decisions at once make one order, take the stock once and void every other authorisation', async () => {
    const id = await p.product({ stock: 10 });
    const { token } = await cardCart(CARDS.success, [[id, 2]]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => decide(p, token).then(async (r) => ({ status: r.status, body: await r.json() }))),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.order_no)).size).toBe(1);
    const cartId = (await cartRow(token)).id;
    const [order] = await ordersOfCart(cartId);
    expect(await ordersOfCart(cartId)).toHaveLength(1);
    expect(await stockOf(id)).toBe(8);
    const txns = await transactionsOf(cartId);
    const live = txns.filter((t) => t.status === 'authorized');
    expect(live).toEqual([expect.objectContaining({ order_id: order.id, provider_ref: (order.payment_detail as { ref: string }).ref })]);
    expect(txns.filter((t) => t.status !== 'authorized').every((t) => t.status === 'voided')).toBe(true);
  });
});

describe('no card number is ever stored or logged', () => {
  it('ignores a card-number field, refuses a number given as the token, and no table or log line holds one', async () => {
    const token = await filledCart(p, [[await p.product(), 1]]);
    const { body } = await tokenise(p, CARDS.success);
    const sneaky = await choose(p, token, 'card', {
      card_token: body.id,
      card_number: CARDS.success,
      ccNumber: CARDS.success,
      securityCode: '123',
    });
    expect(sneaky.status).toBe(200);
    expect(JSON.stringify(await sneaky.json())).not.toContain(CARDS.success);
    const refused = await choose(p, token, 'card', { card_token: '4242 4242 4242 4242' });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.card_token[0]).toContain('カード番号は送信できません');
    const saved = await p.shop.request('POST', '/v1/me/user-cards', { token: p.demo, body: { token: CARDS.success } });
    expect(saved.status).toBe(422);

    const numbers = Object.values(CARDS);
    const dump = await db().execute(sql`
      select coalesce(string_agg(t::text, ' '), '') as text from (
        select row_to_json(x)::text as t from payment_transactions x union all
        select row_to_json(x)::text from carts x union all
        select row_to_json(x)::text from orders x union all
        select row_to_json(x)::text from user_cards x union all
        select row_to_json(x)::text from outbox_emails x
      ) rows`);
    const text = (dump as unknown as { rows: { text: string }[] }).rows[0].text;
    expect(text.length).toBeGreaterThan(1000);
    for (const n of numbers) {
      expect(text).not.toContain(n);
      expect(logged.join('\n')).not.toContain(n);
    }
    expect(text).not.toMatch(/(?<![\w-])\d{14,16}(?![\w-])/);
  });
});

describe('transaction error', () => {
  it("PATCH /v1/carts/transaction/error/delete needs the cart's owner", async () => {
    const token = await filledCart(p, [[await p.product(), 1]]);
    await db()
      .update(carts)
      .set({ transaction_error: { message: 'テスト', code: 'x' } })
      .where(and(eq(carts.token, token)));
    expect((await p.shop.request('PATCH', '/v1/carts/transaction/error/delete', { body: { token } })).status).toBe(404);
    expect((await patchOk(p, 'transaction/error/delete', { token })).transaction_error).toBeNull();
  });
});
