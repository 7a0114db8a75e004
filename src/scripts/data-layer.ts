/**
 * A `window.dataLayer` for analytics (spec 9): view_item, add_to_cart and purchase in the GA4
 * e-commerce shape, item categories up to 5 levels (item_category … item_category5), and the purchase
 * value with or without tax per PURCHASE_VALUE_WITHOUT_TAX (a site setting; the page passes the
 * build's value). Only the array is written: no third-party script is loaded here. Every page's
 * page_view is ./page-view.ts, apart so that pages without e-commerce events do not load this.
 */

export interface LayerProduct {
  id: number;
  key: string;
  code: string;
  name: string;
  product_price: number;
  product_price_with_tax: number;
  brand: { name: string } | null;
  product_model: { categories: { name: string }[] } | null;
}

export interface LayerItem {
  item_id: string;
  item_name: string;
  item_brand?: string;
  price: number;
  quantity: number;
  item_category?: string;
  item_category2?: string;
  item_category3?: string;
  item_category4?: string;
  item_category5?: string;
}

/** item_category … item_category5 from the first five category names (spec 9: up to 5 levels). */
export function itemCategories(names: string[]): Partial<LayerItem> {
  const keys = ['item_category', 'item_category2', 'item_category3', 'item_category4', 'item_category5'] as const;
  return Object.fromEntries(
    names
      .filter(Boolean)
      .slice(0, 5)
      .map((n, i) => [keys[i], n]),
  );
}

/** A product as a data-layer item; the price with or without tax, like the value. */
export function layerItem(p: LayerProduct, quantity = 1, withoutTax = false): LayerItem {
  return {
    item_id: p.code || p.key,
    item_name: p.name,
    ...(p.brand ? { item_brand: p.brand.name } : {}),
    price: withoutTax ? p.product_price : p.product_price_with_tax,
    quantity,
    ...itemCategories(p.product_model?.categories.map((c) => c.name) ?? []),
  };
}

/** The order figures the purchase value is taken from (the wire Order's `order`). */
export interface LayerOrder {
  order_no: string;
  total_payment: number;
  total_tax: number;
  total_carriage: number;
}

/** The purchase value: the total paid, less the consumption tax when the setting says so. */
export function purchaseValue(order: LayerOrder, withoutTax: boolean): number {
  return withoutTax ? order.total_payment - order.total_tax : order.total_payment;
}

type Layer = Record<string, unknown>[];
const layer = (): Layer => {
  const w = window as unknown as { dataLayer?: Layer };
  return (w.dataLayer ??= []);
};

/** Pushes one e-commerce event, clearing the previous ecommerce object first (GA4's advice). */
function push(event: string, ecommerce: Record<string, unknown>): void {
  layer().push({ ecommerce: null });
  layer().push({ event, ecommerce });
}

export function pushViewItem(p: LayerProduct, withoutTax = false): void {
  const item = layerItem(p, 1, withoutTax);
  push('view_item', { currency: 'JPY', value: item.price, items: [item] });
}

export function pushAddToCart(p: LayerProduct, quantity: number, withoutTax = false): void {
  const item = layerItem(p, quantity, withoutTax);
  push('add_to_cart', { currency: 'JPY', value: item.price * quantity, items: [item] });
}

export function pushPurchase(order: LayerOrder, items: LayerItem[], withoutTax: boolean): void {
  push('purchase', {
    transaction_id: order.order_no,
    currency: 'JPY',
    value: purchaseValue(order, withoutTax),
    tax: order.total_tax,
    shipping: order.total_carriage,
    items,
  });
}
