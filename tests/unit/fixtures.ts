/** Wire objects that satisfy the contract schemas, for unit tests. */

import type { Address } from '#contracts/addresses.ts';
import type { Cart } from '#contracts/cart.ts';
import type { Order } from '#contracts/orders.ts';
import type { Product } from '#contracts/products.ts';

export function product(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    key: `p${id}`,
    name: `商品${id}`,
    code: `C-${id}`,
    description: '',
    product_price: 1000,
    before_price: null,
    product_price_with_tax: 1100,
    tax_rate: 10,
    brand: null,
    maker: null,
    product_model: null,
    image: `/images/p${id}.jpg`,
    images: [],
    is_stock_available: true,
    is_favorite: false,
    created_at: '2026-01-01T00:00:00.000Z',
    color: null,
    color_code: null,
    size: null,
    stock_status: 'in_stock',
    discount_rate: null,
    review_avg: null,
    review_count: 0,
    embroiderable: false,
    ...overrides,
  };
}

export const address: Address = {
  id: 1,
  division_ct: 1,
  name: '自宅',
  shipping_name: '',
  last_name: '山田',
  first_name: '花子',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  postal_code: '1500001',
  formatted_postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address1: '神宮前1-1-1',
  address2: '',
  combined_address: '東京都渋谷区神宮前1-1-1 ',
  full_address: '〒150-0001 東京都渋谷区神宮前1-1-1 ',
  phone_number: '0312345678',
  cell_phone_number: null,
  is_default: true,
};

const totals = {
  subtotal: 0,
  subtotal_with_tax: 0,
  total_tax: 0,
  total_carriage: 0,
  total_packing: 0,
  total_fee: 0,
  total_discount: 0,
  use_point: 0,
  total_payment: 0,
  amount_by_tax_rate: [],
};

/** A cart with the given [productId, quantity] lines. */
export function cart(token: string, lines: Array<[number, number]> = []): Cart {
  return {
    token,
    expires_at: '2026-12-31T00:00:00.000Z',
    detail: {
      products: lines.map(([id, quantity]) => ({
        key: `line-${id}`,
        product_info: product(id),
        unit_price: 1000,
        unit_price_with_tax: 1100,
        tax_rate: 10,
        quantity,
        tax_amount: 100 * quantity,
        subtotal: 1000 * quantity,
        subtotal_with_tax: 1100 * quantity,
        coupon_discount_parts: [],
      })),
      shippings: [],
      coupons: [],
      order: totals,
      others: {},
    },
    payment_id: null,
    payment_name: null,
    order_no: null,
    is_social_gift: false,
    social_gift: null,
    flags: { is_decidable: false, needs_shipping: true, needs_payment: true, needs_login: true },
  };
}

export function order(id: number): Order {
  return {
    id,
    order_no: `2026-${id}`,
    status: 'ordered',
    status_label: 'ご注文受付',
    ordered_at: '2026-04-01T03:05:00.000Z',
    payment_id: 1,
    payment_name: '代金引換',
    items: [],
    shippings: [],
    order: totals,
    user_order_total_payment: 0,
    cancel_reason: null,
    cancel_only_ecd_key: null,
  };
}
