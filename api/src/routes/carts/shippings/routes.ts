/** The cart's shippings (spec 7): the address or addresses, delivery date and slot, wrapping and のし, and the 備考. */
import { cartShippingAddRequestSchema, cartShippingResetRequestSchema } from '#contracts/cart.ts';
import {
  cartOtherModifyRequestSchema,
  cartPackingAddRequestSchema,
  cartPackingModifyRequestSchema,
  cartShippingModifyRequestSchema,
} from '#contracts/delivery.ts';
import { deliveryErrors, patch } from '../shared.ts';

export const shippingAdd = patch('/carts/shippings/add', 'Deliver to a saved address (login required)', cartShippingAddRequestSchema);
export const shippingReset = patch('/carts/shippings/reset', 'Clear the delivery address', cartShippingResetRequestSchema);
export const shippingModify = patch(
  '/carts/shippings/modify',
  "Change one shipping's address, delivery date or time slot",
  cartShippingModifyRequestSchema,
  deliveryErrors,
);
export const packingAdd = patch('/carts/packings/add', "Set a shipping's wrapping and のし", cartPackingAddRequestSchema, deliveryErrors);
export const packingModify = patch(
  '/carts/packings/modify',
  "Change a shipping's wrapping or のし (fields given only)",
  cartPackingModifyRequestSchema,
  deliveryErrors,
);
export const otherModify = patch(
  '/carts/other/modify',
  'Set the 備考 (at most 500 characters)',
  cartOtherModifyRequestSchema,
  deliveryErrors,
);
