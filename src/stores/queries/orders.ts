/** The member's orders: paged history and one order. */
import type { ReadableAtom } from 'nanostores';
import { getOrder, listOrders } from '#api-client/mypage/orders.ts';
import { createFetcherStore, holdAtLeast } from './client.ts';
import { orderKeys } from './keys.ts';

/** Order history for the page in `$page`. */
export function createOrderListStore($page: ReadableAtom<number>) {
  return createFetcherStore([orderKeys.listPrefix, $page], {
    fetcher: (_prefix, page) => holdAtLeast(listOrders({ page: Number(page) })),
  });
}

/** One order of the member. */
export function createOrderStore(id: number | string) {
  return createFetcherStore([orderKeys.detail(id)], { fetcher: () => holdAtLeast(getOrder(id)) });
}
