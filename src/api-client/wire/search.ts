/** Decoders of the discovery calls: facets, suggestions, reviews and the search history. */
import type { FacetCount, ProductFacets, ProductReview, ProductSearchHistory, ProductSuggest } from '#contracts/products.ts';
import { array, type Decoder, int, nullable, number, object, string } from '../core/guard.ts';

const facetCount: Decoder<FacetCount> = /* @__PURE__ */ object({ key: string, name: string, count: int });

export const productFacetsWire: Decoder<ProductFacets> = /* @__PURE__ */ object({
  categories: array(facetCount),
  makers: array(facetCount),
  brands: array(facetCount),
  in_stock: int,
  on_sale: int,
  price: nullable(object({ min: int, max: int })),
  total: int,
});

export const productSuggestWire: Decoder<ProductSuggest> = /* @__PURE__ */ object({
  words: array(string),
  products: array(object({ key: string, name: string, image: string, product_price_with_tax: int })),
});

export const productReviewWire: Decoder<ProductReview> = /* @__PURE__ */ object({
  id: int,
  nickname: string,
  rating: int,
  title: string,
  body: string,
  created_at: string,
});

export const productSearchHistoryWire: Decoder<ProductSearchHistory> = /* @__PURE__ */ object({
  id: int,
  word: string,
  created_at: string,
});

/** A review average as sent (one decimal). */
export const reviewAverage: Decoder<number | null> = /* @__PURE__ */ nullable(number);
