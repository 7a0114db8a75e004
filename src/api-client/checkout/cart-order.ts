/** The order just placed, for the thanks page (spec 4 "Order complete"). */

import { type CallOptions, seg } from '../core/call.ts';
import { request } from '../core/http.ts';
import type { Order } from '../core/types.ts';
import { orderWire } from '../wire/order.ts';

/** GET /v1/carts/order/{order_no}: the member's own order just placed (404 for anyone else's). */
export async function getCartOrder(orderNo: string, opts: CallOptions = {}): Promise<Order> {
  return (await request('GET', `/v1/carts/order/${seg(orderNo)}`, { parse: orderWire, signal: opts.signal })).data;
}
