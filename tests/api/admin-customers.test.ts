/**
 * The staff's customer search and detail (GET /admin/v1/customers, /customers/{id}): each search
 * field and status filter finds the member it must and not the one it must not; names match with or
 * without spaces, kana in hiragana too, phones by their digits; 50 a page, newest first, with the
 * pagination headers; another channel's members are never found or shown. The detail holds the
 * profile, addresses, orders, ledger and login history and none of the secrets (checked on the JSON
 * text). An editor is refused (403), a member's token is unknown (401).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_PER_PAGE, type CustomerRow, customerDetailSchema, customerRowSchema } from '#contracts/admin-customers.ts';
import { point_histories, user_cards, users } from '../../api/src/db/schema/index.ts';
import { DEV_EDITOR, DEV_STAFF } from '../../api/src/db/seed/index.ts';
import { createMember, run } from './account-support.ts';
import { createTestShop, loginDemo, type RequestOptions, type TestShop } from './helpers.ts';

let shop: TestShop;
let staff: string;
const tag = run();
type Member = Awaited<ReturnType<typeof createMember>>;
const m = {} as Record<'a' | 'b' | 'guest' | 'gone' | 'locked' | 'school', Member>;

async function sessionOf(who: { login: string; password: string }) {
  const res = await shop.request('POST', '/admin/v1/auth/login', { body: { login: who.login, password: who.password } });
  return (await res.json()).access_token as string;
}
const api = (method: string, path: string, opts: RequestOptions = {}) =>
  shop.request(method, `/admin/v1${path}`, { token: staff, ...opts });

/** Inserts a member of the name 検索 <first> and applies `set` to the row. */
async function member(key: string, first: string, firstKana: string, set: Partial<typeof users.$inferInsert> = {}, channel = 'default') {
  const u = await createMember(shop, `find-${key}-${tag}`, { channel, email: `find-${key}-${tag}@example.jp` });
  const [row] = await shop.database.db
    .update(users)
    .set({ last_name: '検索', first_name: first, last_name_kana: 'ケンサク', first_name_kana: firstKana, ...set })
    .where(eq(users.id, u.id))
    .returning();
  return row;
}

beforeAll(async () => {
  shop = await createTestShop();
  staff = await sessionOf(DEV_STAFF);
  m.a = await member('a', '一郎', 'イチロウ', { phone_number: '0311112222', cell_phone_number: '09033334444' });
  m.b = await member('b', '二郎', 'ジロウ', { is_registered_member: false, contact_phone_number: '04555556666' });
  m.guest = await member('g', '三郎', 'サブロウ', { is_guest: true, is_registered_member: false });
  m.gone = await member('w', '四郎', 'シロウ', { deleted_at: new Date() });
  m.locked = await member('l', '五郎', 'ゴロウ', { locked_until: new Date(Date.now() + 15 * 60_000), failed_login_count: 6 });
  m.school = await member('s', '一郎', 'イチロウ', { phone_number: '0311112222' }, 'school');
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

async function search(params: Record<string, string>, opts: RequestOptions = {}) {
  const res = await api('GET', `/customers?${new URLSearchParams(params)}`, opts);
  expect(res.status, await res.clone().text()).toBe(200);
  return { rows: ((await res.json()) as CustomerRow[]).map((r) => customerRowSchema.parse(r)), res };
}
const ids = async (params: Record<string, string>) => (await search(params)).rows.map((r) => r.id);

describe('GET /admin/v1/customers', () => {
  it.each([
    ['name with a space', { q: '検索 一郎' }],
    ['name without a space', { q: '検索一郎' }],
    ['name with a full-width space', { q: '検索　一郎' }],
    ['kana in katakana with a space', { q: 'ケンサク イチロウ' }],
    ['kana in hiragana', { q: 'けんさくいちろう' }],
    ['kana in half-width katakana', { q: 'ｹﾝｻｸｲﾁﾛｳ' }],
    ['the first name alone', { q: '一郎' }],
    ['the login ID', { q: `find-a-${tag}` }],
    ['the exact e-mail', { email: `find-a-${tag}@example.jp` }],
    ['part of the e-mail, any case', { email: `FIND-A-${tag}` }],
    ['the phone with hyphens', { phone: '03-1111-2222' }],
    ['the cell phone with spaces', { phone: '090 3333 4444' }],
    ['part of the phone digits', { phone: '33334444' }],
  ])('finds the member by %s, and not the other one', async (_, params) => {
    const found = await ids(params);
    expect(found).toContain(m.a.id);
    expect(found).not.toContain(m.b.id);
    expect(found).not.toContain(m.school.id); // another channel's namesake
  });

  it('finds a member by id, the contact phone, and never takes % or _ as wildcards', async () => {
    expect(await ids({ q: String(m.a.id) })).toContain(m.a.id);
    expect(await ids({ q: String(m.a.id) })).not.toContain(m.b.id);
    expect(await ids({ phone: '045-5555-6666' })).toEqual([m.b.id]);
    expect(await ids({ q: '検索%' })).toEqual([]);
    expect(await ids({ email: `find_a` })).toEqual([]);
  });

  it.each([
    ['registered', 'a', 'b'],
    ['unverified', 'b', 'a'],
    ['guest', 'guest', 'a'],
    ['withdrawn', 'gone', 'a'],
    ['locked', 'locked', 'a'],
  ] as const)('the %s filter keeps its member and drops the others', async (status, must, mustNot) => {
    const found = await ids({ q: '検索', status });
    expect(found).toContain(m[must].id);
    expect(found).not.toContain(m[mustNot].id);
    if (status !== 'registered') expect(found).toEqual([m[must].id]);
  });

  it('answers each row with the columns of the list, and the other channel its own members', async () => {
    const { rows } = await search({ q: '検索一郎' });
    expect(rows).toEqual([
      expect.objectContaining({
        id: m.a.id,
        login: `find-a-${tag}`,
        name: '検索 一郎',
        kana: 'ケンサク イチロウ',
        email: `find-a-${tag}@example.jp`,
        phone: '0311112222',
        status: 'registered',
        locked: false,
        point_balance: 0,
        order_count: 0,
      }),
    ]);
    const locked = (await search({ q: '五郎' })).rows[0];
    expect(locked).toMatchObject({ id: m.locked.id, locked: true });
    expect((await search({ q: '検索一郎' }, { channel: 'school' })).rows.map((r) => r.id)).toEqual([m.school.id]);
  });

  it('pages 50 at a time, newest first, with the pagination headers', async () => {
    const base = Date.now() - 86_400_000;
    const made: number[] = [];
    for (let i = 0; i < CUSTOMERS_PER_PAGE + 5; i++) {
      const [u] = await shop.database.db
        .insert(users)
        .values({
          channel_id: 'default',
          username: `page-${i}-${tag}`,
          email: `page-${i}-${tag}@example.jp`,
          password_hash: 'x',
          last_name: '頁送',
          first_name: `${i}`,
          created_at: new Date(base + i * 1000),
        })
        .returning({ id: users.id });
      made.push(u.id);
    }
    const first = await search({ q: '頁送' });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].id).toBe(made.at(-1));
    expect(first.res.headers.get('x-total')).toBe('55');
    expect(first.res.headers.get('x-per-page')).toBe('50');
    expect(first.res.headers.get('x-last-page')).toBe('2');
    const second = await search({ q: '頁送', page: '2' });
    expect(second.rows.map((r) => r.id)).toEqual(made.slice(0, 5).reverse());
    expect(second.res.headers.get('x-current-page')).toBe('2');
  });

  it('refuses a bad status, a phone with letters and a bad page with Japanese messages', async () => {
    const res = await api('GET', '/customers?status=vip&phone=abc&page=0');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.status[0]).toContain('状態');
    expect(body.errors.phone).toEqual(['電話番号は数字で入力してください']);
    expect(body.errors.page[0]).toContain('ページ');
  });

  it("is staff's: an editor gets 403, a member token 401", async () => {
    const editor = await sessionOf(DEV_EDITOR);
    const res = await api('GET', '/customers', { token: editor });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('auth.forbidden');
    expect((await api('GET', `/customers/${m.a.id}`, { token: editor })).status).toBe(403);
    expect((await api('GET', '/customers', { token: await loginDemo(shop) })).status).toBe(401);
  });
});

