/** The cart's lines (spec 7): products and sets added, changed, removed or divided among shippings, and accessories. */
import {
  cartAccessoryAddRequestSchema,
  cartAccessoryDeleteRequestSchema,
  cartAccessoryModifyRequestSchema,
  cartAddProductRequestSchema,
  cartAddSetRequestSchema,
  cartDeleteProductRequestSchema,
  cartModifyProductRequestSchema,
} from '#contracts/cart.ts';
import { cartDivideRequestSchema } from '#contracts/delivery.ts';
import { deliveryErrors, patch } from '../shared.ts';

export const add = patch('/carts/products/add', 'Add a product (merges into its line)', cartAddProductRequestSchema);
export const addSet = patch('/carts/add-set', 'Add several products at once (all or none)', cartAddSetRequestSchema);
export const accessoryAdd = patch(
  '/carts/accessories/add',
  "Add an accessory of a line's product (its own line)",
  cartAccessoryAddRequestSchema,
);
export const accessoryModify = patch('/carts/accessories/modify', "Set an accessory line's quantity", cartAccessoryModifyRequestSchema);
export const accessoryDelete = patch('/carts/accessories/delete', 'Remove an accessory line', cartAccessoryDeleteRequestSchema);
export const modify = patch('/carts/products/modify', "Set a line's quantity", cartModifyProductRequestSchema);
export const remove = patch('/carts/products/delete', 'Remove a line by key or products by id', cartDeleteProductRequestSchema);
export const divide = patch(
  '/carts/products/divide',
  'Move some (or all) of a line to another shipping',
  cartDivideRequestSchema,
  deliveryErrors,
);
