/** Business-rule errors of the cart and its decision; the storefront matches on the codes (spec section 8). */
import { unprocessable } from '../../lib/errors.ts';

export const cartErrors = {
  expired: () => unprocessable('カートの有効期限が切れました。もう一度商品をカートに入れてください。', 'cart.common.is_expired'),
  ordered: () => unprocessable('このカートのご注文は確定済みです。', 'cart.common.is_ordered'),
  // Spec 8: a code containing product_not_found, or cart.update_products.not_sale, makes the storefront reset the cart.
  productNotFound: () => unprocessable('商品が見つかりません。', 'cart.product_not_found'),
  notSale: (name: string) => unprocessable(`「${name}」は現在販売しておりません。`, 'cart.update_products.not_sale'),
  stock: (name: string, left: number) =>
    unprocessable(
      left > 0 ? `「${name}」の在庫が不足しています（残り${left}点）。` : `「${name}」は在庫切れです。`,
      'cart.stock.insufficient',
    ),
  lineNotFound: () => unprocessable('カート内の商品が見つかりません。', 'cart.item.not_found'),
  notEmbroiderable: (name: string) =>
    unprocessable(`「${name}」は名入れ刺繍を承っておりません。`, 'cart.embroidery.not_allowed', {
      embroidery: ['この商品は名入れ刺繍を承っておりません'],
    }),
  tooMany: () => unprocessable('一度にご注文いただける数量は99点までです。', 'cart.quantity.max'),
  addressNotFound: () => unprocessable('お届け先が見つかりません。', 'cart_detail.set_user_address.not_data'),
  paymentNotAvailable: () => unprocessable('選択されたお支払い方法はご利用いただけません。', 'cart.payment.not_available'),
  empty: () => unprocessable('カートに商品がありません。', 'cart.decision.empty'),
  noShipping: () => unprocessable('お届け先を選択してください。', 'cart.decision.shipping_required'),
  noPayment: () => unprocessable('お支払い方法を選択してください。', 'cart.decision.payment_required'),
  sellingStopped: () => unprocessable('ただいま販売を一時停止しております。再開まで今しばらくお待ちください。', 'cart.selling_stopped'),
};