describe('GET /admin/v1/customers/{id}', () => {
  it('shows the profile, addresses, ledger and logins, and none of the secrets', async () => {
    const [demo] = await shop.database.db.select().from(users).where(eq(users.username, 'demo'));
    await shop.database.db.insert(user_cards).values({
      user_id: demo.id,
      token: `tok_secret_${tag}`,
      token_key: `key_secret_${tag}`,
      name: 'VISA',
      masked_number: '************4242',
      expiration: '12/30',
    });
    await loginDemo(shop);
    const res = await api('GET', `/customers/${demo.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await res.text();
    for (const secret of [demo.password_hash, demo.security_answer_hash!, `tok_secret_${tag}`, `key_secret_${tag}`, '4242'])
      expect(text).not.toContain(secret);
    for (const key of ['password_hash', 'security_answer', '"token', 'token_key', 'masked_number']) expect(text).not.toContain(key);
    const body = customerDetailSchema.parse(JSON.parse(text));
    expect(body.profile).toMatchObject({
      id: demo.id,
      login: 'demo',
      last_name: '山田',
      first_name: '太郎',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'タロウ',
      phone_number: '0312345678',
      cell_phone_number: '09012345678',
      birthday: '1988-04-12',
      gender: 1,
      newsletter: 1,
      mfa_enabled: false,
      security_question_set: true,
      saved_card_count: 1,
      status: 'registered',
      locked: false,
    });
    expect(body.profile.email_verified_at).not.toBeNull();
    expect(body.addresses.map((a) => a.name)).toEqual(['自宅', '実家']);
    const ledger = await shop.database.db
      .select({ id: point_histories.id })
      .from(point_histories)
      .where(eq(point_histories.user_id, demo.id));
    expect(body.points.total).toBe(ledger.length);
    expect(body.points.balance).toBe(demo.point_balance);
    expect(body.points.ledger.length).toBeGreaterThan(0);
    expect(body.points.ledger[0]).toHaveProperty('status', 'granted');
    expect(body.logins[0]).toMatchObject({ succeeded: true });
  });

  it("is 404 for another channel's member and for an unknown id, 422 for a word", async () => {
    expect((await api('GET', `/customers/${m.school.id}`)).status).toBe(404);
    expect((await api('GET', `/customers/${m.school.id}`, { channel: 'school' })).status).toBe(200);
    expect((await api('GET', '/customers/2147483000')).status).toBe(404);
    expect((await api('GET', '/customers/abc')).status).toBe(422);
  });

  it('lists a withdrawn member as withdrawn, a guest as a guest', async () => {
    expect((await (await api('GET', `/customers/${m.gone.id}`)).json()).profile).toMatchObject({ status: 'withdrawn' });
    expect((await (await api('GET', `/customers/${m.guest.id}`)).json()).profile).toMatchObject({ status: 'guest', is_guest: true });
  });
});
