/** Cart route definitions (spec 7 /v1/carts/…): every change answers with the whole Cart. */
import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import { errorResponse, jsonBody, jsonResponse } from '../../../lib/openapi.ts';
import { requireAuth } from '../../../middleware/auth.ts';
import {
  cartAccessoryAddRequestSchema, cartAccessoryDeleteRequestSchema, cartAccessoryModifyRequestSchema, cartAddProductRequestSchema, cartAddSetRequestSchema, cartDecisionResponseSchema, cartDeleteProductRequestSchema, cartInitRequestSchema,
  cartModifyProductRequestSchema, cartOrderModifyRequestSchema, cartSchema, cartShippingAddRequestSchema,
  cartShippingResetRequestSchema, cartTokenParamSchema, cartTokenRequestSchema, orderNoParamSchema,
} from '#contracts/cart.ts';
import { orderSchema } from '#contracts/orders.ts';
import { cartDecisionActionSchema } from '#contracts/card-payments.ts';

const cartOk = jsonResponse(cartSchema, 'The whole cart');
const errors = {
  404: errorResponse('Unknown cart token, or a member\'s cart asked for without that member\'s token'),
  422: errorResponse('Invalid input or a cart rule (code: cart.common.is_expired, cart.stock.insufficient, …)'),
};
const tags = ['cart'];

/** A PATCH /v1/carts/… operation taking `schema` as its body. */
const patch = <T extends z.ZodType>(path: string, summary: string, schema: T) => createRoute({
  method: 'patch', path, tags, summary, request: { body: jsonBody(schema) }, responses: { 200: cartOk, ...errors },
});

export const init = createRoute({
  method: 'post', path: '/carts/init', tags,
  summary: 'The stored cart, or a new one; signed in, a guest cart is merged into the member\'s open cart (or adopted) and the member\'s cart is restored',
  request: { body: jsonBody(cartInitRequestSchema) }, responses: { 200: cartOk, 422: errors[422] },
});
export const get = createRoute({
  method: 'get', path: '/carts/{token}', tags, summary: 'A cart by token',
  request: { params: cartTokenParamSchema }, responses: { 200: cartOk, ...errors },
});
export const reset = patch('/carts/reset', 'Empty the cart', cartTokenRequestSchema);
export const add = patch('/carts/products/add', 'Add a product (merges into its line)', cartAddProductRequestSchema);
export const accessoryAdd = patch('/carts/accessories/add', 'Add an accessory of a line\'s product (its own line)', cartAccessoryAddRequestSchema);
export const accessoryModify = patch('/carts/accessories/modify', 'Set an accessory line\'s quantity', cartAccessoryModifyRequestSchema);
export const accessoryDelete = patch('/carts/accessories/delete', 'Remove an accessory line', cartAccessoryDeleteRequestSchema);
export const addSet = patch('/carts/add-set', 'Add several products at once (all or none)', cartAddSetRequestSchema);
export const modify = patch('/carts/products/modify', 'Set a line\'s quantity', cartModifyProductRequestSchema);
export const remove = patch('/carts/products/delete', 'Remove a line by key or products by id', cartDeleteProductRequestSchema);
export const shippingAdd = patch('/carts/shippings/add', 'Deliver to a saved address (login required)', cartShippingAddRequestSchema);
export const shippingReset = patch('/carts/shippings/reset', 'Clear the delivery address', cartShippingResetRequestSchema);
export const orderModify = patch('/carts/order/modify', 'Choose the payment method', cartOrderModifyRequestSchema);
export const decision = createRoute({
  method: 'post', path: '/carts/{token}/decision', tags, summary: 'Place the order (idempotent per cart)', middleware: [requireAuth],
  request: { params: cartTokenParamSchema },
  responses: {
    200: jsonResponse(cartDecisionResponseSchema, 'The order (the same one on a repeated call)'),
    202: jsonResponse(cartDecisionActionSchema, 'Card with 3-D Secure: nothing is ordered yet; send the shopper to redirect_url (they come back through POST /v1/carts/{token}/payment/3ds)'),
    401: errorResponse('Not signed in'), ...errors,
  },
});
export const order = createRoute({
  method: 'get', path: '/carts/order/{order_no}', tags, summary: 'The member\'s order by number', middleware: [requireAuth],
  request: { params: orderNoParamSchema },
  responses: { 200: jsonResponse(orderSchema, 'The order'), 401: errorResponse('Not signed in'), 404: errors[404] },
});
