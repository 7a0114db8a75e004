import { describe, expect, it } from 'vitest';
import {
  ApiError,
  firstErrorMessage,
  isChannelNotFound,
  isDisplayableError,
  isHandledError,
  isIgnoredError,
  isProductNotFoundCode,
} from '#api-client/core/errors.ts';

describe('ApiError predicates', () => {
  const plain = new ApiError({ status: 422, message: '在庫が不足しています。', code: 'cart.stock.insufficient' });
  const network = new ApiError({ status: 0, message: 'x', ignored: true });
  const redirect = new ApiError({ status: 401, message: 'x', handled: true });

  it('tells ignored, handled and displayable errors apart', () => {
    expect([isIgnoredError(network), isHandledError(redirect), isDisplayableError(plain)]).toEqual([true, true, true]);
    expect([isDisplayableError(network), isDisplayableError(redirect), isDisplayableError(new Error('x'))]).toEqual([false, false, false]);
  });

  it('recognises the channel-not-found message only on a 404', () => {
    expect(isChannelNotFound(404, 'The channel does not exist.')).toBe(true);
    expect(isChannelNotFound(422, 'The channel does not exist.')).toBe(false);
    expect(isChannelNotFound(404, '商品が見つかりません。')).toBe(false);
  });

  it('treats codes containing product_not_found and cart.update_products.not_sale as product-not-found', () => {
    expect(isProductNotFoundCode('cart.product_not_found')).toBe(true);
    expect(isProductNotFoundCode('cart.update_products.not_sale')).toBe(true);
    expect(isProductNotFoundCode('cart.common.is_expired')).toBe(false);
    expect(isProductNotFoundCode(undefined)).toBe(false);
  });

  it('shows the first field error, else the message', () => {
    expect(firstErrorMessage(new ApiError({ status: 422, message: 'm', errors: { a: ['一つ目'], b: ['二つ目'] } }))).toBe('一つ目');
    expect(firstErrorMessage(plain)).toBe('在庫が不足しています。');
    expect(firstErrorMessage('x')).toBe('エラーが発生しました');
  });
});
