/** Cart (spec 7 /v1/carts/…): every change answers with the whole Cart. */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import { createRouter } from '../../lib/router.ts';
import { requireAuth } from '../../middleware/auth.ts';
import {
  addProduct, addShipping, buildCart, deleteProducts, initCart, modifyProduct, mutateCart, readCart, resetCart, resetShippings,
  setPayment, type CartRow,
} from '../../services/cart.ts';
import { decideCart, getOrderByNo } from '../../services/orders.ts';
import {
  cartAddProductRequestSchema, cartDecisionResponseSchema, cartDeleteProductRequestSchema, cartInitRequestSchema,
  cartModifyProductRequestSchema, cartOrderModifyRequestSchema, cartSchema, cartShippingAddRequestSchema,
  cartShippingResetRequestSchema, cartTokenParamSchema, cartTokenRequestSchema, orderNoParamSchema,
} from '#contracts/cart.ts';
import { errorBodySchema } from '#contracts/common.ts';
import { orderSchema } from '#contracts/orders.ts';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const body = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const cartOk = json(cartSchema, 'The whole cart');
const errors = {
  404: json(errorBodySchema, 'Unknown cart token'),
  422: json(errorBodySchema, 'Invalid input or a cart rule (code: cart.common.is_expired, cart.stock.insufficient, …)'),
};
const tags = ['cart'];

/** A PATCH /v1/carts/… operation taking `schema` as its body. */
const patch = <T extends z.ZodType>(path: string, summary: string, schema: T) => createRoute({
  method: 'patch', path, tags, summary, request: { body: body(schema) }, responses: { 200: cartOk, ...errors },
});

const routes = {
  init: createRoute({
    method: 'post', path: '/carts/init', tags, summary: 'The stored cart, or a new one',
    request: { body: body(cartInitRequestSchema) }, responses: { 200: cartOk, 422: errors[422] },
  }),
  get: createRoute({
    method: 'get', path: '/carts/{token}', tags, summary: 'A cart by token',
    request: { params: cartTokenParamSchema }, responses: { 200: cartOk, ...errors },
  }),
  reset: patch('/carts/reset', 'Empty the cart', cartTokenRequestSchema),
  add: patch('/carts/products/add', 'Add a product (merges into its line)', cartAddProductRequestSchema),
  modify: patch('/carts/products/modify', 'Set a line\'s quantity', cartModifyProductRequestSchema),
  remove: patch('/carts/products/delete', 'Remove a line by key or products by id', cartDeleteProductRequestSchema),
  shippingAdd: patch('/carts/shippings/add', 'Deliver to a saved address (login required)', cartShippingAddRequestSchema),
  shippingReset: patch('/carts/shippings/reset', 'Clear the delivery address', cartShippingResetRequestSchema),
  orderModify: patch('/carts/order/modify', 'Choose the payment method', cartOrderModifyRequestSchema),
  decision: createRoute({
    method: 'post', path: '/carts/{token}/decision', tags, summary: 'Place the order (idempotent per cart)', middleware: [requireAuth],
    request: { params: cartTokenParamSchema },
    responses: { 200: json(cartDecisionResponseSchema, 'The order (the same one on a repeated call)'), 401: json(errorBodySchema, 'Not signed in'), ...errors },
  }),
  order: createRoute({
    method: 'get', path: '/carts/order/{order_no}', tags, summary: 'The member\'s order by number', middleware: [requireAuth],
    request: { params: orderNoParamSchema },
    responses: { 200: json(orderSchema, 'The order'), 401: json(errorBodySchema, 'Not signed in'), 404: errors[404] },
  }),
};

const show = async (c: Context<AppEnv>, cart: CartRow) =>
  buildCart(c.get('db'), cart, c.get('channel').id, c.get('user'));

/** Runs a change on the request's cart (locked, checked, expiry slid). */
const change = (c: Context<AppEnv>, token: string, fn: Parameters<typeof mutateCart>[5]) =>
  mutateCart(c.get('db'), c.get('env'), c.get('channel').id, c.get('user'), token, fn);

export const cartRoutes = createRouter()
  .openapi(routes.init, async (c) => {
    const cart = await initCart(c.get('db'), c.get('env'), c.get('channel').id, c.get('user'), c.req.valid('json'));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.get, async (c) => {
    const cart = await readCart(c.get('db'), c.get('channel').id, c.get('user'), c.req.valid('param').token);
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.reset, async (c) => {
    const cart = await change(c, c.req.valid('json').token, (tx, cart) => resetCart(tx, cart));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.add, async (c) => {
    const { token, product_id, quantity } = c.req.valid('json');
    const cart = await change(c, token, (tx, cart) => addProduct(tx, c.get('channel').id, cart, product_id, quantity));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.modify, async (c) => {
    const { token, key, quantity } = c.req.valid('json');
    const cart = await change(c, token, (tx, cart) => modifyProduct(tx, c.get('channel').id, cart, key, quantity));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.remove, async (c) => {
    const { token, key, ids } = c.req.valid('json');
    const cart = await change(c, token, (tx, cart) => deleteProducts(tx, cart, key, ids));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.shippingAdd, async (c) => {
    const { token, user_address_id } = c.req.valid('json');
    const cart = await change(c, token, (tx, cart) => addShipping(tx, cart, c.get('user'), user_address_id));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.shippingReset, async (c) => {
    const cart = await change(c, c.req.valid('json').token, (tx, cart) => resetShippings(tx, cart));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.orderModify, async (c) => {
    const { token, payment_id } = c.req.valid('json');
    const cart = await change(c, token, (tx, cart) => setPayment(tx, cart, payment_id));
    return c.json(await show(c, cart), 200);
  })
  .openapi(routes.decision, async (c) => {
    const result = await decideCart(c.get('db'), c.get('channel'), c.get('user')!, c.req.valid('param').token);
    return c.json({ order_no: result.order_no, order_id: result.order_id }, 200);
  })
  .openapi(routes.order, async (c) => {
    const order = await getOrderByNo(c.get('db'), c.get('user')!.id, c.req.valid('param').order_no);
    return c.json(order, 200);
  });
