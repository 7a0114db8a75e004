/** Paper catalogues (GET /v1/catalog) and the catalogue order (POST /v1/catalog-orders) of /catalog-order/. */
import type { CatalogOrderRequest } from '#contracts/catalog-order.ts';
import type { CallOptions } from '../core/call.ts';
import { request } from '../core/http.ts';
import { catalogListWire, catalogOrderResponseWire } from '../wire/catalog.ts';

/** GET /v1/catalog: the channel's catalogues. */
export async function listCatalogs(opts: CallOptions = {}) {
  return (await request('GET', '/v1/catalog', { auth: false, refresh: false, silent: true, parse: catalogListWire, signal: opts.signal }))
    .data;
}

/** POST /v1/catalog-orders: orders a catalogue to an address (422 by field, 429 when sent too often). */
export async function orderCatalog(body: CatalogOrderRequest) {
  return (await request('POST', '/v1/catalog-orders', { silent: true, body, parse: catalogOrderResponseWire, cancelOnNavigation: false }))
    .data;
}
