/**
 * The order list screen's query (pure): the filters read from the page's URL, passed on to the admin
 * API and to the CSV links as they are (blank fields dropped), the sort links of the table's
 * headings (a second click reverses), and the pages around the current one.
 */
import { ADMIN_ORDER_SORTS, type AdminOrderSort } from '#contracts/admin-orders.ts';

/** The query keys the list page reads (the API's, with the page). */
export const FILTER_KEYS = [
  'order_no',
  'name',
  'email',
  'phone',
  'status',
  'payment',
  'payment_status',
  'from',
  'to',
  'channel',
  'sort',
  'dir',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

/** The filters of a URL: known keys with a value, each at most 255 characters. */
export function filtersOf(params: URLSearchParams): Filters {
  const out: Filters = {};
  for (const key of FILTER_KEYS) {
    const v = params.get(key)?.trim();
    if (v) out[key] = v.slice(0, 255);
  }
  return out;
}

/** "?a=1&b=2" of `filters` with `extra` (an empty value removes a key); '' when nothing is left. */
export function queryOf(filters: Filters, extra: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The page number of the URL (1 when absent or not a number). */
export const pageOf = (params: URLSearchParams) => {
  const v = params.get('page');
  return v && /^\d{1,5}$/.test(v) && Number(v) > 0 ? Number(v) : 1;
};

const isSort = (v: string | undefined): v is AdminOrderSort => (ADMIN_ORDER_SORTS as readonly string[]).includes(v ?? '');

/** The current sort: the URL's, else newest first. */
export function sortOf(filters: Filters): { sort: AdminOrderSort; dir: 'asc' | 'desc' } {
  return { sort: isSort(filters.sort) ? filters.sort : 'ordered_at', dir: filters.dir === 'asc' ? 'asc' : 'desc' };
}

/** A heading's sort link: this key, the other direction when it is the current one (first click: newest / largest first). */
export function sortLink(filters: Filters, key: AdminOrderSort): { href: string; current: 'ascending' | 'descending' | undefined } {
  const now = sortOf(filters);
  const same = now.sort === key;
  const dir = same ? (now.dir === 'asc' ? 'desc' : 'asc') : key === 'order_no' ? 'asc' : 'desc';
  return {
    href: queryOf(filters, { sort: key, dir, page: undefined }),
    current: same ? (now.dir === 'asc' ? 'ascending' : 'descending') : undefined,
  };
}
