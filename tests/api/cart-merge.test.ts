/**
 * The cart survives logout and login, and a guest cart is merged into the member's cart at login
 * (as EC-CUBE does): same product quantities added and capped at stock and 99, unsellable lines
 * dropped, the guest cart deleted.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, products, users } from '../../api/src/db/schema/index.ts';
import { hashPassword } from '../../api/src/services/passwords/index.ts';
import { createTestShop, productPicker, type TestShop } from './helpers.ts';

let shop: TestShop;
let product: ReturnType<typeof productPicker>;
beforeAll(async () => {
  shop = await createTestShop();
  product = productPicker(shop);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

let members = 0;
/** A new member of the default channel; returns a function that logs them in. */
async function newMember() {
  const username = `merge${++members}`;
  await shop.database.db.insert(users).values({
    channel_id: 'default',
    username,
    email: `${username}@example.jp`,
    password_hash: await hashPassword('merge-pass-123'),
    last_name: '高橋',
    first_name: '一郎',
  });
  return async () =>
    (await (await shop.request('POST', '/v1/auth/login', { body: { username, password: 'merge-pass-123' } })).json())
      .access_token as string;
}

async function init(body: { token?: string | null; invalid_product?: boolean }, as?: string) {
  const res = await shop.request('POST', '/v1/carts/init', { body, token: as });
  expect(res.status).toBe(200);
  return res.json();
}
async function add(token: string, product_id: number, quantity: number, as?: string) {
  const res = await shop.request('PATCH', '/v1/carts/products/add', { body: { token, product_id, quantity }, token: as });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
const quantities = (cart: { detail: { products: { product_info: { id: number }; quantity: number }[] } }) =>
  Object.fromEntries(cart.detail.products.map((p) => [p.product_info.id, p.quantity]));
const cartExists = async (token: string) => (await shop.database.db.select().from(carts).where(eq(carts.token, token))).length > 0;

describe('restore at login', () => {
  it('gives the member the same cart with its lines after logout and login (init without a token)', async () => {
    const login = await newMember();
    let access = await login();
    const mine = await init({ token: null }, access);
    const id = await product();
    await add(mine.token, id, 2, access);
    expect((await shop.request('POST', '/v1/auth/logout', { body: {}, token: access })).status).toBe(204);
    access = await login();
    const restored = await init({ token: null }, access);
    expect(restored.token).toBe(mine.token);
    expect(quantities(restored)).toEqual({ [id]: 2 });
    // an unusable stored token (another guest's stale one) restores it too
    expect((await init({ token: 'no-such-token' }, access)).token).toBe(mine.token);
  });

  it('gives a member without an open cart a new one', async () => {
    const access = await (await newMember())();
    const cart = await init({}, access);
    expect(cart.detail.products).toEqual([]);
    const [row] = await shop.database.db.select().from(carts).where(eq(carts.token, cart.token));
    expect(row.user_id).not.toBeNull();
  });
});

describe('merge at login', () => {
  it("moves a guest's lines into the member's open cart and deletes the guest cart", async () => {
    const login = await newMember();
    const access = await login();
    const mine = await init({}, access);
    const kept = await product();
    await add(mine.token, kept, 1, access);

    const guest = await init({});
    const added = await product();
    await add(guest.token, added, 3);

    const merged = await init({ token: guest.token }, await login());
    expect(merged.token).toBe(mine.token);
    expect(quantities(merged)).toEqual({ [kept]: 1, [added]: 3 });
    expect(await cartExists(guest.token)).toBe(false);
    expect((await shop.request('GET', `/v1/carts/${guest.token}`)).status).toBe(404);
  });

  it('adds the quantities of the same product, capped at the stock (and at 99)', async () => {
    const access = await (await newMember())();
    const scarce = await product({ stock: 5 });
    const plenty = await product({ stock: 500 });
    const mine = await init({}, access);
    await add(mine.token, scarce, 3, access);
    await add(mine.token, plenty, 60, access);
    const guest = await init({});
    await add(guest.token, scarce, 4);
    await add(guest.token, plenty, 60);
    const merged = await init({ token: guest.token }, access);
    expect(quantities(merged)).toEqual({ [scarce]: 5, [plenty]: 99 });
  });

  it('leaves behind lines of products that can no longer be sold', async () => {
    const access = await (await newMember())();
    const mine = await init({}, access);
    await add(mine.token, await product(), 1, access);
    const guest = await init({});
    const withdrawn = await product();
    await add(guest.token, withdrawn, 1);
    await shop.database.db.update(products).set({ is_published: false }).where(eq(products.id, withdrawn));
    const merged = await init({ token: guest.token }, access);
    expect(merged.token).toBe(mine.token);
    expect(Object.keys(quantities(merged)).map(Number)).not.toContain(withdrawn);
    expect(merged.detail.products).toHaveLength(1);
  });

  it('adopts the guest cart when the member has no open cart', async () => {
    const access = await (await newMember())();
    const guest = await init({});
    const id = await product();
    await add(guest.token, id, 2);
    const adopted = await init({ token: guest.token }, access);
    expect(adopted.token).toBe(guest.token);
    expect(quantities(adopted)).toEqual({ [id]: 2 });
    expect(adopted.flags.needs_login).toBe(false);
    // now the member's: the token alone no longer opens it
    expect((await shop.request('GET', `/v1/carts/${guest.token}`)).status).toBe(404);
  });
});
