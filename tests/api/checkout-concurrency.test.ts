/**
 * 200 buyers, each a member with their own cart, race for the last 37 units of one product on a
 * real PostgreSQL server (PGlite serialises every query, so it cannot show a race), each paying
 * with one of the methods in turn: 代金引換, 銀行振込, a card that succeeds, a 3-D Secure card
 * completed, a 3-D Secure card abandoned, a declined card, 後払い, コンビニ. Some carts fire their
 * decision (and their 3-D Secure return) twice at once. The members, addresses and access tokens
 * are written straight to the database; the carts, payments and decisions go through the API.
 *
 * What must hold: stock never below zero; units sold = the orders' quantities = stock taken; one
 * order per cart at most, and the same order for both of a double decision or a reloaded 3-D Secure
 * return; a declined or abandoned card takes nothing and orders nothing; every authorisation is an
 * order's or voided (at the provider too); every losing buyer gets 422 cart.stock.insufficient in
 * Japanese; no 5xx.
 */
import { setTimeout } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth_tokens,
  carts,
  order_items,
  orders,
  outbox_emails,
  payment_transactions,
  products,
  user_addresses,
  users,
} from '../../api/src/db/schema/index.ts';
import { hashToken, randomToken } from '../../api/src/services/tokens/index.ts';
import { run } from './account-support.ts';
import { onPostgres } from './helpers.ts';
import { CARDS, createPaymentShop, type PaymentShop, passChallenge, SECRET, tokenise } from './payments-support.ts';

const BUYERS = 200;
const STOCK = 37;
/** Buyers press 確定 within this window (each at its own moment), all while the others' decisions run. */
const ARRIVALS_MS = 300;
const METHODS = ['cod', 'bank_transfer', 'card', 'card_3ds', 'card_3ds_abandoned', 'card_declined', 'deferred', 'konbini'] as const;
type Method = (typeof METHODS)[number];
const PAYMENT_CODE: Record<Method, string> = {
  cod: 'cod',
  bank_transfer: 'bank_transfer',
  card: 'card',
  card_3ds: 'card',
  card_3ds_abandoned: 'card',
  card_declined: 'card',
  deferred: 'deferred',
  konbini: 'konbini',
};
const CARD_NUMBER: Partial<Record<Method, string>> = {
  card: CARDS.success,
  card_3ds: CARDS.threeDs,
  card_3ds_abandoned: CARDS.threeDs,
  card_declined: CARDS.decline,
};

interface Answer {
  status: number;
  body: Record<string, unknown>;
}
interface Buyer {
  n: number;
  method: Method;
  quantity: number;
  /** When it presses the button, ms after the race starts. */
  arrival: number;
  /** Fires its decision (and its 3-D Secure return) twice at once. */
  double: boolean;
  /** A 3-D Secure buyer whose return page loads twice at once (a reload: the same result posted twice). */
  reload: boolean;
  userId: number;
  email: string;
  access: string;
  cart: string;
  cartId: number;
  /** What the decision calls answered, then (3-D Secure) what the returns answered. */
  decisions: Answer[];
  returns: Answer[];
  /** A 3-D Secure buyer's return URLs from the provider's challenge. */
  backs: URL[];
}

const countBy = (keys: string[]) =>
  keys.reduce<Record<string, number>>((acc, k) => {
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});

