/**
 * Stock edits racing sales and each other, on a real PostgreSQL server (PGlite serialises every
 * query, so it cannot show a race):
 * - a staff member's new stock never overwrites a sale made after the form was shown: while a
 *   checkout holds the row, the PATCH waits and then answers 409 with the stock now; a PATCH and a
 *   real checkout decision fired together end either as "set, then sold" or "sold, then 409", never
 *   with the sale lost;
 * - two imports of the same products at once (listed in opposite orders) both finish, one after the
 *   other (no deadlock: products are locked in id order), and leave every product as one file says.
 */
import { setTimeout } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../api/src/db/schema/index.ts';
import { auditEntries, staffClient, variantPicker } from './admin-products-support.ts';
import { createTestShop, loginDemo, onPostgres, type TestShop } from './helpers.ts';

describe.skipIf(!onPostgres)('stock edits racing sales and imports, on PostgreSQL', () => {
  let shop: TestShop;
  let api: Awaited<ReturnType<typeof staffClient>>;
  let pick: ReturnType<typeof variantPicker>;
  let demo: string;
  let addressId: number;
  let cod: number;
  beforeAll(async () => {
    shop = await createTestShop();
    api = await staffClient(shop);
    pick = variantPicker(shop);
    demo = await loginDemo(shop);
    addressId = (await (await shop.request('GET', '/v1/me/user-addresses', { token: demo })).json())[0].id;
    cod = (await (await shop.request('GET', '/v1/payments')).json()).find((p: { code: string }) => p.code === 'cod').id;
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
  });

  const stockOf = async (id: number) =>
    (await shop.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
  const patch = (id: number, body: unknown) => api.call('PATCH', `/products/${id}`, { body });
  const ok = async (method: string, path: string, body: unknown) => {
    const res = await shop.request(method, path, { token: demo, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  it('a PATCH waits for a checkout holding the row, then answers 409 with the stock the sale left', async () => {
    const p = await pick({ stock: 5 });
    const { default: pg } = await import('pg');
    const checkout = new pg.Client({ connectionString: shop.env.DATABASE_URL });
    await checkout.connect();
    try {
      await checkout.query('begin');
      // What a decision does: the guarded decrement, in its transaction.
      await checkout.query('update products set stock = stock - 2 where id = $1 and stock >= 2', [p.id]);
      let settled = false;
      const edit = patch(p.id, { stock: 20, expected_stock: 5 }).finally(() => {
        settled = true;
      });
      await setTimeout(300);
      expect(settled).toBe(false);
      await checkout.query('commit');
      const r = await edit;
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('在庫数が他の操作で変わりました（現在 3）。画面を更新してください。');
      expect(await stockOf(p.id)).toBe(3);
    } finally {
      await checkout.end();
    }
  });

  it('a PATCH and a real checkout decision at once: set then sold, or sold then 409 — the sale is never lost', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 12; round++) {
      const p = await pick({ stock: 5 });
      const { token } = await (await shop.request('POST', '/v1/carts/init', { body: {} })).json();
      await ok('PATCH', '/v1/carts/products/add', { token, product_id: p.id, quantity: 2 });
      await ok('PATCH', '/v1/carts/shippings/add', { token, user_address_id: addressId });
      await ok('PATCH', '/v1/carts/order/modify', { token, payment_id: cod });
      const [decision, edit] = await Promise.all([
        shop.request('POST', `/v1/carts/${token}/decision`, { token: demo, body: {} }),
        setTimeout(round % 4).then(() => patch(p.id, { stock: 20, expected_stock: 5 })),
      ]);
      expect(decision.status, await decision.clone().text()).toBe(200);
      const stock = await stockOf(p.id);
      if (edit.status === 200) {
        expect(stock, 'set to 20, then 2 sold').toBe(18);
        outcomes.set_then_sold = (outcomes.set_then_sold ?? 0) + 1;
      } else {
        expect(edit.status).toBe(409);
        expect(edit.body.message).toContain('（現在 3）');
        expect(stock, 'sold from 5, the edit refused').toBe(3);
        outcomes.sold_then_refused = (outcomes.sold_then_refused ?? 0) + 1;
      }
    }
    console.info('[admin-products-race] PATCH vs decision:', JSON.stringify(outcomes));
  });

  it('two imports of the same products at once both finish, and every product is as one file says', async () => {
    const picked = await Promise.all(Array.from({ length: 8 }, () => pick({ stock: 1 })));
    const ids = picked.map((p) => p.id);
    const file = (base: number, order: typeof picked) =>
      `商品コード,在庫数,販売価格（税抜）\r\n${order.map((p, i) => `${p.code},${base + i},${base * 10 + i}`).join('\r\n')}\r\n`;
    const forward = file(100, picked);
    const backward = file(200, [...picked].reverse());
    for (let round = 0; round < 4; round++) {
      const entriesBefore = (await auditEntries(shop, 'stock.import')).length;
      const [a, b] = await Promise.all([api.upload(forward, 'dry_run=0'), api.upload(backward, 'dry_run=0')]);
      expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
      const rows = await shop.database.db
        .select({ code: products.code, stock: products.stock, price: products.product_price })
        .from(products)
        .where(inArray(products.id, ids));
      const fromForward = rows.every((r) => r.stock < 200);
      const expected = (fromForward ? [...picked] : [...picked].reverse()).map((p, i) => ({
        code: p.code,
        stock: (fromForward ? 100 : 200) + i,
        price: (fromForward ? 1000 : 2000) + i,
      }));
      expect(rows.sort((x, y) => x.code.localeCompare(y.code))).toEqual(expected.sort((x, y) => x.code.localeCompare(y.code)));
      // The second to commit saw the first's values: its change list starts from them.
      const entries = (await auditEntries(shop, 'stock.import')).slice(entriesBefore);
      expect(entries.length).toBeGreaterThanOrEqual(1);
      expect(entries.length).toBeLessThanOrEqual(2);
    }
  });
});
