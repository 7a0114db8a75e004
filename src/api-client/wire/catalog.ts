/** Decoders of the paper catalogue calls (contracts/catalog-order.ts; used by catalog-order.ts only). */
import type { Catalog, CatalogOrderResponse } from '#contracts/catalog-order.ts';
import { array, type Decoder, int, nullable, object, string } from '../core/guard.ts';

export const catalogListWire: Decoder<Catalog[]> = /* @__PURE__ */ array(
  object({ id: int, name: string, image: nullable(string), pages: array(string) }),
);
export const catalogOrderResponseWire: Decoder<CatalogOrderResponse> = /* @__PURE__ */ object({
  id: int,
  catalog_name: string,
  message: string,
});
