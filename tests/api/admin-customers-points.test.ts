/**
 * The staff's changes to a customer (POST /admin/v1/customers/{id}/points and /unlock): an
 * adjustment up or down is one granted ledger row 「ポイント調整（理由）」 and the balance moved with
 * it, the member sees it in their history; the reason is required, a deduction beyond the balance is
 * refused in Japanese and changes nothing; the same request_key twice applies once and answers the
 * first result. The unlock lifts a lock made by wrong passwords through /v1/auth/login, and the
 * member logs in at once. Each change has its audit entry; an editor gets 403, another channel's
 * member 404. On PostgreSQL: parallel adjustments each apply once, and a deduction racing an order's
 * point use never drives the balance below 0.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointAdjustResultSchema } from '#contracts/admin-customers.ts';
import { orders, point_histories, staff_audit_log, users } from '../../api/src/db/schema/index.ts';
import { DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { createMember, MEMBER_PASSWORD, run } from './account-support.ts';
import { benefitSteps } from './benefits-support.ts';
import { createTestShop, onPostgres, type RequestOptions, type TestShop } from './helpers.ts';

let shop: TestShop;
let staff: string;
const tag = run();
const { ok, cartWith, patch, readyToDecide, decide, newMember } = benefitSteps(() => shop);

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_STAFF.login, password: DEV_STAFF.password } });
  staff = (await res.json()).access_token;
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

const api = (method: string, path: string, opts: RequestOptions = {}) =>
  shop.request(method, `/admin/v1${path}`, { token: staff, ...opts });
let keys = 0;
const key = () => `k${tag}${String(++keys).padStart(12, '0')}`;
const adjust = (id: number, amount: number, reason = 'お詫び', requestKey = key(), opts: RequestOptions = {}) =>
  api('POST', `/customers/${id}/points`, { body: { amount, reason, request_key: requestKey }, ...opts });
const balanceOf = async (id: number) =>
  (await shop.database.db.select({ b: users.point_balance }).from(users).where(eq(users.id, id)))[0].b;
const grantedSum = async (id: number) =>
  (
    await shop.database.db
      .select({ a: point_histories.amount })
      .from(point_histories)
      .where(and(eq(point_histories.user_id, id), eq(point_histories.status, 'granted')))
  ).reduce((s, r) => s + r.a, 0);
const auditOf = (action: string, id: number) =>
  shop.database.db
    .select()
    .from(staff_audit_log)
    .where(and(eq(staff_audit_log.action, action), eq(staff_audit_log.target_id, String(id))))
    .orderBy(staff_audit_log.id);

describe('POST /admin/v1/customers/{id}/points', () => {
  it('adds and takes points: a granted ledger row each, the balance moved, the member sees 「ポイント調整（理由）」, audited', async () => {
    const m = await newMember(500);
    const plus = await adjust(m.id, 100, 'お詫び');
    expect(plus.status).toBe(200);
    const added = pointAdjustResultSchema.parse(await plus.json());
    expect(added).toMatchObject({
      amount: 100,
      reason: 'ポイント調整（お詫び）',
      balance_before: 500,
      balance_after: 600,
      repeated: false,
      message: '100 ポイントを加算しました（保有 600 ポイント）。',
    });
    const minus = pointAdjustResultSchema.parse(await (await adjust(m.id, -250, '誤付与の取消')).json());
    expect(minus).toMatchObject({ balance_before: 600, balance_after: 350, message: '250 ポイントを減算しました（保有 350 ポイント）。' });
    expect(await balanceOf(m.id)).toBe(350);
    expect(await grantedSum(m.id)).toBe(350);

    const [row] = await shop.database.db.select().from(point_histories).where(eq(point_histories.id, added.point_history_id));
    expect(row).toMatchObject({ status: 'granted', amount: 100, order_id: null });
    const days = (row.expires_at!.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(days).toBe(365);
    const [taken] = await shop.database.db.select().from(point_histories).where(eq(point_histories.id, minus.point_history_id));
    expect(taken.expires_at).toBeNull();

    const mine = await ok(shop.request('GET', '/v1/me/point-histories', { token: m.token }));
    expect(mine.slice(0, 2).map((h: { amount: number; reason: string }) => [h.amount, h.reason])).toEqual([
      [-250, 'ポイント調整（誤付与の取消）'],
      [100, 'ポイント調整（お詫び）'],
    ]);
    expect((await ok(shop.request('GET', '/v1/me/points', { token: m.token }))).point_balance).toBe(350);

    const audit = await auditOf('customer.point_adjust', m.id);
    expect(audit.map((a) => [a.before, (a.after as { point_balance: number }).point_balance])).toEqual([
      [{ point_balance: 500 }, 600],
      [{ point_balance: 600 }, 350],
    ]);
    expect(audit[0]).toMatchObject({ editor_login: DEV_STAFF.login, editor_role: 'staff', target_type: 'customer' });

    const detail = await ok(api('GET', `/customers/${m.id}`));
    expect(detail.points.balance).toBe(350);
    expect(detail.points.ledger[0]).toMatchObject({ amount: -250, reason: 'ポイント調整（誤付与の取消）', status: 'granted' });
  });

  it('requires a reason, a non-zero amount within ±1,000,000 and a key, in Japanese, changing nothing', async () => {
    const m = await newMember(100);
    const blank = await (await adjust(m.id, 10, '  ')).json();
    expect(blank.errors).toEqual({ reason: ['調整理由は必須項目です'] });
    const missing = await (await api('POST', `/customers/${m.id}/points`, { body: { amount: 0, request_key: 'short' } })).json();
    expect(missing.errors).toEqual({
      amount: ['調整ポイントは0以外の数を入力してください'],
      reason: ['調整理由は必須項目です'],
      request_key: ['操作キーが正しくありません。画面を開き直してください'],
    });
    const big = await (await adjust(m.id, 1_000_001)).json();
    expect(big.errors.amount).toEqual(['調整ポイントには-1000000から1000000までの数値を指定してください']);
    expect((await (await adjust(m.id, 1, 'x'.repeat(201))).json()).errors.reason).toEqual(['調整理由は200文字以内にしてください']);
    expect(await balanceOf(m.id)).toBe(100);
    expect(await auditOf('customer.point_adjust', m.id)).toEqual([]);
  });

  it('refuses to take more than the balance (422 in Japanese), and leaves it as it was', async () => {
    const m = await newMember(120);
    const res = await adjust(m.id, -121);
    expect(res.status).toBe(422);
    const message = '保有ポイントを超えて減算できません（保有 120 ポイント）';
    expect(await res.json()).toEqual({
      message,
      code: 'customer.point.insufficient',
      request_id: expect.any(String),
      errors: { amount: [message] },
    });
    expect(await balanceOf(m.id)).toBe(120);
    expect((await adjust(m.id, -120)).status).toBe(200);
    expect(await balanceOf(m.id)).toBe(0);
  });

  it("applies the same request_key once and answers the first result; another member's key is 409", async () => {
    const m = await newMember(0);
    const k = key();
    const first = await (await adjust(m.id, 300, '誕生日', k)).json();
    const again = await adjust(m.id, 300, '誕生日', k);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...first, repeated: true });
    const rows = await shop.database.db.select().from(point_histories).where(eq(point_histories.request_key, k));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(m.id)).toBe(300);
    expect(await auditOf('customer.point_adjust', m.id)).toHaveLength(1);
    const other = await newMember(0);
    expect((await adjust(other.id, 300, '誕生日', k)).status).toBe(409);
    expect(await balanceOf(other.id)).toBe(0);
  });

  it("refuses a withdrawn member, 404s another channel's member, 403s an editor", async () => {
    const gone = await newMember(50);
    await shop.database.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, gone.id));
    expect((await (await adjust(gone.id, 10)).json()).code).toBe('customer.not_member');
    const school = await createMember(shop, `school-pt-${tag}`, { channel: 'school' });
    expect((await adjust(school.id, 10)).status).toBe(404);
    expect((await adjust(school.id, 10, 'お詫び', key(), { channel: 'school' })).status).toBe(200);
    const login = await shop.request('POST', '/admin/v1/auth/login', { body: { login: DEV_EDITOR.login, password: DEV_EDITOR.password } });
    const editor = (await login.json()).access_token;
    const m = await newMember(10);
    const refused = await adjust(m.id, 10, 'お詫び', key(), { token: editor });
    expect(refused.status).toBe(403);
    expect((await api('POST', `/customers/${m.id}/unlock`, { token: editor })).status).toBe(403);
    expect(await balanceOf(m.id)).toBe(10);
  });
});

const memberLogin = (username: string, password: string) => shop.request('POST', '/v1/auth/login', { body: { username, password } });

describe('POST /admin/v1/customers/{id}/unlock', () => {
  it('lifts a lock made by wrong passwords: the member logs in at once; audited; a repeat changes nothing', async () => {
    const u = await createMember(shop, `locked-${tag}`);
    for (let i = 0; i < 5; i++) expect((await memberLogin(u.username, 'wrong-pass-000')).status).toBe(422);
    const refused = await memberLogin(u.username, MEMBER_PASSWORD);
    expect((await refused.json()).code).toBe('auth.locked');
    expect((await ok(api('GET', `/customers/${u.id}`))).profile).toMatchObject({ locked: true, failed_login_count: 5 });

    const res = await api('POST', `/customers/${u.id}/unlock`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: u.id, changed: true, message: 'ロックを解除しました。会員はすぐにログインできます。' });
    expect((await memberLogin(u.username, MEMBER_PASSWORD)).status).toBe(200);
    const [entry] = await auditOf('customer.unlock', u.id);
    expect(entry.before).toMatchObject({ failed_login_count: 5 });
    expect(entry.after).toEqual({ failed_login_count: 0, locked_until: null });

    expect(await (await api('POST', `/customers/${u.id}/unlock`)).json()).toMatchObject({ changed: false });
    expect(await auditOf('customer.unlock', u.id)).toHaveLength(1);
  });

  it("is 404 for another channel's member and changes nothing there", async () => {
    const s = await createMember(shop, `school-lock-${tag}`, { channel: 'school' });
    await shop.database.db
      .update(users)
      .set({ locked_until: new Date(Date.now() + 600_000), failed_login_count: 5 })
      .where(eq(users.id, s.id));
    expect((await api('POST', `/customers/${s.id}/unlock`)).status).toBe(404);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, s.id));
    expect(row.failed_login_count).toBe(5);
  });
});

describe.skipIf(!onPostgres)('adjustments racing on PostgreSQL', () => {
  it('ten parallel adjustments each apply once, five sends of one key once; the balance is the sum of granted rows', async () => {
    const m = await newMember(0);
    const same = key();
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => adjust(m.id, 10 + i, '並行')),
      ...Array.from({ length: 5 }, () => adjust(m.id, 1000, '二重送信', same)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(15).fill(200));
    expect(await balanceOf(m.id)).toBe(145 + 1000);
    expect(await grantedSum(m.id)).toBe(145 + 1000);
    const bodies = await Promise.all(results.slice(10).map((r) => r.json()));
    expect(bodies.filter((b) => !b.repeated)).toHaveLength(1);
  }, 60_000);

  it("a deduction racing an order's point use: what both took never exceeds the balance, never below 0", async () => {
    for (let round = 0; round < 4; round++) {
      const m = await newMember(100);
      const { token } = await cartWith([[5000, 10, 1]], m.token);
      await ok(patch('point', { token, use_point: 80 }, m.token));
      await readyToDecide(token, m.token, m.addressId);
      const [order, taken] = await Promise.all([decide(token, m.token), adjust(m.id, -50, '競合')]);
      // The order uses what the balance holds when it is decided (80, or 50 after the deduction); a deduction after it finds 20.
      const [placed] = await shop.database.db.select({ use_point: orders.use_point }).from(orders).where(eq(orders.user_id, m.id));
      const used = order.status === 200 ? placed.use_point : 0;
      const deducted = taken.status === 200 ? 50 : 0;
      if (taken.status !== 200) expect((await taken.json()).code, `round ${round}`).toBe('customer.point.insufficient');
      expect(used + deducted, `round ${round}`).toBeGreaterThan(0);
      const balance = await balanceOf(m.id);
      expect(balance, `round ${round}`).toBe(100 - used - deducted);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await grantedSum(m.id)).toBe(balance);
    }
  }, 120_000);
});
