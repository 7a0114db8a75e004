/** A line's 名入れ刺繍: read back from storage, told apart, written for the shopper, checked in a form like the API. */
import { describe, expect, it } from 'vitest';
import { parseEmbroidery } from '#api-client/cart/add-to-cart.server.ts';
import { addErrorCode } from '#api-client/cart/add-to-cart-errors.ts';
import { ApiError } from '#api-client/core/errors.ts';
import { embroideryKey, embroideryLabel, embroideryOf } from '../../contracts/embroidery-choices.ts';
import { embroideryTextError } from '../../contracts/embroidery-rules.ts';
import { nameEmbroideryInputSchema } from '../../contracts/memorials.ts';

const NAME = { text: '山田 花子', font: 'mincho', color: 'gold' } as const;

describe('embroideryOf', () => {
  it('reads a stored embroidery and drops unknown keys', () => {
    expect(embroideryOf({ ...NAME, extra: 1 })).toEqual(NAME);
  });
  it('gives null for none or anything malformed', () => {
    for (const bad of [
      null,
      undefined,
      'x',
      [],
      {},
      { ...NAME, font: 'comic' },
      { ...NAME, color: 'pink' },
      { ...NAME, text: '' },
      { ...NAME, font: 'toString' },
    ]) {
      expect(embroideryOf(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('embroideryKey', () => {
  it('is equal only for the same text, font and colour; none is its own', () => {
    expect(embroideryKey({ ...NAME })).toBe(embroideryKey(NAME));
    expect(embroideryKey({ ...NAME, color: 'navy' })).not.toBe(embroideryKey(NAME));
    expect(embroideryKey({ ...NAME, text: '山田' })).not.toBe(embroideryKey(NAME));
    expect(embroideryKey(null)).toBe('');
    expect(embroideryKey(undefined)).toBe(embroideryKey(null));
  });
});

describe('embroideryLabel', () => {
  it('writes 「名入れ：text（書体・色）」', () => {
    expect(embroideryLabel(NAME)).toBe('名入れ：山田 花子（明朝体・金）');
    expect(embroideryLabel({ text: 'HANAKO', font: 'block', color: 'navy' })).toBe('名入れ：HANAKO（ブロック体・紺）');
  });
});

describe('embroideryTextError', () => {
  it('gives the same message as the API for each text', () => {
    for (const text of ['山田', '  ', '', 'I ♥ YOU', 'あいうえおかきくけこさしす', ' 佐々木 ', 'ｱｲｳ']) {
      const api = nameEmbroideryInputSchema.safeParse({ text, font: 'mincho', color: 'gold' });
      const apiMessage = api.success ? null : (api.error.issues.find((i) => i.path[0] === 'text')?.message ?? null);
      expect(embroideryTextError(text), text).toBe(apiMessage);
    }
  });
});

describe('the product page form', () => {
  const form = (fields: Record<string, string>) => ({ get: (n: string) => fields[n] ?? null });
  it('sends the embroidery only when 「名入れ刺繍をする」 is ticked', () => {
    expect(parseEmbroidery(form({ embroidery_text: '山田', embroidery_font: 'mincho', embroidery_color: 'gold' }))).toBeNull();
    expect(
      parseEmbroidery(form({ embroidery: '1', embroidery_text: '山田', embroidery_font: 'mincho', embroidery_color: 'gold' })),
    ).toEqual({ text: '山田', font: 'mincho', color: 'gold' });
    expect(parseEmbroidery(form({ embroidery: '1' }))).toEqual({ text: '', font: '', color: '' });
    expect(parseEmbroidery(null)).toBeNull();
  });
  it('names a refused embroidery for the page', () => {
    expect(
      addErrorCode(
        new ApiError({
          status: 422,
          message: '入力内容に誤りがあります。',
          code: 'common.validation',
          errors: { 'embroidery.text': ['刺繍する文字は12文字以内にしてください'] },
        }),
      ),
    ).toBe('embroidery');
    expect(addErrorCode(new ApiError({ status: 422, message: '承っておりません', code: 'cart.embroidery.not_allowed' }))).toBe(
      'embroidery',
    );
  });
});
