/**
 * A product's accessories as the cart offers them (GET /v1/products/{key}/accessories, spec 3:
 * cached per product key). Asked without the bearer, as the product page's shelf does, so the answer
 * stays shared-cacheable; only what the cart shows is decoded (not the whole product).
 */

import type { Product } from '#contracts/products.ts';
import { type CallOptions, seg } from '../core/call.ts';
import { array, boolean, type Decoder, int, object, string } from '../core/guard.ts';
import { request } from '../core/http.ts';

/** One accessory a cart line's product offers. */
export interface AccessoryOffer {
  id: number;
  name: string;
  priceWithTax: number;
  inStock: boolean;
}

const offerWire: Decoder<Pick<Product, 'id' | 'name' | 'product_price_with_tax' | 'is_stock_available'>> = /* @__PURE__ */ object({
  id: int,
  name: string,
  product_price_with_tax: int,
  is_stock_available: boolean,
});
const offersWire: Decoder<AccessoryOffer[]> = (body, p) =>
  array(offerWire)(body, p).map((a) => ({ id: a.id, name: a.name, priceWithTax: a.product_price_with_tax, inStock: a.is_stock_available }));

/** GET /v1/products/{key}/accessories: what the product's cart line can take as accessories. */
export async function listProductAccessories(productKey: string, opts: CallOptions = {}): Promise<AccessoryOffer[]> {
  return (await request('GET', `/v1/products/${seg(productKey)}/accessories`, { parse: offersWire, signal: opts.signal, auth: false }))
    .data;
}
