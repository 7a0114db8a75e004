/**
 * Wire → storefront conversions of the cart and its totals (pure). Conversions used by one resource
 * only live in that resource's module (payments.ts, settings.ts), out of the cart pages' bundle.
 */
import type { CartOrder } from '#contracts/cart.ts';
import type { Cart, CartLine, TaxRate, Totals } from '../core/types.ts';
import type { CartWire } from '../wire/cart.ts';

/** The reduced 8 % rate applies to food and drink only, so it is how the storefront tells food apart. */
export function isFoodTaxRate(taxRate: TaxRate): boolean {
  return taxRate === 8;
}

/** Cart or order totals in the storefront's names, rates highest first. */
export function toTotals(order: CartOrder): Totals {
  return {
    subtotalWithTax: order.subtotal_with_tax,
    carriage: order.total_carriage,
    fee: order.total_fee,
    packing: order.total_packing,
    discount: order.total_discount,
    usePoint: order.use_point,
    tax: order.total_tax,
    payment: order.total_payment,
    byTaxRate: [...order.amount_by_tax_rate]
      .sort((a, b) => b.tax_rate - a.tax_rate)
      .map((r) => ({ taxRate: r.tax_rate, total: r.total, tax: r.tax })),
    earnPoint: order.earn_point ?? 0,
  };
}

/** The wire cart reshaped for the screens. */
export function toCart(wire: CartWire): Cart {
  const lines: CartLine[] = wire.detail.products.map((p) => ({
    key: p.key,
    productId: p.product_info.id,
    productKey: p.product_info.key,
    name: p.product_info.name,
    image: p.product_info.image,
    unitPriceWithTax: p.unit_price_with_tax,
    quantity: p.quantity,
    subtotalWithTax: p.subtotal_with_tax,
    taxRate: p.tax_rate,
    isFood: isFoodTaxRate(p.tax_rate),
    parentKey: p.parent_key ?? null,
    embroidery: p.embroidery,
  }));
  return {
    token: wire.token,
    lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    hasFood: lines.some((l) => l.isFood),
    totals: toTotals(wire.detail.order),
    deliveries: wire.detail.shippings.map((s) => ({
      id: s.id,
      userAddressId: s.user_address_id,
      address: s.address,
      productKeys: s.product_keys ?? [],
      deliveryDate: s.delivery_date ?? null,
      deliveryTimezone: s.delivery_timezone ?? null,
      deliveryTimezoneLabel: s.delivery_timezone_label ?? '指定なし',
      packingKey: s.packing_key ?? null,
      packingName: s.packing_name ?? null,
      packingFee: s.packing_fee ?? 0,
      noshiType: s.noshi_type ?? null,
      noshiName: s.noshi_name ?? null,
      noshiFee: s.noshi_fee ?? 0,
      carriage: s.carriage ?? 0,
    })),
    paymentId: wire.payment_id,
    paymentName: wire.payment_name,
    orderNo: wire.order_no,
    needsShipping: wire.flags.needs_shipping,
    needsPayment: wire.flags.needs_payment,
    isDecidable: wire.flags.is_decidable,
    note: wire.detail.others?.note ?? '',
    socialGift:
      wire.is_social_gift && wire.social_gift ? { senderName: wire.social_gift.sender_name, message: wire.social_gift.message } : null,
    coupons: wire.detail.coupons ?? [],
    carriage: wire.carriage ? { fee: wire.carriage.fee, freeFrom: wire.carriage.free_from, campaign: wire.carriage.campaign } : null,
    transactionError: wire.transaction_error ?? null,
  };
}
