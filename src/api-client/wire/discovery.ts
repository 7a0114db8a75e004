/** Decoders of the discovery calls (favourites, history, lists, bookmarks, restock requests). */
import type { Bookmark, LikedIds, LikeResult, ListedProduct, ProductHistoryItem, ProductRequest, UserList } from '#contracts/discovery.ts';
import { array, boolean, type Decoder, int, nullable, object, string } from '../core/guard.ts';
import { productWire } from './product.ts';

export const likeResultWire: Decoder<LikeResult> = /* @__PURE__ */ object({ product_id: int, is_favorite: boolean });
export const likedIdsWire: Decoder<LikedIds> = /* @__PURE__ */ object({ product_ids: array(int) });

export const productHistoryItemWire: Decoder<ProductHistoryItem> = /* @__PURE__ */ object({
  id: int,
  product_id: int,
  product: productWire,
  viewed_at: string,
});

export const userListWire: Decoder<UserList> = /* @__PURE__ */ object({ id: int, key: string, name: string, count: int });

/** A Product plus is_listed (the answer of detach). */
export const listedProductWire: Decoder<ListedProduct> = (v, p = '') => {
  const listed = object({ is_listed: boolean })(v, p);
  return { ...productWire(v, p), is_listed: listed.is_listed };
};

export const bookmarkWire: Decoder<Bookmark> = /* @__PURE__ */ object({ id: int, url: string, title: string, created_at: string });

export const productRequestWire: Decoder<ProductRequest> = /* @__PURE__ */ object({
  id: int,
  product_id: nullable(int),
  product: nullable(productWire),
  email: nullable(string),
  created_at: string,
  notified_at: nullable(string),
  confirmed_at: nullable(string),
});
