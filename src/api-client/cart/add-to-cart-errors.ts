/**
 * What the product page says when the plain add-to-cart form failed. The endpoint redirects back
 * with a short code (never the server's text: a message in the URL could be forged by anyone).
 */
import { ApiError, CLIENT_CODES, isProductNotFoundCode } from '../core/errors.ts';

export const ADD_ERROR_PARAM = 'cart_error';

export const ADD_ERROR_MESSAGES = {
  stock: '在庫が不足しているため、カートに入れられませんでした。数量を減らしてお試しください。',
  not_sale: 'この商品は現在販売しておりません。',
  quantity: '数量を選択してください。',
  embroidery:
    "名入れ刺繍の内容をご確認ください。刺繍する文字は12文字以内で、ひらがな・カタカナ・漢字・英数字・スペースと記号（・ー.&'-）が使えます。",
  login: 'ログインの有効期限が切れました。再度ログインしてからカートに入れてください。',
  failed: 'カートに入れられませんでした。時間をおいて再度お試しください。',
} as const;

export type AddErrorCode = keyof typeof ADD_ERROR_MESSAGES;

/** The code for a failed add. */
export function addErrorCode(error: unknown): AddErrorCode {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 401 || error.code === CLIENT_CODES.unauthenticated) return 'login';
  if (error.code === 'cart.stock.insufficient') return 'stock';
  if (isProductNotFoundCode(error.code)) return 'not_sale';
  if (error.code === 'cart.quantity.max' || (error.status === 422 && error.errors?.quantity)) return 'quantity';
  if (error.code === 'cart.embroidery.not_allowed' || Object.keys(error.errors ?? {}).some((k) => k.startsWith('embroidery')))
    return 'embroidery';
  return 'failed';
}

/** The message for a `cart_error` query value, or null for none or an unknown value. */
export function addErrorMessage(code: string | null): string | null {
  return code && code in ADD_ERROR_MESSAGES ? ADD_ERROR_MESSAGES[code as AddErrorCode] : null;
}
