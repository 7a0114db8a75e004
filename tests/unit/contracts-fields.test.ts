/** Spec 5: the contract fields answer in Japanese with the field's name, and every request field has one. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as addresses from '#contracts/addresses.ts';
import * as auth from '#contracts/auth.ts';
import * as cart from '#contracts/cart.ts';
import * as common from '#contracts/common.ts';
import * as content from '#contracts/content.ts';
import { dbId, dbIdNumber, email, INT4_MAX, kana, phone, postalCode, quantity, tel, text } from '#contracts/fields.ts';
import { issuesToErrors, japaneseIssue } from '#contracts/issues.ts';
import { labelOf, labels } from '#contracts/labels.ts';
import * as orders from '#contracts/orders.ts';
import * as products from '#contracts/products.ts';
import * as user from '#contracts/user.ts';

/** The `errors` body a schema gives for `input` (no global zod config: the fields carry their messages). */
const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to fail`);
  return issuesToErrors(result.error);
};

describe('PUT /v1/me/user body ({} lists each required field with its Japanese message)', () => {
  it('names every missing field', () => {
    expect(errorsOf(user.userUpdateRequestSchema, {})).toEqual({
      email: ['メールアドレスは必須項目です'],
      last_name: ['姓は必須項目です'],
      first_name: ['名は必須項目です'],
      last_name_kana: ['セイは必須項目です'],
      first_name_kana: ['メイは必須項目です'],
    });
  });

  it('a wrong type on a text field reads as required, a blank name as required', () => {
    const errors = errorsOf(user.userUpdateRequestSchema, {
      email: 5,
      last_name: '  ',
      first_name: '名',
      last_name_kana: 'セイ',
      first_name_kana: 'メイ',
    });
    expect(errors).toEqual({ email: ['メールアドレスは必須項目です'], last_name: ['姓は必須項目です'] });
  });
});

describe('format rules of spec 5 with the field name substituted', () => {
  const form = z.object({
    last_name_kana: kana(),
    cell_phone_number: phone(),
    postal_code: postalCode(),
    email: email(),
    fax: tel(),
  });
  const valid = {
    last_name_kana: 'ヤマダ',
    cell_phone_number: '09012345678',
    postal_code: '150-0001',
    email: 'a@example.jp',
    fax: '03-1234-5678',
  };

  it('accepts valid values and turns the postal code into 7 digits', () => {
    expect(form.parse(valid)).toMatchObject({ postal_code: '1500001' });
  });

  it('kana: full-width katakana only', () => {
    expect(errorsOf(form, { ...valid, last_name_kana: 'やまだ' })).toEqual({ last_name_kana: ['セイは全角カタカナで入力してください'] });
  });

  it('post: 3 digits, optional hyphen, 4 digits', () => {
    expect(errorsOf(form, { ...valid, postal_code: '15-00001' })).toEqual({
      postal_code: ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'],
    });
  });

  it('phone: half-width digits, at most 11, no hyphen; blank allowed', () => {
    expect(errorsOf(form, { ...valid, cell_phone_number: '090-1234' })).toEqual({
      cell_phone_number: ['携帯電話番号は半角数字11桁以内（ハイフンなし）で入力してください'],
    });
    expect(form.safeParse({ ...valid, cell_phone_number: '' }).success).toBe(true);
  });

  it('tel: the spec-5 telephone format', () => {
    expect(errorsOf(form, { ...valid, fax: '12-34' })).toEqual({ fax: ['FAX番号は電話番号のフォーマットで入力してください'] });
  });

  it('email and max length', () => {
    expect(errorsOf(form, { ...valid, email: 'not-an-address' })).toEqual({
      email: ['メールアドレスは有効なメールアドレスではありません'],
    });
    expect(errorsOf(z.object({ city: text(5) }), { city: '123456' })).toEqual({ city: ['市区町村は5文字以内にしてください'] });
  });

  it('a NUL byte in any text field is refused with the field name', () => {
    expect(errorsOf(z.object({ city: text(50) }), { city: 'a\u0000b' })).toEqual({ city: ['市区町村に使用できない文字が含まれています'] });
  });

  it('an explicit label wins over the wire name', () => {
    expect(errorsOf(addresses.postalCodeQuerySchema, { code: 'x' })).toEqual({
      code: ['郵便番号は郵便番号の形式で入力してください。　例：123-4567'],
    });
  });
});

describe('integers stay inside the database column (int4)', () => {
  it('ids from a path or query are coerced from digits and bounded to 1..2147483647', () => {
    expect(dbId().parse('42')).toBe(42);
    expect(errorsOf(common.idParamSchema, { id: '99999999999' })).toEqual({ id: ['IDには1から2147483647までの数値を指定してください'] });
    expect(errorsOf(common.idParamSchema, { id: '0' })).toEqual({ id: ['IDには1から2147483647までの数値を指定してください'] });
    expect(errorsOf(common.idParamSchema, { id: 'abc' })).toEqual({ id: ['IDは整数で指定してください'] });
    expect(dbId().safeParse('1e3').success).toBe(false);
    expect(dbId().parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('body ids (product_id, user_address_id, payment_id, ids[]) and quantity are bounded', () => {
    expect(errorsOf(cart.cartAddProductRequestSchema, { token: 't', product_id: 99999999999, quantity: 1 })).toEqual({
      product_id: ['商品には1から2147483647までの数値を指定してください'],
    });
    expect(errorsOf(cart.cartShippingAddRequestSchema, { token: 't', user_address_id: 99999999999 })).toEqual({
      user_address_id: ['お届け先には1から2147483647までの数値を指定してください'],
    });
    expect(errorsOf(cart.cartOrderModifyRequestSchema, { token: 't', payment_id: 99999999999 })).toEqual({
      payment_id: ['お支払い方法には1から2147483647までの数値を指定してください'],
    });
    expect(errorsOf(cart.cartDeleteProductRequestSchema, { token: 't', ids: [1, 99999999999] })).toEqual({
      'ids.1': ['商品には1から2147483647までの数値を指定してください'],
    });
    expect(errorsOf(z.object({ quantity: quantity() }), { quantity: 100 })).toEqual({
      quantity: ['数量には1から99までの数値を指定してください'],
    });
    expect(dbIdNumber().safeParse('5').success).toBe(false); // a JSON body sends numbers
  });

  it('page and per are bounded; per=all only where the spec allows it', () => {
    expect(errorsOf(products.productListQuerySchema, { page: '100001', per: '101' })).toEqual({
      page: ['ページには1から100000までの数値を指定してください'],
      per: ['表示件数には1から100までの数値を指定してください'],
    });
    expect(products.productListQuerySchema.safeParse({ per: 'all' }).success).toBe(false);
    expect(content.contentListQuerySchema.parse({ per: 'all' })).toEqual({ per: 'all' });
    expect(errorsOf(content.contentListQuerySchema, { per: 'many' })).toEqual({ per: ['選択された表示件数は正しくありません'] });
  });
});

describe('labels', () => {
  it('takes the last named segment of a path (array indexes skipped)', () => {
    expect(labelOf(['ids', 3])).toBe('商品');
    expect(labelOf(['detail', 'postal_code'])).toBe('郵便番号');
    expect(labelOf([])).toBe('入力値');
  });

  it('every request field of the contract has a Japanese name', () => {
    const modules = { addresses, auth, cart, common, content, orders, products, user };
    const missing: string[] = [];
    for (const [mod, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (!/(Request|Query|Param|Input)Schema$/.test(name) || !(value instanceof z.ZodObject)) continue;
        for (const key of Object.keys(value.shape)) if (!labels[key]) missing.push(`${mod}.${name}.${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('issues of schemas outside the fields still read in Japanese (the map the API installs)', () => {
    const result = z.object({ sort: z.enum(['new']), page: z.number() }).safeParse({ sort: 'old' }, { error: (iss) => japaneseIssue(iss) });
    expect(issuesToErrors(result.error!)).toEqual({ sort: ['選択された並び順は正しくありません'], page: ['ページは必須項目です'] });
  });
});
