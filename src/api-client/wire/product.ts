/** Decoders of a product (catalogue calls). */
import type { Product, ProductModel, ProductRef, StockStatus } from '#contracts/products.ts';
import { array, boolean, type Decoder, int, literal, nullable, number, object, optional, string } from '../core/guard.ts';
import { taxRate } from './common.ts';

const ref: Decoder<ProductRef> = /* @__PURE__ */ object({ id: int, key: string, name: string });
/** `embroiderable`: only a true is a yes (an answer without the flag offers no embroidery). */
const yesOnly: Decoder<boolean> = (v) => v === true;
const stockStatus: Decoder<StockStatus> = /* @__PURE__ */ literal('in_stock', 'low', 'out');

export const productModelWire: Decoder<ProductModel> = /* @__PURE__ */ object({
  id: int,
  key: string,
  name: string,
  categories: array(ref),
  products: optional(
    array(
      object({
        id: int,
        key: string,
        name: string,
        product_price_with_tax: int,
        is_stock_available: boolean,
        color: nullable(string),
        color_code: nullable(string),
        size: nullable(string),
        image: string,
        stock_status: stockStatus,
      }),
    ),
  ),
});

export const productWire: Decoder<Product> = /* @__PURE__ */ object({
  id: int,
  key: string,
  name: string,
  code: string,
  description: string,
  product_price: int,
  before_price: nullable(int),
  product_price_with_tax: int,
  tax_rate: taxRate,
  brand: nullable(ref),
  maker: nullable(ref),
  product_model: nullable(productModelWire),
  image: string,
  images: array(string),
  is_stock_available: boolean,
  is_favorite: boolean,
  created_at: string,
  color: nullable(string),
  color_code: nullable(string),
  size: nullable(string),
  stock_status: stockStatus,
  discount_rate: nullable(int),
  review_avg: nullable(number),
  review_count: int,
  embroiderable: yesOnly,
});
