/**
 * Database round trips per request on the checkout's hot paths. Under CPU contention every statement
 * costs a scheduling slot of an API process and of a PostgreSQL backend, so the count per request is
 * what the load test's tail latency follows (docs/deployment.md "Where the time goes"). Every
 * statement sent through `pg` (both databases go through it) is counted, BEGIN and COMMIT included;
 * the pinned figures are ceilings, so a change that adds a round trip to these paths fails here.
 * ROUND_TRIPS_LOG=1 prints the statements of each request.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../api/src/db/schema/index.ts';
import { createTestShop, loginDemo, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let demo: string;
let addressId: number;
let cod: number;
let product: ReturnType<typeof productPicker>;

let counting: string[] | null = null;
/**
 * Per-process cache refreshes shared by every request (not counted against the one that pays it):
 * the maintenance switch (once a second) and the channel row (middleware/channel.ts, every 30 s:
 * on a loaded machine a test's warm-up and its measured request can lie on either side of it).
 */
const SHARED_REFRESH = /\bfrom "(maintenance|channels)"/;
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
  demo = await loginDemo(shop);
  addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
  const list = await (await shop.request('GET', '/v1/payments')).json();
  cod = list.find((p: { code: string }) => p.code === 'cod').id;
  // Counts every statement any pg client sends while a request is measured.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const q = args[0] as string | { text?: string; name?: string };
      const text = typeof q === 'string' ? q : `${q.name ? `[${q.name}] ` : ''}${q.text ?? ''}`;
      // The maintenance switch is read by a process at most once a second (MAINTENANCE_CACHE_MS)
      // for all of its requests: whichever request comes first after that second pays it, so on a
      // slow machine it lands in a measured request by chance. It is not part of any request's work.
      if (!SHARED_REFRESH.test(text)) counting.push(text);
    }
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof originalQuery;
}, 120_000);
afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await shop?.close();
});

/** Sends the request and returns its status, body and the statements it sent. */
async function measured(method: string, path: string, body: unknown, token?: string) {
  counting = [];
  const res = await shop.request(method, path, { body, token });
  const json = await res.json();
  const statements = counting;
  counting = null;
  if (process.env.ROUND_TRIPS_LOG)
    console.log(`${method} ${path}: ${statements.length}\n  ${statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 220)).join('\n  ')}`);
  return { status: res.status, json, statements };
}

/** A member's checkout as the load test walks it, each step measured. */
async function checkout(quantity = 1) {
  const p = await product({ stock: 50 });
  const init = await measured('POST', '/v1/carts/init', {});
  const { token } = init.json;
  const firstAdd = await measured('PATCH', '/v1/carts/products/add', { token, product_id: p, quantity }, demo);
  const add = await measured('PATCH', '/v1/carts/products/add', { token, product_id: p, quantity }, demo);
  const ship = await measured('PATCH', '/v1/carts/shippings/add', { token, user_address_id: addressId }, demo);
  const pay = await measured('PATCH', '/v1/carts/order/modify', { token, payment_id: cod }, demo);
  const decision = await measured('POST', `/v1/carts/${token}/decision`, {}, demo);
  const again = await measured('POST', `/v1/carts/${token}/decision`, {}, demo);
  for (const step of [init, firstAdd, add, ship, pay, decision, again]) expect(step.status, JSON.stringify(step.json)).toBe(200);
  expect(again.json.order_no).toBe(decision.json.order_no);
  return { init, firstAdd, add, ship, pay, decision, again };
}

describe('round trips per request', () => {
  it('add-to-cart and the decision stay within their statement budgets', async () => {
    await checkout(); // warms per-process caches, as on a running shop
    const run = await checkout();
    const counts = Object.fromEntries(Object.entries(run).map(([k, v]) => [k, v.statements.length]));
    console.log(`statements per request: ${JSON.stringify(counts)}`);
    expect(counts.add).toBeLessThanOrEqual(8);
    expect(counts.decision).toBeLessThanOrEqual(13);
  });
});

describe('a guest session', () => {
  it('is the member row and one INSERT of both tokens (was 4 statements)', async () => {
    await measured('GET', '/v1/users/dummy', undefined); // warms per-process caches
    const guest = await measured('GET', '/v1/users/dummy', undefined);
    expect(guest.status, JSON.stringify(guest.json)).toBe(200);
    expect(guest.json.has_password_expired).toBe(false);
    console.log(`statements of GET /v1/users/dummy: ${guest.statements.length}`);
    // In-process requests carry no client address, so the per-address limit is not hit here; its
    // hit is a Redis command in the cluster (a statement with the database store).
    expect(guest.statements.length, guest.statements.join('\n')).toBeLessThanOrEqual(2);
    // The guest's token works for what a guest purchase does next.
    const cart = await shop.request('POST', '/v1/carts/init', { body: {}, token: guest.json.access_token });
    expect(cart.status).toBe(200);
  });
});

describe('the settings read along with the cart row', () => {
  const setSelling = (channel: string, selling: boolean) =>
    Promise.all(
      (
        [
          ['PLUGIN.TEMPORARY_STOP_SELLING.IS_USE', true],
          ['PLUGIN.TEMPORARY_STOP_SELLING.SELLING', selling],
        ] as const
      ).map(([key, value]) =>
        shop.database.db
          .insert(settings)
          .values({ channel_id: channel, key, value, is_public: true })
          .onConflictDoUpdate({ target: [settings.channel_id, settings.key], set: { value } }),
      ),
    );

  it("are the cart's own channel's, and an editor's change counts from the next request", async () => {
    const p = await product({ stock: 50 });
    const { token } = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
    const add = () => shop.request('PATCH', '/v1/carts/products/add', { body: { token, product_id: p, quantity: 1 } });
    // Another channel stopping its sales does not stop this one.
    await setSelling('school', false);
    expect((await add()).status).toBe(200);
    await setSelling('default', false);
    const stopped = await add();
    expect(stopped.status).toBe(422);
    expect((await stopped.json()).code).toBe('cart.selling_stopped');
    await setSelling('default', true);
    // The view after the change prices with this channel's carriage, not another's.
    for (const [channel, fee] of [
      ['school', 9999],
      ['default', 700],
    ] as const) {
      await shop.database.db
        .insert(settings)
        .values({ channel_id: channel, key: 'ORDER.CARRIAGE.FEE', value: fee, is_public: false })
        .onConflictDoUpdate({ target: [settings.channel_id, settings.key], set: { value: fee } });
    }
    const changed = await add();
    expect(changed.status).toBe(200);
    expect((await changed.json()).carriage.fee).toBe(700);
    const cart = await (await shop.request('GET', `/v1/carts/${token}`)).json();
    expect(cart.detail.products[0].quantity).toBe(2);
  });
});
