/**
 * PUT /v1/me/user as the 会員情報 edit screen uses it: every user field of spec 3 except the
 * username, the member's current password required to confirm (spec 5 "Password is required on the
 * user form"), one of the two phones required (required_without_all), Japanese messages by field, and
 * only the signed-in member's own row changes. A guest purchase's member needs no password.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../api/src/db/schema/index.ts';
import { PASSWORD_CHECK_LIMIT } from '../../api/src/services/users/index.ts';
import { createMember, MEMBER_PASSWORD } from './account-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

const run = randomBytes(4).toString('hex');
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

async function memberToken(username: string): Promise<string> {
  await createMember(shop, username);
  const res = await shop.request('POST', '/v1/auth/login', { body: { username, password: MEMBER_PASSWORD } });
  expect(res.status).toBe(200);
  return (await res.json()).access_token;
}

const fields = (email: string) => ({
  email,
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  school: '青葉学園',
  phone_number: '0312345678',
  cell_phone_number: null,
  contact_phone_number: '0455556666',
  fax: '0312340000',
  job: '会社員',
  gender: 2,
  birthday: '1991-02-03',
  newsletter: 1,
});

describe('PUT /v1/me/user (会員情報の変更)', () => {
  it('saves every user field with the current password; the username stays; GET shows the change', async () => {
    const name = `uinfo${run}a`;
    const token = await memberToken(name);
    const res = await shop.request('PUT', '/v1/me/user', {
      token,
      body: { ...fields(`${name}-new@example.jp`), password: MEMBER_PASSWORD, username: 'someone-else' },
    });
    expect(res.status).toBe(200);
    const expected = {
      username: name,
      email: `${name}-new@example.jp`,
      school: '青葉学園',
      contact_phone_number: '0455556666',
      fax: '0312340000',
      job: '会社員',
      gender: 2,
      birthday: '1991-02-03',
      newsletter: 1,
    };
    expect(await res.json()).toMatchObject(expected);
    const me = await (await shop.request('GET', '/v1/me/user', { token })).json();
    expect(me).toMatchObject(expected);
    expect(me).not.toHaveProperty('password');
    // Clearing the optional fields stores null.
    const cleared = await shop.request('PUT', '/v1/me/user', {
      token,
      body: { ...fields(`${name}-new@example.jp`), school: null, fax: '', job: null, password: MEMBER_PASSWORD },
    });
    expect(await cleared.json()).toMatchObject({ school: null, job: null });
  });

  it('without the password, or with a wrong one, nothing changes: 422 on password in Japanese', async () => {
    const name = `uinfo${run}b`;
    const token = await memberToken(name);
    const missing = await shop.request('PUT', '/v1/me/user', { token, body: fields('changed-b@example.jp') });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ password: ['パスワードは必須項目です'] });
    const wrong = await shop.request('PUT', '/v1/me/user', {
      token,
      body: { ...fields('changed-b@example.jp'), password: 'not-my-password' },
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      code: 'user.password.mismatch',
      errors: { password: ['現在のパスワードが正しくありません。'] },
    });
    const [row] = await shop.database.db.select().from(users).where(eq(users.username, name));
    expect(row.email).toBe(`${name}@example.jp`);
    expect(row.last_name).toBe('試験');
  });

  it('refuses bad fields with the spec-5 messages by field, and both phones empty (いずれかは必須項目です)', async () => {
    const token = await memberToken(`uinfo${run}c`);
    const bad = await shop.request('PUT', '/v1/me/user', {
      token,
      body: {
        ...fields('not-an-address'),
        password: MEMBER_PASSWORD,
        first_name_kana: 'はなこ',
        fax: '03-1234-0000',
        last_name: '',
        contact_phone_number: '012345678901',
        job: 'x'.repeat(101),
        gender: 9,
        birthday: '2001-02-30',
      },
    });
    expect(bad.status).toBe(422);
    const { errors } = await bad.json();
    expect(Object.keys(errors).sort()).toEqual([
      'birthday',
      'contact_phone_number',
      'email',
      'fax',
      'first_name_kana',
      'gender',
      'job',
      'last_name',
    ]);
    expect(errors.first_name_kana).toEqual(['メイは全角カタカナで入力してください']);
    expect(errors.last_name[0]).toBe('姓は必須項目です');
    const noPhone = await shop.request('PUT', '/v1/me/user', {
      token,
      body: { ...fields('ok-c@example.jp'), phone_number: '', cell_phone_number: null, password: MEMBER_PASSWORD },
    });
    expect(noPhone.status).toBe(422);
    expect((await noPhone.json()).errors).toEqual({
      phone_number: ['いずれかは必須項目です'],
      cell_phone_number: ['いずれかは必須項目です'],
    });
    // Not JSON of an object, or no body: 422, never 500.
    expect((await shop.request('PUT', '/v1/me/user', { token, body: [] })).status).toBe(422);
  });

  it('changes only the signed-in member: another member is untouched, and signed out is 401', async () => {
    const a = `uinfo${run}d`;
    const b = `uinfo${run}e`;
    const tokenA = await memberToken(a);
    await memberToken(b);
    // A's password does not open B's row; B's e-mail is refused as taken.
    const taken = await shop.request('PUT', '/v1/me/user', {
      token: tokenA,
      body: { ...fields(`${b}@example.jp`), password: MEMBER_PASSWORD },
    });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors.email).toEqual(['このメールアドレスは既に登録されています']);
    expect(
      (await shop.request('PUT', '/v1/me/user', { token: tokenA, body: { ...fields(`${a}-x@example.jp`), password: MEMBER_PASSWORD } }))
        .status,
    ).toBe(200);
    const [rowB] = await shop.database.db.select().from(users).where(eq(users.username, b));
    expect(rowB).toMatchObject({ email: `${b}@example.jp`, last_name: '試験', school: null });
    expect((await shop.request('PUT', '/v1/me/user', { body: { ...fields('x@example.jp'), password: MEMBER_PASSWORD } })).status).toBe(401);
  });

  it('password checks are rate-limited per member (429 with Retry-After)', async () => {
    const token = await memberToken(`uinfo${run}f`);
    for (let i = 0; i < PASSWORD_CHECK_LIMIT; i++) {
      expect((await shop.request('PUT', '/v1/me/user', { token, body: { ...fields('f@example.jp'), password: 'wrong-one' } })).status).toBe(
        422,
      );
    }
    const limited = await shop.request('PUT', '/v1/me/user', { token, body: { ...fields('f@example.jp'), password: MEMBER_PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it("a guest purchase's member fills its details without a password", async () => {
    const dummy = await shop.request('GET', '/v1/users/dummy');
    const { access_token } = await dummy.json();
    const res = await shop.request('PUT', '/v1/me/user', {
      token: access_token,
      body: {
        email: 'guest@example.jp',
        last_name: '高橋',
        first_name: '美咲',
        last_name_kana: 'タカハシ',
        first_name_kana: 'ミサキ',
        phone_number: '0312345678',
      },
    });
    expect(res.status).toBe(200);
  });
});
