/**
 * The browser's small decoders agree with the zod contracts (issue 5: zod out of the first load,
 * wire shapes converted to storefront types in the API client).
 */
import { describe, expect, it } from 'vitest';
import { CARRIAGE_RULE, yenToFreeCarriage } from '#api-client/cart/carriage.ts';
import { toCart } from '#api-client/cart/reshape.ts';
import { DecodeError, readErrorBody } from '#api-client/core/guard.ts';
import { toOrderTerms } from '#api-client/site/settings.ts';
import { cartWire } from '#api-client/wire/cart.ts';
import { orderWire } from '#api-client/wire/order.ts';
import { productWire } from '#api-client/wire/product.ts';
import { CARRIAGE, cartSchema } from '#contracts/cart.ts';
import { orderSchema } from '#contracts/orders.ts';
import { productSchema } from '#contracts/products.ts';
import { returnTerms } from '#islands/checkout/Confirm.tsx';
import { orderShipments } from '#islands/mypage/OrderDetail.tsx';
import { address, cart, order, product } from './fixtures.ts';

describe('wire decoders match the contracts', () => {
  it('decode what the contract parses to the same value (unknown keys dropped)', () => {
    const wire = cart('t', [
      [1, 2],
      [2, 1],
    ]);
    const withExtra = {
      ...wire,
      surprise: 1,
      detail: { ...wire.detail, products: wire.detail.products.map((p) => ({ ...p, extra: true })) },
    };
    const parsed = cartSchema.parse(withExtra);
    // The cart decoder keeps what the storefront reads: the contract's cart, narrowed.
    expect(cartWire(withExtra)).toEqual({
      token: parsed.token,
      payment_id: parsed.payment_id,
      payment_name: parsed.payment_name,
      order_no: parsed.order_no,
      detail: {
        products: parsed.detail.products.map((p) => ({
          key: p.key,
          unit_price_with_tax: p.unit_price_with_tax,
          tax_rate: p.tax_rate,
          quantity: p.quantity,
          subtotal_with_tax: p.subtotal_with_tax,
          product_info: { id: p.product_info.id, key: p.product_info.key, name: p.product_info.name, image: p.product_info.image },
        })),
        shippings: parsed.detail.shippings.map((s) => ({ id: s.id, user_address_id: s.user_address_id, address: s.address })),
        order: parsed.detail.order,
        others: parsed.detail.others,
        coupons: parsed.detail.coupons,
      },
      flags: {
        is_decidable: parsed.flags.is_decidable,
        needs_shipping: parsed.flags.needs_shipping,
        needs_payment: parsed.flags.needs_payment,
      },
      is_social_gift: parsed.is_social_gift,
      social_gift: parsed.social_gift,
    });
    expect(orderWire(order(1))).toEqual(orderSchema.parse(order(1)));
    const { name: _label, ...delivery } = address;
    const shipped = {
      ...order(2),
      note: '宅配ボックスへ',
      items: [
        {
          key: 'l1',
          code: 'A-1',
          name: '湯呑み',
          image: null,
          unit_price: 1000,
          unit_price_with_tax: 1100,
          tax_rate: 10 as const,
          quantity: 2,
          tax_amount: 200,
          subtotal_with_tax: 2200,
        },
      ],
      shippings: [
        {
          address: delivery,
          product_keys: ['l1'],
          delivery_date: '2026-12-01',
          delivery_timezone_label: '午前中',
          packing_name: 'ギフトラッピング',
          packing_fee: 330,
          noshi_type: '御祝',
          noshi_name: '山田',
          noshi_fee: 110,
          carriage: 660,
        },
      ],
    };
    expect(orderWire(shipped)).toEqual(orderSchema.parse(shipped));
    // The my-page detail shows it with the checkout's shipment list.
    expect(orderShipments(orderWire(shipped))).toEqual({
      deliveries: [
        {
          id: 1,
          userAddressId: null,
          address: delivery,
          productKeys: ['l1'],
          deliveryDate: '2026-12-01',
          deliveryTimezoneLabel: '午前中',
          packingName: 'ギフトラッピング',
          packingFee: 330,
          noshiType: '御祝',
          noshiName: '山田',
          noshiFee: 110,
          carriage: 660,
        },
      ],
      lines: [{ key: 'l1', name: '湯呑み', quantity: 2 }],
      note: '宅配ボックスへ',
    });
    expect(productWire(product(3))).toEqual(productSchema.parse(product(3)));
  });

  it('reject what the contract rejects, saying where', () => {
    const bad = { ...product(1), tax_rate: 5 };
    expect(productSchema.safeParse(bad).success).toBe(false);
    expect(() => productWire(bad)).toThrow(DecodeError);
    const broken = cart('t', [[1, 1]]);
    (broken.detail.products[0] as { quantity: unknown }).quantity = '1';
    expect(() => cartWire(broken)).toThrow(/detail\.products\[0\]\.quantity/);
    const badProduct = cart('t', [[1, 1]]);
    (badProduct.detail.products[0].product_info as { name: unknown }).name = null;
    expect(() => cartWire(badProduct)).toThrow(/detail\.products\[0\]\.product_info\.name/);
  });

  it('read an error body leniently, never throwing', () => {
    expect(readErrorBody({ message: 'x', code: 'c', errors: { a: ['e'] } })).toEqual({ message: 'x', code: 'c', errors: { a: ['e'] } });
    expect(readErrorBody({ message: 3, errors: { a: 'e' } })).toEqual({});
    expect(readErrorBody('Not Found')).toEqual({});
  });
});

describe('storefront types', () => {
  it('the cart is reshaped: lines, count, totals, deliveries, and food from the reduced 8 % rate', () => {
    const wire = cart('t', [
      [1, 2],
      [2, 1],
    ]);
    wire.detail.products[1].tax_rate = 8;
    const c = toCart(wire);
    expect(c.count).toBe(3);
    expect(c.lines.map((l) => [l.name, l.isFood])).toEqual([
      ['商品1', false],
      ['商品2', true],
    ]);
    expect(c.hasFood).toBe(true);
    expect(toCart(cart('t', [[1, 1]])).hasFood).toBe(false);
    expect(c).toMatchObject({ token: 't', paymentId: null, needsShipping: true, deliveries: [] });
  });

  it('delivery and return terms come from the settings; the food rule only with food in the cart', () => {
    const terms = toOrderTerms({
      'ORDER.DELIVERY_LEAD_TIME': '3〜5営業日',
      'ORDER.RETURN_POLICY': '7日以内',
      'ORDER.RETURN_POLICY_FOOD': '食品は返品不可',
      other: 1,
    });
    expect(terms).toEqual({ deliveryLeadTime: '3〜5営業日', returnPolicy: '7日以内', returnPolicyFood: '食品は返品不可' });
    expect(returnTerms(terms, { hasFood: false })).toEqual(['7日以内']);
    expect(returnTerms(terms, { hasFood: true })).toEqual(['7日以内', '食品は返品不可']);
    expect(toOrderTerms({ 'ORDER.RETURN_POLICY': ' ' })).toEqual({ deliveryLeadTime: null, returnPolicy: null, returnPolicyFood: null });
  });

  it("the cart page's carriage hint uses the contract's carriage rule", () => {
    expect(CARRIAGE_RULE).toEqual(CARRIAGE);
    expect(yenToFreeCarriage(CARRIAGE.freeFrom - 100)).toBe(100);
    expect(yenToFreeCarriage(CARRIAGE.freeFrom + 1)).toBe(0);
  });
});
