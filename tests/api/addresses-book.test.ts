/**
 * The address book of my-page (spec 7 "Address book"): CRUD scoped to the member (someone else's
 * address is 404), DELETE /v1/me/user-addresses-all, the CSV import (UTF-8 with and without BOM,
 * Shift_JIS built here byte by byte, errors by line with nothing added, the x-limit, non-CSV
 * content) and the CSV export.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT } from '#contracts/addresses.ts';
import { user_addresses } from '../../api/src/db/schema/index.ts';
import { shiftJis } from '../support/shift-jis.ts';
import { createMember, MEMBER_PASSWORD, run } from './account-support.ts';
import { createTestShop, type TestShop } from './helpers.ts';

let shop: TestShop;
const id = run();
beforeAll(async () => {
  shop = await createTestShop();
}, 180_000);
afterAll(async () => {
  await shop?.close();
});

/** A new member with a session: their id and access token. */
async function member(name: string) {
  const m = await createMember(shop, `ab${id}${name}`);
  const res = await shop.request('POST', '/v1/auth/login', { body: { username: m.username, password: MEMBER_PASSWORD } });
  expect(res.status).toBe(200);
  return { id: m.id, token: (await res.json()).access_token as string };
}

const address = {
  name: '自宅',
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address1: '神宮前1-2-3',
  address2: 'テストビル4F',
  phone_number: '0312345678',
};

/** POSTs a file as multipart/form-data under `file`. */
function upload(token: string, bytes: Uint8Array, filename = 'addresses.csv', type = 'text/csv') {
  const form = new FormData();
  form.append('file', new File([bytes as BlobPart], filename, { type }));
  return Promise.resolve(
    shop.app.request('/v1/me/user-addresses/import', {
      method: 'POST',
      body: form,
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Channel-Id': 'default', Authorization: `Bearer ${token}` },
    }),
  );
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const HEADER = 'お届け先名,姓,名,セイ,メイ,郵便番号,都道府県,市区町村,番地,建物名,電話番号';

async function list(token: string) {
  const res = await shop.request('GET', '/v1/me/user-addresses', { token });
  expect(res.status).toBe(200);
  return res.json() as Promise<{ id: number; name: string; last_name: string; postal_code: string; is_default: boolean; city: string }[]>;
}

describe("address CRUD, only the member's own", () => {
  it('adds, reads, edits, defaults and deletes; another member gets 404 for each and changes nothing', async () => {
    const a = await member('crud1');
    const b = await member('crud2');
    const first = await shop.request('POST', '/v1/me/user-addresses', { token: a.token, body: address });
    expect(first.status).toBe(201);
    const one = await first.json();
    expect(one).toMatchObject({ name: '自宅', postal_code: '1500001', formatted_postal_code: '150-0001', is_default: true });
    const second = await (
      await shop.request('POST', '/v1/me/user-addresses', { token: a.token, body: { ...address, name: '実家', city: '港区' } })
    ).json();
    expect(second.is_default).toBe(false);

    // Member B: every call on A's address is 404, and A's data is untouched.
    for (const [method, path, body] of [
      ['GET', `/v1/me/user-addresses/${second.id}`, undefined],
      ['PUT', `/v1/me/user-addresses/${second.id}`, { ...address, city: '盗み区' }],
      ['PATCH', `/v1/me/user-addresses/${second.id}/use`, undefined],
      ['DELETE', `/v1/me/user-addresses/${second.id}`, undefined],
    ] as const) {
      const res = await shop.request(method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).message).toMatch(/お届け先が見つかりません/);
    }
    expect(await list(b.token)).toEqual([]);
    const still = await (await shop.request('GET', `/v1/me/user-addresses/${second.id}`, { token: a.token })).json();
    expect(still).toMatchObject({ city: '港区', is_default: false });

    const edited = await shop.request('PUT', `/v1/me/user-addresses/${second.id}`, {
      token: a.token,
      body: { ...address, name: '実家', city: '目黒区' },
    });
    expect((await edited.json()).city).toBe('目黒区');
    expect((await (await shop.request('PATCH', `/v1/me/user-addresses/${second.id}/use`, { token: a.token })).json()).is_default).toBe(
      true,
    );
    const after = await list(a.token);
    expect(after.map((x) => [x.id, x.is_default])).toEqual([
      [second.id, true],
      [one.id, false],
    ]);
    expect((await shop.request('DELETE', `/v1/me/user-addresses/${second.id}`, { token: a.token })).status).toBe(204);
    expect((await list(a.token)).map((x) => [x.id, x.is_default])).toEqual([[one.id, true]]);
  });

  it("DELETE /v1/me/user-addresses-all removes every address of the caller and nobody else's", async () => {
    const a = await member('all1');
    const b = await member('all2');
    for (const city of ['渋谷区', '港区', '新宿区'])
      await shop.request('POST', '/v1/me/user-addresses', { token: a.token, body: { ...address, city } });
    await shop.request('POST', '/v1/me/user-addresses', { token: b.token, body: address });
    expect((await shop.request('DELETE', '/v1/me/user-addresses-all')).status).toBe(401);
    expect((await shop.request('DELETE', '/v1/me/user-addresses-all', { token: a.token })).status).toBe(204);
    expect(await list(a.token)).toEqual([]);
    expect(await list(b.token)).toHaveLength(1);
    // Nothing left: still 204.
    expect((await shop.request('DELETE', '/v1/me/user-addresses-all', { token: a.token })).status).toBe(204);
  });
});

