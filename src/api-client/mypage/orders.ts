/** The member's orders (spec 7 "Orders"). */
import type { Pagination } from '#contracts/common.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array } from '../core/guard.ts';
import { request } from '../core/http.ts';
import { PER_PAGE, paginationOrSinglePage, readPagination } from '../core/pagination.ts';
import type { Order } from '../core/types.ts';
import { orderWire } from '../wire/order.ts';

// The thanks page's call (getCartOrder) is src/api-client/checkout/cart-order.ts, not re-exported here:
// a re-export would make every order screen load that module's chunk.

export interface OrderList {
  items: Order[];
  pagination: Pagination;
}

/** GET /v1/me/orders?page&per → newest first, with pagination (10 per page by default). */
export async function listOrders(query: { page?: number; per?: number } = {}, opts: CallOptions = {}): Promise<OrderList> {
  const res = await request('GET', '/v1/me/orders', { query, parse: array(orderWire), signal: opts.signal });
  return { items: res.data, pagination: paginationOrSinglePage(readPagination(res.headers), res.data.length, query.per ?? PER_PAGE.other) };
}

/** GET /v1/me/orders/{id}. */
export async function getOrder(id: number | string, opts: CallOptions = {}): Promise<Order> {
  return (await request('GET', `/v1/me/orders/${seg(id)}`, { parse: orderWire, signal: opts.signal })).data;
}

/** PUT /v1/me/orders/{id}/cancel → the cancelled order (its `cancel_only_ecd_key` names a warning, if any). */
export async function cancelOrder(id: number | string, cancelReason: string, opts: CallOptions = {}): Promise<Order> {
  return (
    await request('PUT', `/v1/me/orders/${seg(id)}/cancel`, {
      body: { cancel_reason: cancelReason },
      parse: orderWire,
      signal: opts.signal,
    })
  ).data;
}

/** GET /v1/me/orders/{id}/download/receipt?name= → the receipt PDF (a blob to save as a file). */
export async function downloadReceipt(id: number | string, name: string, opts: CallOptions = {}): Promise<Blob> {
  return (
    await request<Blob>('GET', `/v1/me/orders/${seg(id)}/download/receipt`, { query: { name }, responseType: 'blob', signal: opts.signal })
  ).data;
}
