/**
 * The thanks page's `purchase` event (spec 9): pushed once per order and tab, however often the page
 * is reloaded (a sessionStorage mark per order number), with the value with or without tax per the
 * build's PURCHASE_VALUE_WITHOUT_TAX. Loaded on demand by the thanks island once the order is shown.
 */
import type { Order } from '#api-client/core/types.ts';
import { type LayerItem, pushPurchase } from './data-layer.ts';

const MARK_PREFIX = 'shop:purchase-pushed:';

/** The order's lines as data-layer items (the unit price with or without tax, like the value). */
export function purchaseItems(order: Pick<Order, 'items'>, withoutTax: boolean): LayerItem[] {
  return order.items.map((i) => ({
    item_id: i.code || i.key,
    item_name: i.name,
    quantity: i.quantity,
    price: withoutTax ? i.unit_price : i.unit_price_with_tax,
  }));
}

function tabStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: push anyway, once per page load
  }
}

/** Pushes `purchase` for the order unless this tab already did; true when it pushed. */
export function reportPurchase(order: Pick<Order, 'order_no' | 'items' | 'order'>, withoutTax: boolean): boolean {
  const store = tabStore();
  const mark = MARK_PREFIX + order.order_no;
  if (store?.getItem(mark)) return false;
  pushPurchase({ ...order.order, order_no: order.order_no }, purchaseItems(order, withoutTax), withoutTax);
  try {
    store?.setItem(mark, '1');
  } catch {
    // Storage full: the event is pushed; a reload might push it again.
  }
  return true;
}

/** The build's PURCHASE_VALUE_WITHOUT_TAX, written by the thanks page into a JSON block. */
export function purchaseValueWithoutTax(doc: Document = document): boolean {
  try {
    return JSON.parse(doc.getElementById('data-layer-settings')?.textContent ?? '{}').withoutTax === true;
  } catch {
    return false;
  }
}
