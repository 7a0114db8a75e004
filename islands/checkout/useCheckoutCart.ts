/**
 * Loads the cart for a checkout step and sends the shopper back when a step is missing: an empty
 * cart goes to /cart/ (spec 2: also after a product-not-found on the confirm screen), a cart
 * without delivery address to the address step, one without payment to the payment step.
 */

import type { Cart } from '#api-client/core/types.ts';
import { cartProductNotFoundRedirect } from '#lib/redirects.ts';
import { cartPath, cartPaymentPath, cartShippingSelectPath } from '#lib/routes.ts';
import { useCartStore } from '#stores/cart.ts';
import { useEffect, useState } from '../common/react.ts';

export type CheckoutStep = 'shipping' | 'payment' | 'confirm';

/** Where a cart must go before `step` can be shown, or null when the step is reachable. */
export function requiredStepPath(cart: Cart | null, step: CheckoutStep, productNotFound = false): string | null {
  const empty = !cart || cart.lines.length === 0;
  const afterNotFound = productNotFound ? cartProductNotFoundRedirect({ onConfirmScreen: step === 'confirm', cartEmpty: empty }) : null;
  if (afterNotFound) return afterNotFound;
  if (!cart || empty) return cartPath;
  if (step === 'shipping') return null;
  // A social gift has no address: the receiver enters it through the link.
  if (cart.needsShipping || (cart.deliveries.length === 0 && !cart.socialGift)) return cartShippingSelectPath;
  if (step === 'payment') return null;
  if (cart.needsPayment || cart.paymentId === null) return cartPaymentPath;
  return null;
}

/** The current cart once loaded and valid for `step` (null while loading or redirecting). */
export function useCheckoutCart(step: CheckoutStep): Cart | null {
  const cart = useCartStore((s) => s.cart);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    void useCartStore
      .getState()
      .init()
      .then((loaded) => {
        const redirect = requiredStepPath(loaded, step, useCartStore.getState().productNotFound);
        if (redirect) window.location.replace(redirect);
        else setChecked(true);
      });
  }, [step]);

  // Later updates (choosing an address, a payment) keep the step on screen while they run.
  return checked ? cart : null;
}
