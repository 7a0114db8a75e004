/** Which checkout step a cart may see (spec 2 redirect rules for the cart and its checkout steps). */
import { describe, expect, it } from 'vitest';
import { toCart } from '#api-client/cart/reshape.ts';
import type { Cart } from '#api-client/core/types.ts';
import { requiredStepPath } from '#islands/checkout/useCheckoutCart.ts';
import { cart as wireCart } from './fixtures.ts';

const ready: Cart = { ...toCart(wireCart('t-1', [[1, 2]])), needsShipping: false, needsPayment: false, paymentId: 1 };
const withDelivery: Cart =
  ready.deliveries.length > 0
    ? ready
    : { ...ready, deliveries: [{ id: 1, userAddressId: 1, address: {} as Cart['deliveries'][number]['address'] }] };
const empty: Cart = { ...withDelivery, lines: [], count: 0 };

describe('checkout steps', () => {
  it('a cart initialisation that hit product-not-found on the confirm screen with an empty cart goes to /cart/', () => {
    expect(requiredStepPath(empty, 'confirm', true)).toBe('/cart/');
    expect(requiredStepPath(null, 'confirm', true)).toBe('/cart/');
  });
  it('a confirm screen whose cart still has lines after product-not-found stays (the updated cart is shown)', () => {
    expect(requiredStepPath(withDelivery, 'confirm', true)).toBeNull();
  });
  it('an empty cart on any step goes to /cart/', () => {
    for (const step of ['shipping', 'payment', 'confirm'] as const) expect(requiredStepPath(empty, step)).toBe('/cart/');
  });
  it('a cart without delivery address goes to the address step, one without payment to the payment step', () => {
    expect(requiredStepPath({ ...withDelivery, needsShipping: true }, 'payment')).toBe('/cart/shipping-select/');
    expect(requiredStepPath({ ...withDelivery, paymentId: null }, 'confirm')).toBe('/cart/payment/');
    expect(requiredStepPath({ ...withDelivery, paymentId: null }, 'payment')).toBeNull();
    expect(requiredStepPath(withDelivery, 'confirm')).toBeNull();
  });
});