describe('POST /v1/me/user-addresses/import', () => {
  it('imports a UTF-8 file with BOM, quoted cells and CRLF; the first row becomes the default of an empty book', async () => {
    const a = await member('imp1');
    const text = `\uFEFF${HEADER}\r\n"自宅",山田,花子,ヤマダ,ハナコ,150-0001,東京都,渋谷区,"神宮前1-2-3","ビル ""A"" 4F",0312345678\r\n,鈴木,一郎,スズキ,イチロウ,5300001,大阪府,大阪市北区,梅田1-1-1,,0612345678\r\n,,,,,,,,,,\r\n`;
    const res = await upload(a.token, utf8(text));
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('x-limit')).toBe(String(ADDRESS_LIMIT));
    const body = await res.json();
    expect(body.imported).toBe(2);
    expect(body.addresses).toHaveLength(2);
    expect(body.addresses[0]).toMatchObject({
      name: '自宅',
      last_name: '山田',
      address2: 'ビル "A" 4F',
      postal_code: '1500001',
      is_default: true,
    });
    expect(body.addresses[1]).toMatchObject({
      name: '',
      last_name: '鈴木',
      prefecture: '大阪府',
      postal_code: '5300001',
      is_default: false,
    });
  });

  it('imports UTF-8 without BOM (LF, columns in another order, optional columns left out) and Shift_JIS', async () => {
    const a = await member('imp2');
    const noBom =
      '電話番号,姓,名,セイ,メイ,郵便番号,都道府県,市区町村,番地\n0311112222,佐藤,次郎,サトウ,ジロウ,1000001,東京都,千代田区,千代田1-1\n';
    const r1 = await upload(a.token, utf8(noBom));
    expect(r1.status, await r1.clone().text()).toBe(201);
    expect((await r1.json()).addresses[0]).toMatchObject({ last_name: '佐藤', phone_number: '0311112222', address2: '', name: '' });

    const sjis = shiftJis(`${HEADER}\r\n実家,髙橋,健太,タカハシ,ケンタ,060-0001,北海道,札幌市中央区,北一条西１－２,ﾊｲﾂ①,0111234567\r\n`);
    // Not valid UTF-8: the server has to tell the encodings apart.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(sjis)).toThrow();
    const r2 = await upload(a.token, sjis);
    expect(r2.status, await r2.clone().text()).toBe(201);
    const body = await r2.json();
    expect(body.imported).toBe(1);
    expect(body.addresses.find((x: { name: string }) => x.name === '実家')).toMatchObject({
      last_name: '髙橋',
      first_name: '健太',
      last_name_kana: 'タカハシ',
      prefecture: '北海道',
      city: '札幌市中央区',
      address1: '北一条西１－２',
      address2: 'ﾊｲﾂ①',
      postal_code: '0600001',
      is_default: false,
    });
  });

  it('accepts a header row ending with a comma, as Excel saves an empty last column, and rows with trailing empty cells', async () => {
    const a = await member('imp6');
    const text = `${HEADER},\r\n自宅,山田,花子,ヤマダ,ハナコ,150-0001,東京都,渋谷区,神宮前1-2-3,,0312345678,\r\n,鈴木,一郎,スズキ,イチロウ,5300001,大阪府,大阪市北区,梅田1-1-1,,,,\r\n,,,,,,,,,,,\r\n`;
    const res = await upload(a.token, utf8(text));
    expect(res.status, await res.clone().text()).toBe(201);
    expect(
      (await res.json()).addresses.map((x: { last_name: string; phone_number: string | null }) => [x.last_name, x.phone_number]),
    ).toEqual([
      ['山田', '0312345678'],
      ['鈴木', null],
    ]);
    // A cell beyond the header that is not empty is still a row that does not match the header.
    const extra = await upload(a.token, utf8(`${HEADER},\n,佐藤,次郎,サトウ,ジロウ,1000001,東京都,千代田区,千代田1-1,,,余り\n`));
    expect(extra.status).toBe(422);
    expect((await extra.json()).errors.line_2[0]).toContain('列の数が見出し行と違います');
  });

  it('lists every bad row by line and field and adds nothing', async () => {
    const a = await member('imp3');
    await shop.request('POST', '/v1/me/user-addresses', { token: a.token, body: address });
    const text = [
      HEADER,
      '自宅,山田,花子,ヤマダ,ハナコ,150-0001,東京都,渋谷区,神宮前1-2-3,,0312345678',
      ',,花子,やまだ,ハナコ,12-345,東京都,渋谷区,神宮前1-2-3,,03-1234-5678',
      ',山田,花子,ヤマダ,ハナコ,1500001,東京,渋谷区,神宮前1-2-3,,0312345678',
      ',山田,花子',
      ',山田,花子,ヤマダ,ハナコ,1500001,東京都,渋谷区,"神宮前\n1-2",,0312345678',
      ',山田,花子,ヤマダ,ハナコ,1500001,東京都,渋谷区,,,',
    ].join('\r\n');
    const res = await upload(a.token, utf8(text));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('user_address.import.invalid');
    expect(body.message).toMatch(/CSV/);
    expect(body.errors).toEqual({
      'line_3.last_name': ['姓は必須項目です'],
      'line_3.last_name_kana': ['セイは全角カタカナで入力してください'],
      'line_3.postal_code': ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'],
      'line_3.phone_number': ['電話番号は11文字以内にしてください', '電話番号は半角数字11桁以内（ハイフンなし）で入力してください'],
      'line_4.prefecture': ['選択された都道府県は正しくありません'],
      line_5: ['列の数が見出し行と違います（見出し11列、この行3列）。'],
      'line_6.address1': ['番地に使用できない文字が含まれています'],
      // The record on line 6 spans two lines: the next starts on line 8.
      'line_8.address1': ['番地は必須項目です'],
    });
    // Line 2 was fine, but nothing was added.
    expect(await list(a.token)).toHaveLength(1);
  });

  it('refuses the file as a whole: no file, not .csv, binary, bad encoding, bad header, empty, too large, beyond the x-limit', async () => {
    const a = await member('imp4');
    const fileError = async (res: Response) => {
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(Object.keys(body.errors)).toEqual(['file']);
      return body.errors.file[0] as string;
    };
    // No multipart body at all, and a form without the file.
    expect(await fileError(await shop.request('POST', '/v1/me/user-addresses/import', { token: a.token, body: { file: 'x' } }))).toBe(
      'CSVファイルを選択してください。',
    );
    expect((await shop.request('POST', '/v1/me/user-addresses/import', { body: {} })).status).toBe(401);
    expect(await fileError(await upload(a.token, utf8(HEADER), 'addresses.xlsx'))).toMatch(/拡張子 \.csv/);
    expect(await fileError(await upload(a.token, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])))).toMatch(
      /CSVファイルではありません/,
    );
    expect(await fileError(await upload(a.token, utf8('a,b\u0001c\n')))).toMatch(/CSVファイルではありません/);
    // 0xFF is neither UTF-8 nor Shift_JIS.
    expect(await fileError(await upload(a.token, new Uint8Array([0x41, 0xff, 0xfe, 0x42])))).toMatch(/文字コード/);
    expect(await fileError(await upload(a.token, new Uint8Array(0)))).toBe('ファイルが空です。');
    expect(await fileError(await upload(a.token, utf8('姓,名,住所\n山田,花子,東京\n')))).toMatch(/不明な列があります：住所/);
    expect(await fileError(await upload(a.token, utf8('姓,名\n山田,花子\n')))).toMatch(
      /必須の列がありません：郵便番号、都道府県、市区町村、番地$/,
    );
    expect(await fileError(await upload(a.token, utf8(`${HEADER},姓\n`)))).toMatch(/同じ列が複数あります：姓/);
    expect(await fileError(await upload(a.token, utf8(`${HEADER}\n`)))).toMatch(/お届け先の行がありません/);
    expect(await fileError(await upload(a.token, utf8(`${HEADER}\n"自宅,山田\n`)))).toMatch(/閉じられていない/);
    const big = utf8(`${HEADER}\n${`,山田,花子,ヤマダ,ハナコ,1500001,東京都,渋谷区,神宮前1-2-3,,0312345678\n`.repeat(12_000)}`);
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    expect(await fileError(await upload(a.token, big))).toBe('ファイルサイズは1MB以下にしてください。');

    // The x-limit: 18 saved, a file of 3 is refused whole; a file of 2 fits.
    const db = shop.database.db;
    await db.insert(user_addresses).values(
      Array.from({ length: ADDRESS_LIMIT - 2 }, (_, i) => ({
        user_id: a.id,
        last_name: '山田',
        first_name: `${i}`,
        postal_code: '1500001',
        prefecture: '東京都',
        city: '渋谷区',
        address1: '1',
        is_default: i === 0,
      })),
    );
    const row = ',山田,花子,ヤマダ,ハナコ,1500001,東京都,渋谷区,神宮前1-2-3,,0312345678';
    expect(await fileError(await upload(a.token, utf8(`${HEADER}\n${row}\n${row}\n${row}\n`)))).toBe(
      `登録できるお届け先は${ADDRESS_LIMIT}件までです。あと2件まで登録できます（ファイルには3件あります）。`,
    );
    expect((await db.select().from(user_addresses).where(eq(user_addresses.user_id, a.id))).length).toBe(ADDRESS_LIMIT - 2);
    const fits = await upload(a.token, utf8(`${HEADER}\n${row}\n${row}\n`));
    expect(fits.status).toBe(201);
    expect((await fits.json()).addresses).toHaveLength(ADDRESS_LIMIT);
    // Full: one more is refused, and so is a single add.
    expect(await fileError(await upload(a.token, utf8(`${HEADER}\n${row}\n`)))).toMatch(/あと0件/);
    expect((await shop.request('POST', '/v1/me/user-addresses', { token: a.token, body: address })).status).toBe(422);
  });
  it('two imports at once cannot pass the x-limit together: one is added, the other refused whole', async () => {
    const a = await member('imp5');
    await shop.database.db.insert(user_addresses).values(
      Array.from({ length: ADDRESS_LIMIT - 2 }, (_, i) => ({
        user_id: a.id,
        last_name: '山田',
        first_name: `${i}`,
        postal_code: '1500001',
        prefecture: '東京都',
        city: '渋谷区',
        address1: '1',
        is_default: i === 0,
      })),
    );
    const row = ',山田,花子,ヤマダ,ハナコ,1500001,東京都,渋谷区,神宮前1-2-3,,0312345678';
    const file = utf8(`${HEADER}\n${row}\n${row}\n`);
    const statuses = (
      await Promise.all([
        upload(a.token, file),
        upload(a.token, file),
        shop.request('POST', '/v1/me/user-addresses', { token: a.token, body: address }),
      ])
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect((await list(a.token)).length).toBeLessThanOrEqual(ADDRESS_LIMIT);
  });
});

