/** What the /v1/carts/… route definitions share: the whole-Cart answer, the cart's errors, the tag and the PATCH shape. */
import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import { cartSchema } from '#contracts/cart.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';

export const cartOk = jsonResponse(cartSchema, 'The whole cart');
export const cartErrors = {
  404: errorResponse("Unknown cart token, or a member's cart asked for without that member's token"),
  422: errorResponse('Invalid input or a cart rule (code: cart.common.is_expired, cart.stock.insufficient, …)'),
};
export const tags = ['cart'];

/** A PATCH /v1/carts/… operation taking `schema` as its body, answering the whole Cart or `errors`. */
export const patch = <T extends z.ZodType>(path: string, summary: string, schema: T, errors: typeof cartErrors = cartErrors) =>
  createRoute({
    method: 'patch',
    path,
    tags,
    summary,
    request: { body: jsonBody(schema) },
    responses: { 200: cartOk, ...errors },
  });

/** The errors of the cart's delivery operations (errors by field). */
export const deliveryErrors = {
  404: cartErrors[404],
  422: errorResponse('Invalid input or a cart rule (errors by field: shipping_id, delivery_date, packing_key, noshi_type, …)'),
};
