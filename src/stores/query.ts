/**
 * Server data with @nanostores/query (the design's "nanoquery"): fetcher stores for lists and
 * details, mutators that invalidate the keys they change. Keys are readable paths so invalidation
 * can select by prefix ('me/' is everything personal). Stores fetch only when something subscribes.
 */
import { nanoquery } from '@nanostores/query';
import { computed, type ReadableAtom } from 'nanostores';
import { ApiError, CLIENT_CODES } from '../api-client/errors.ts';
import { onSessionEvent, buildQuery } from '../api-client/http.ts';
import { getMe } from '../api-client/user.ts';
import { listUserAddresses } from '../api-client/addresses.ts';
import { listOrders, getOrder } from '../api-client/orders.ts';
import { listProducts, getProduct, productQueryParams, type ProductSearch } from '../api-client/products.ts';
import { listCartPayments } from '../api-client/payments.ts';
import { getFrontSettings } from '../api-client/settings.ts';

export const QUERY_KEYS = {
  /** Prefix of every personal key (cleared on login and logout). */
  personal: 'me/',
  me: 'me/user',
  addresses: 'me/user-addresses',
  /** 'me/orders?page=N' for lists, 'me/orders/ID' for one order. */
  orders: 'me/orders',
  products: 'products',
  cartPayments: 'payments/carts/',
  frontSettings: 'settings/front',
} as const;

/** Spec 9: a data fetch is held at least 200 ms so a fast answer does not flash a loader. */
export const MIN_FETCH_MS = 200;

/** Resolves with `work`'s result no earlier than `ms` after the start. */
export async function holdAtLeast<T>(work: Promise<T>, ms = MIN_FETCH_MS): Promise<T> {
  const [result] = await Promise.all([work, new Promise((r) => setTimeout(r, ms))]);
  return result;
}

const MAX_RETRIES = 3;

/**
 * Retry only what may succeed later: network failures and 5xx/timeouts, with backoff. Never a 4xx,
 * a cancelled request, or one the client already handled (redirected).
 */
export function retryDelay(error: unknown, retryCount: number): number | null {
  if (!(error instanceof ApiError) || error.handled || retryCount > MAX_RETRIES) return null;
  if (error.code === CLIENT_CODES.aborted || error.code === CLIENT_CODES.invalidResponse) return null;
  const transient = error.status === 0 || error.status >= 500;
  return transient ? Math.min(1000 * 2 ** (retryCount - 1), 8000) : null;
}

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  onErrorRetry: ({ error, retryCount }) => retryDelay(error, retryCount),
});

// ------------------------------------------------------------------ personal data

/** The signed-in member. */
export const $me = createFetcherStore([QUERY_KEYS.me], { fetcher: () => holdAtLeast(getMe()) });

/** The address book with its x-limit. */
export const $addresses = createFetcherStore([QUERY_KEYS.addresses], { fetcher: () => holdAtLeast(listUserAddresses()) });

/** Order history for the page in `$page`. */
export function createOrderListStore($page: ReadableAtom<number>) {
  return createFetcherStore([`${QUERY_KEYS.orders}?page=`, $page], {
    fetcher: (_prefix, page) => holdAtLeast(listOrders({ page: Number(page) })),
  });
}

/** One order of the member. */
export function createOrderStore(id: number | string) {
  return createFetcherStore([`${QUERY_KEYS.orders}/${id}`], { fetcher: () => holdAtLeast(getOrder(id)) });
}

// ------------------------------------------------------------------ catalogue and settings

/** Product list for the filters in `$search` (key = the query string actually sent). */
export function createProductListStore($search: ReadableAtom<ProductSearch>) {
  const $key = computed($search, (s) => QUERY_KEYS.products + (buildQuery(productQueryParams(s)) || '?'));
  return createFetcherStore([$key], {
    fetcher: (key) => {
      const params = new URLSearchParams(String(key).slice(QUERY_KEYS.products.length + 1));
      return holdAtLeast(listProducts(searchFromParams(params)));
    },
  });
}

/** Inverse of productQueryParams for the key of a product-list store. */
export function searchFromParams(params: URLSearchParams): ProductSearch {
  const num = (k: string) => (params.has(k) ? Number(params.get(k)) : undefined);
  const str = (k: string) => params.get(k) ?? undefined;
  return {
    page: num('page'), per: num('per'), category: str('category'), maker: str('maker'), brand: str('brand'),
    keyword: str('keyword'), sort: str('sort') as ProductSearch['sort'],
    child: params.has('child') ? params.get('child') === '1' : undefined,
  };
}

/** One product by key. */
export function createProductStore(key: string) {
  return createFetcherStore([`${QUERY_KEYS.products}/${key}`], { fetcher: () => holdAtLeast(getProduct(key)) });
}

/** Payment methods usable for the cart whose token is in `$token` (nothing fetched while null). */
export function createCartPaymentsStore($token: ReadableAtom<string | null>) {
  return createFetcherStore([QUERY_KEYS.cartPayments, $token], {
    fetcher: (_prefix, token) => holdAtLeast(listCartPayments(String(token))),
  });
}

/** Front settings (fetched once per page, kept for the session). */
export const $frontSettings = createFetcherStore([QUERY_KEYS.frontSettings], {
  fetcher: () => getFrontSettings(),
  dedupeTime: Infinity,
});

// ------------------------------------------------------------------ mutations

/** A mutator that runs `run` and then invalidates every key starting with one of `prefixes`. */
export function createApiMutator<Data, Result>(run: (data: Data) => Promise<Result>, prefixes: readonly string[]) {
  return createMutatorStore<Data, Result>(async ({ data, invalidate }) => {
    const result = await run(data);
    invalidate((key) => prefixes.some((p) => key.startsWith(p)));
    return result;
  });
}

/** Drops every personal key (me/...) from the cache. */
export function invalidatePersonalData(): void {
  invalidateKeys((key) => key.startsWith(QUERY_KEYS.personal));
}

onSessionEvent((e) => {
  // A different person (or nobody) is using the page now: no personal or is_favorite data may survive.
  if (e.type === 'ended' || e.source === 'login') invalidateKeys(() => true);
});