/** A fixed-seed generator (mulberry32): the same arrival moments on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

describe.skipIf(!onPostgres)(`${BUYERS} buyers, every payment method, ${STOCK} units, on PostgreSQL`, () => {
  let p: PaymentShop;
  let productId: number;
  const buyers: Buyer[] = [];
  let raceMs = 0;
  let stockAtStart = 0;

  const db = () => p.shop.database.db;
  const stockNow = async () => (await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0].stock;
  const send = async (method: string, path: string, token: string, body?: unknown): Promise<Answer> => {
    const res = await p.shop.request(method, path, { token, body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const answer = await send(method, path, token, body);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  beforeAll(async () => {
    // 200 decisions queue for 10 connections and for the same stock row: on a CI machine whose two
    // cores also run the browser suite, a wait can pass the production limits (10 s for a connection,
    // 5 s per statement) and answer 503. What is raced here is the outcome, so the waits are longer.
    p = await createPaymentShop({ env: { DATABASE_ACQUIRE_TIMEOUT_MS: '60000', DATABASE_STATEMENT_TIMEOUT_MS: '30000' } });
    productId = await p.product({ price: 1800, stock: 1000 });

    // The members straight in the database (a password hash each would take minutes), each with an
    // address and a live access token, as a login would leave them.
    const tag = run();
    const members = await db()
      .insert(users)
      .values(
        Array.from({ length: BUYERS }, (_, n) => ({
          channel_id: 'default',
          username: `race${tag}${n}`,
          email: `race${tag}${n}@example.jp`,
          password_hash: '!unusable',
          last_name: '並行',
          first_name: `${n}`,
          last_name_kana: 'ヘイコウ',
          first_name_kana: 'タロウ',
          cell_phone_number: '09012345678',
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db()
      .insert(user_addresses)
      .values(
        members.map(({ id }) => ({
          user_id: id,
          shipping_name: '並行 太郎',
          last_name: '並行',
          first_name: '太郎',
          last_name_kana: 'ヘイコウ',
          first_name_kana: 'タロウ',
          postal_code: '1000001',
          prefecture: '東京都',
          city: '千代田区',
          address1: '千代田1-1',
          cell_phone_number: '09012345678',
          is_default: true,
        })),
      );
    const secrets = members.map(() => randomToken());
    await db()
      .insert(auth_tokens)
      .values(
        members.map(({ id }, n) => ({
          user_id: id,
          kind: 'access',
          token_hash: hashToken(secrets[n]),
          expires_at: new Date(Date.now() + 3600_000),
        })),
      );
    const addresses = new Map(
      (
        await db()
          .select({ id: user_addresses.id, user_id: user_addresses.user_id })
          .from(user_addresses)
          .where(
            inArray(
              user_addresses.user_id,
              members.map((m) => m.id),
            ),
          )
      ).map((a) => [a.user_id, a.id]),
    );

    const random = seeded(20261125);
    for (let n = 0; n < BUYERS; n++) {
      buyers.push({
        n,
        method: METHODS[n % METHODS.length],
        arrival: Math.floor(random() * ARRIVALS_MS),
        quantity: n % 3 === 2 ? 2 : 1,
        double: n % 7 === 0,
        reload: METHODS[n % METHODS.length] === 'card_3ds' && n % 7 !== 0 && n % 16 === 3,
        userId: members[n].id,
        email: members[n].email,
        access: secrets[n],
        cart: '',
        cartId: 0,
        decisions: [],
        returns: [],
        backs: [],
      });
    }
    // Each buyer's cart through the API: a guest cart bound to the member by the first change.
    await inBatches(buyers, 10, async (b) => {
      const { token } = await (await p.shop.request('POST', '/v1/carts/init', { body: {} })).json();
      await ok('PATCH', '/v1/carts/products/add', b.access, { token, product_id: productId, quantity: b.quantity });
      await ok('PATCH', '/v1/carts/shippings/add', b.access, { token, user_address_id: addresses.get(b.userId) });
      const extra: Record<string, unknown> = {};
      const number = CARD_NUMBER[b.method];
      if (number) extra.card_token = (await tokenise(p, number)).body.id;
      if (b.method === 'konbini') extra.konbini_store = 'lawson';
      await ok('PATCH', '/v1/carts/order/modify', b.access, { token, payment_id: p.payments[PAYMENT_CODE[b.method]], ...extra });
      b.cart = token;
    });
    const rows = await db()
      .select({ id: carts.id, token: carts.token })
      .from(carts)
      .where(
        inArray(
          carts.token,
          buyers.map((b) => b.cart),
        ),
      );
    const ids = new Map(rows.map((r) => [r.token, r.id]));
    for (const b of buyers) b.cartId = ids.get(b.cart)!;
    await db().update(products).set({ stock: STOCK }).where(eq(products.id, productId));

    // The 3-D Secure buyers who complete it pressed 確定 a moment earlier and are at the provider's
    // challenge when the race starts (no stock is held meanwhile); they come back during the race.
    const threeDs = buyers.filter((b) => b.method === 'card_3ds');
    await inBatches(threeDs, 10, async (b) => {
      b.decisions = await Promise.all(
        Array.from({ length: b.double ? 2 : 1 }, () => send('POST', `/v1/carts/${b.cart}/decision`, b.access, {})),
      );
      b.backs = await Promise.all(b.decisions.filter((d) => d.status === 202).map((d) => passChallenge(String(d.body.redirect_url))));
    });
    stockAtStart = await stockNow();

    // The race: every buyer within ARRIVALS_MS, each through its whole payment.
    const started = performance.now();
    await Promise.all(
      buyers.map(async (b) => {
        await setTimeout(b.arrival);
        if (b.method === 'card_3ds') {
          // Back from the challenge: the browser's return page posts what the provider put in the URL (twice at once for a double or a reload).
          b.returns = await Promise.all(
            (b.reload ? [b.backs[0], b.backs[0]] : b.backs).map((back) =>
              send('POST', `/v1/carts/${b.cart}/payment/3ds`, b.access, {
                payment_ref: back.searchParams.get('payment_ref'),
                payment_result: back.searchParams.get('payment_result'),
              }),
            ),
          );
        } else {
          // The abandoned 3-D Secure buyers never come back from the provider.
          b.decisions = await Promise.all(
            Array.from({ length: b.double ? 2 : 1 }, () => send('POST', `/v1/carts/${b.cart}/decision`, b.access, {})),
          );
        }
      }),
    );
    raceMs = performance.now() - started;
  }, 120_000);
  afterAll(async () => {
    await p?.close();
  });

  /** The answers that decide a buyer's outcome: the decisions, or for a 3-D Secure card its returns. */
  const finalAnswers = (b: Buyer) => (b.method === 'card_3ds' ? b.returns : b.decisions);
  const won = (b: Buyer) => finalAnswers(b).some((a) => a.status === 200);
  /** The buyers' orders, with the units of the product each holds. */
  async function productOrders() {
    const placed = await db()
      .select({
        id: orders.id,
        order_no: orders.order_no,
        cart_id: orders.cart_id,
        user_id: orders.user_id,
        payment_id: orders.payment_id,
        payment_status: orders.payment_status,
        payment_detail: orders.payment_detail,
        total_payment: orders.total_payment,
      })
      .from(orders)
      .where(
        inArray(
          orders.cart_id,
          buyers.map((b) => b.cartId),
        ),
      );
    const items = await db()
      .select({ order_id: order_items.order_id, product_id: order_items.product_id, quantity: order_items.quantity })
      .from(order_items)
      .where(eq(order_items.product_id, productId));
    return placed.map((o) => ({ ...o, quantity: items.filter((i) => i.order_id === o.id).reduce((sum, i) => sum + i.quantity, 0) }));
  }

  it('answers every call 200, 202 or 422 with the reason in Japanese — never a 5xx', () => {
    const all = buyers.flatMap((b) => [...b.decisions, ...b.returns]);
    const statuses = countBy(all.map((a) => String(a.status)));
    const refusals = countBy(all.filter((a) => a.status === 422).map((a) => String(a.body.code)));
    console.info('[checkout-concurrency]', JSON.stringify({ race_ms: Math.round(raceMs), calls: all.length, statuses, refusals }));
    for (const a of all) expect([200, 202, 422], JSON.stringify(a)).toContain(a.status);
    expect(refusals).toMatchObject({ 'cart.payment.declined': expect.any(Number), 'cart.stock.insufficient': expect.any(Number) });
    expect(Object.keys(refusals).filter((code) => !['cart.payment.declined', 'cart.stock.insufficient'].includes(code))).toEqual([]);
    for (const a of all.filter((x) => x.status === 422))
      expect(a.body.message).toMatch(/在庫切れ|在庫が不足|承認されませんでした|本人認証/);
  });

  it('gives each kind of buyer the answer its payment calls for', () => {
    for (const b of buyers) {
      const where = `buyer ${b.n} (${b.method}${b.double ? ', twice' : ''}${b.reload ? ', reloaded' : ''}): ${JSON.stringify([b.decisions, b.returns])}`;
      expect(b.decisions, where).toHaveLength(b.double ? 2 : 1);
      if (b.method === 'card_declined') {
        for (const d of b.decisions) expect(d, where).toMatchObject({ status: 422, body: { code: 'cart.payment.declined' } });
      } else if (b.method === 'card_3ds' || b.method === 'card_3ds_abandoned') {
        // No stock is taken while the shopper is at the provider, so every 3-D Secure decision is a redirect.
        for (const d of b.decisions)
          expect(d, where).toMatchObject({
            status: 202,
            body: { status: 'requires_action', redirect_url: expect.stringContaining('/3ds/') },
          });
        expect(b.returns, where).toHaveLength(b.method === 'card_3ds' ? b.decisions.length + (b.reload ? 1 : 0) : 0);
      }
      const answers = finalAnswers(b);
      if (b.method === 'card_declined' || b.method === 'card_3ds_abandoned') continue;
      // Both of a double decision (or a reloaded return) agree: the same order, or both refused for stock.
      if (won(b)) {
        for (const a of answers) expect(a, where).toMatchObject({ status: 200, body: { order_no: expect.any(String) } });
        expect(new Set(answers.map((a) => a.body.order_no)).size, where).toBe(1);
      } else if (b.reload) {
        // A reload that finds the authorisation already voided by the first load is told the first's reason.
        for (const a of answers) expect(a, where).toMatchObject({ status: 422, body: { code: 'cart.stock.insufficient' } });
      } else {
        for (const a of answers) expect(a, where).toMatchObject({ status: 422, body: { code: 'cart.stock.insufficient' } });
      }
    }
    // Enough buyers and methods were in the race to make it one: winners and losers of each kind.
    for (const method of ['cod', 'bank_transfer', 'card', 'card_3ds', 'deferred', 'konbini'] as Method[]) {
      const of = buyers.filter((b) => b.method === method);
      expect(of.length).toBeGreaterThanOrEqual(20);
    }
    expect(buyers.filter(won).length).toBeGreaterThan(0);
    expect(buyers.filter((b) => b.double).length).toBeGreaterThanOrEqual(25);
    expect(buyers.filter((b) => b.reload).length).toBeGreaterThanOrEqual(10);
  });

  it('sells exactly the stock taken: never below zero, one order per winning cart, none for any other', async () => {
    const stock = await stockNow();
    const placed = await productOrders();
    const winners = buyers.filter(won);
    const figures = {
      orders: placed.length,
      units_sold: STOCK - stock,
      stock_left: stock,
      by_method: Object.fromEntries(METHODS.map((m) => [m, winners.filter((b) => b.method === m).length])),
      double_fired: buyers.filter((b) => b.double).length,
    };
    console.info('[checkout-concurrency]', JSON.stringify(figures));

    expect(stockAtStart, 'the 3-D Secure challenges held no stock').toBe(STOCK);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(placed.reduce((sum, o) => sum + o.quantity, 0)).toBe(STOCK - stock);
    const [{ units }] = await db()
      .select({ units: sql<number>`coalesce(sum(${order_items.quantity}), 0)::int` })
      .from(order_items)
      .where(eq(order_items.product_id, productId));
    expect(units).toBe(STOCK - stock);
    expect(placed).toHaveLength(winners.length);
    expect(new Set(placed.map((o) => o.cart_id)).size).toBe(placed.length);
    const byCart = new Map(placed.map((o) => [o.cart_id, o]));
    for (const b of buyers) {
      const order = byCart.get(b.cartId);
      if (!won(b)) {
        expect(order, `buyer ${b.n} (${b.method}) has no order`).toBeUndefined();
        continue;
      }
      expect(order, `buyer ${b.n}`).toMatchObject({
        order_no: finalAnswers(b)[0].body.order_no,
        user_id: b.userId,
        quantity: b.quantity,
        payment_id: p.payments[PAYMENT_CODE[b.method]],
      });
      expect(order!.payment_status).toBe(b.method.startsWith('card') ? 'authorized' : 'pending');
    }
    // The stock ran out: whoever was refused wanted more than was left at the end.
    for (const b of buyers.filter((x) => !won(x) && finalAnswers(x).some((a) => a.body.code === 'cart.stock.insufficient'))) {
      expect(b.quantity, `buyer ${b.n}`).toBeGreaterThan(stock);
    }
    const cartRows = await db()
      .select({ id: carts.id, order_id: carts.order_id })
      .from(carts)
      .where(
        inArray(
          carts.id,
          buyers.map((b) => b.cartId),
        ),
      );
    for (const c of cartRows) expect(c.order_id).toBe(byCart.get(c.id)?.id ?? null);
    // One confirmation mail per order.
    const mails = await db()
      .select({ to: outbox_emails.to_address })
      .from(outbox_emails)
      .where(
        inArray(
          outbox_emails.to_address,
          buyers.map((b) => b.email),
        ),
      );
    expect(mails).toHaveLength(placed.length);
  });

  it('leaves no authorisation without its order, voids every other one, and takes nothing for declined or abandoned cards', async () => {
    const placed = new Map((await productOrders()).map((o) => [o.cart_id, o]));
    const txns = await db()
      .select()
      .from(payment_transactions)
      .where(
        inArray(
          payment_transactions.cart_id,
          buyers.map((b) => b.cartId),
        ),
      );
    expect(txns.filter((t) => t.status === 'authorized' && t.order_id == null)).toEqual([]);
    expect(txns.filter((t) => t.status === 'void_failed')).toEqual([]);
    const toCapture: string[] = [];
    const voided: string[] = [];
    const abandoned: string[] = [];
    for (const b of buyers) {
      const mine = txns.filter((t) => t.cart_id === b.cartId);
      const order = placed.get(b.cartId);
      const where = `buyer ${b.n} (${b.method}): ${JSON.stringify(mine.map((t) => [t.status, t.order_id]))}`;
      if (!b.method.startsWith('card')) {
        expect(mine, where).toEqual([]);
        continue;
      }
      if (b.method === 'card_declined') {
        expect(
          mine.map((t) => t.status),
          where,
        ).toEqual(b.decisions.map(() => 'failed'));
        continue;
      }
      expect(mine, where).toHaveLength(b.decisions.length);
      if (b.method === 'card_3ds_abandoned') {
        expect(
          mine.map((t) => [t.status, t.order_id]),
          where,
        ).toEqual(b.decisions.map(() => ['requires_action', null]));
        abandoned.push(...mine.map((t) => t.provider_ref!));
        continue;
      }
      // Exactly one authorisation became the order's (its amount, its ref); any other was voided.
      const kept = mine.filter((t) => t.status === 'authorized');
      if (order) {
        expect(kept, where).toEqual([
          expect.objectContaining({
            order_id: order.id,
            amount: order.total_payment,
            provider_ref: (order.payment_detail as { ref: string }).ref,
          }),
        ]);
        toCapture.push(kept[0].provider_ref!);
      } else {
        expect(kept, where).toEqual([]);
      }
      for (const t of mine.filter((x) => x.status !== 'authorized')) {
        expect(t, where).toMatchObject({ status: 'voided', order_id: null });
        voided.push(t.provider_ref!);
      }
    }
    expect(voided.length).toBeGreaterThan(0);
    // The provider agrees: each order's authorisation can be captured (売上確定 at shipping); a voided
    // one, or one still waiting for its 3-D Secure challenge, cannot.
    const capture = async (ref: string) =>
      (await fetch(`${p.provider.url}/charges/${ref}/capture`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` } })).status;
    const statuses = await Promise.all([...toCapture, ...voided, ...abandoned].map(capture));
    expect(statuses).toEqual([...toCapture.map(() => 200), ...voided.map(() => 409), ...abandoned.map(() => 409)]);
  });
});