describe('GET /v1/me/user-addresses/export', () => {
  it("answers the member's addresses as a UTF-8 CSV with BOM, as an attachment, which imports again as it is", async () => {
    const a = await member('exp1');
    const b = await member('exp2');
    await shop.request('POST', '/v1/me/user-addresses', { token: a.token, body: address });
    await shop.request('POST', '/v1/me/user-addresses', {
      token: a.token,
      body: {
        ...address,
        name: '=HYPERLINK("x")',
        address2: 'ビル "A", 4F',
        postal_code: '0600001',
        prefecture: '北海道',
        city: '札幌市中央区',
      },
    });
    // Saved without kana and phone (the API and the form allow it): exported with empty cells, imported again.
    await shop.request('POST', '/v1/me/user-addresses', {
      token: a.token,
      body: { ...address, name: '電話なし', last_name_kana: '', first_name_kana: '', phone_number: null, address2: '' },
    });
    await shop.request('POST', '/v1/me/user-addresses', { token: b.token, body: { ...address, last_name: '他人' } });

    expect((await shop.request('GET', '/v1/me/user-addresses/export')).status).toBe(401);
    const res = await shop.request('GET', '/v1/me/user-addresses/export', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="addresses-\d{8}\.csv"; filename\*=UTF-8''/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    expect(text.split('\r\n')).toEqual([
      HEADER.split(',')
        .map((h) => `"${h}"`)
        .join(','),
      '"自宅","山田","花子","ヤマダ","ハナコ","150-0001","東京都","渋谷区","神宮前1-2-3","テストビル4F","0312345678"',
      `"'=HYPERLINK(""x"")","山田","花子","ヤマダ","ハナコ","060-0001","北海道","札幌市中央区","神宮前1-2-3","ビル ""A"", 4F","0312345678"`,
      '"電話なし","山田","花子","","","150-0001","東京都","渋谷区","神宮前1-2-3","",""',
      '',
    ]);
    expect(text).not.toContain('他人');

    // The export imports again (into an empty book) with the same values.
    const c = await member('exp3');
    const again = await upload(c.token, bytes);
    expect(again.status, await again.clone().text()).toBe(201);
    const copied = (await again.json()).addresses;
    expect(
      copied.map((x: { name: string; address2: string; postal_code: string; phone_number: string | null }) => [
        x.name,
        x.address2,
        x.postal_code,
        x.phone_number,
      ]),
    ).toEqual([
      ['自宅', 'テストビル4F', '1500001', '0312345678'],
      ['=HYPERLINK("x")', 'ビル "A", 4F', '0600001', '0312345678'],
      ['電話なし', '', '1500001', null],
    ]);
  });
});
