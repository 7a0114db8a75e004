/**
 * The catalogue index: an in-process, columnar copy of what a product list's total and its facet
 * counts read (group, model, tax-inclusive price, stock > 0, sale, maker, brand of every published
 * product of a channel, and the model → category links), valid for one catalogue version
 * (migration 0003). With it, counting a filter no one asked before is a loop over typed arrays
 * (about a millisecond for 100,000 products) instead of an exact count(distinct) over every match
 * in PostgreSQL (10–60 ms, which queued at 10 concurrent first-time searches on two cores).
 *
 * Search words are still matched by the database (the trigram index over products.search_text):
 * the ids matching a set of words are read once per catalogue version and kept (wordMatches);
 * every price, stock, sale, category, maker or brand filter on those words is then counted here.
 *
 * Correctness: the index and a word match are each read in one statement together with the
 * catalogue version (one snapshot), and used only for a request that read that same version, so
 * a count is exactly what the SQL count would give. Any change that can move a count bumps the
 * version; the next request then counts in SQL while the index for the new version loads in the
 * background (at most one load per channel at a time, MIN_RELOAD_MS apart, so a burst of changes
 * never has every request wait for a reload). tests/api/catalog-index.test.ts compares both ways.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { brands, catalog_version, categories, makers, product_model_categories, products } from '../../db/schema/index.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';

type Conn = Db | Tx;

/** The filter fields the index counts (a subset of catalog.ts ProductFilter). */
export interface IndexFilter {
  category?: string;
  child?: boolean;
  maker?: string;
  brand?: string;
  price_min?: number;
  price_max?: number;
  in_stock?: boolean;
  on_sale?: boolean;
  /** One count per model (default true). */
  group?: boolean;
}

/** A facet choice as countFacets' SQL gives it: lo/hi are the choice's sort and id (its order). */
export interface FacetRow {
  part: string;
  key: string | null;
  name: string | null;
  n: number;
  lo: number | null;
  hi: number | null;
}

interface Named {
  id: number;
  key: string;
  name: string;
  sort: number;
}
interface CategoryRow extends Named {
  parent_id: number | null;
}

/** At most this many word-matched rows are kept per index (4 bytes each). */
const WORD_ROWS_KEPT = 2_000_000;

const IN_STOCK = 1;
const ON_SALE = 2;

export interface CatalogueIndex {
  version: number;
  channelId: string;
  size: number;
  /** Per row, rows ordered by group then id (the rows of one group are adjacent). */
  id: Int32Array;
  group: Int32Array;
  /** product_model_id, 0 without a model. */
  model: Int32Array;
  /** Dense number of the row's model (0 … models - 1), -1 without a model. */
  modelSlot: Int32Array;
  /** Model id → its dense number. */
  slotOfModel: Map<number, number>;
  /** First row of each model slot (its rows are adjacent; slots are numbered in row order). */
  slotStart: Int32Array;
  /** product_price × (100 + tax_rate), as in catalog.ts priceTimes100. */
  price100: Float64Array;
  /** IN_STOCK | ON_SALE. */
  flags: Uint8Array;
  /** Sort keys of a page (pageWithIndex): sort, size_order (32767 when null), popularity, created_at (µs). */
  sort: Int32Array;
  sizeOrder: Int32Array;
  popularity: Int32Array;
  createdUs: Float64Array;
  /** Dense index into makerList / brandList, -1 without one. */
  maker: Int32Array;
  brand: Int32Array;
  rowOfId: Map<number, number>;
  makerList: Named[];
  makerByKey: Map<string, number>;
  brandList: Named[];
  brandByKey: Map<string, number>;
  categoryList: CategoryRow[];
  categoryById: Map<number, number>;
  /** Category ids of each model (its own links). */
  modelCategories: Map<number, number[]>;
  /** Dense category indexes of each model's categories and all their ancestors, without repeats. */
  modelAncestors: Map<number, Int32Array>;
  /** Rows matching a set of search words (catalog.ts wordRows), bounded by the rows they hold. */
  words: VersionedCache<Int32Array>;
  /** Word matches being read now, so concurrent first searches share one read. */
  wordLoads: Map<string, Promise<Int32Array | undefined>>;
}

/** Reads a column of bytes from either driver (node-postgres: Buffer; PGlite: Uint8Array). */
function bytesOf(v: unknown): Uint8Array {
  if (v == null) return new Uint8Array(0);
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string' && v.startsWith('\\x')) return Buffer.from(v.slice(2), 'hex');
  throw new Error('catalogue index: unexpected bytea value');
}

const viewOf = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const jsonOf = <T>(v: unknown): T[] => (typeof v === 'string' ? JSON.parse(v) : Array.isArray(v) ? v : []) as T[];

/**
 * Bytes per product row of the load statement: id, group, model, maker, brand (int4), price100
 * (float8), flags (int4), then the sort keys of a page: sort, size_order (32767 when null, as the
 * representative check orders it), popularity (int4) and created_at in microseconds (float8, exact).
 */
const ROW_BYTES = 5 * 4 + 8 + 4 + 3 * 4 + 8;

/** Everything the index holds, with the version, in one statement (one snapshot). */
function loadStatement(channelId: string): SQL {
  return sql`select
    (select version from ${catalog_version} where id = 1) as version,
    (select string_agg(int4send(p.id) || int4send(coalesce(p.product_model_id, -p.id)) || int4send(coalesce(p.product_model_id, 0))
        || int4send(coalesce(p.maker_id, 0)) || int4send(coalesce(p.brand_id, 0))
        || float8send(p.product_price::float8 * (100 + p.tax_rate))
        || int4send(case when p.stock > 0 then ${IN_STOCK} else 0 end
          + case when p.before_price is not null and p.before_price > p.product_price then ${ON_SALE} else 0 end)
        || int4send(p.sort) || int4send(coalesce(p.size_order, 32767)) || int4send(coalesce(p.popularity, 0))
        || float8send((extract(epoch from p.created_at) * 1000000)::float8),
        ''::bytea order by coalesce(p.product_model_id, -p.id), p.id)
      from ${products} p where p.is_published and p.channel_ids @> array[${channelId}]::text[]) as rows,
    (select string_agg(int4send(pmc.product_model_id) || int4send(pmc.category_id), ''::bytea) from ${product_model_categories} pmc) as links,
    (select json_agg(json_build_object('id', c.id, 'key', c.key, 'name', c.name, 'sort', c.sort, 'parent_id', c.parent_id) order by c.sort, c.id)
      from ${categories} c where c.table_name = 'products') as categories,
    (select json_agg(json_build_object('id', m.id, 'key', m.key, 'name', m.name, 'sort', m.sort) order by m.sort, m.id) from ${makers} m) as makers,
    (select json_agg(json_build_object('id', b.id, 'key', b.key, 'name', b.name, 'sort', b.sort) order by b.sort, b.id) from ${brands} b) as brands`;
}

/** Reads the index of a channel from the database (whatever the current version is). */
export async function loadCatalogueIndex(db: Conn, channelId: string): Promise<CatalogueIndex | null> {
  const [row] = ((await db.execute(loadStatement(channelId))) as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row || row.version == null) return null;
  const bytes = bytesOf(row.rows);
  const size = bytes.byteLength / ROW_BYTES;
  const view = viewOf(bytes);
  const makerList = jsonOf<Named>(row.makers);
  const brandList = jsonOf<Named>(row.brands);
  const categoryList = jsonOf<CategoryRow>(row.categories);
  const denseOf = (list: Named[]) => new Map(list.map((x, i) => [x.id, i]));
  const makerIndex = denseOf(makerList);
  const brandIndex = denseOf(brandList);
  const ix: CatalogueIndex = {
    version: Number(row.version),
    channelId,
    size,
    id: new Int32Array(size),
    group: new Int32Array(size),
    model: new Int32Array(size),
    modelSlot: new Int32Array(size),
    slotOfModel: new Map(),
    slotStart: new Int32Array(0),
    price100: new Float64Array(size),
    flags: new Uint8Array(size),
    maker: new Int32Array(size),
    brand: new Int32Array(size),
    rowOfId: new Map(),
    sort: new Int32Array(size),
    sizeOrder: new Int32Array(size),
    popularity: new Int32Array(size),
    createdUs: new Float64Array(size),
    makerList,
    makerByKey: new Map(makerList.map((x, i) => [x.key, i])),
    brandList,
    brandByKey: new Map(brandList.map((x, i) => [x.key, i])),
    categoryList,
    categoryById: denseOf(categoryList),
    modelCategories: new Map(),
    modelAncestors: new Map(),
    words: new VersionedCache<Int32Array>(WORD_ROWS_KEPT, (rows) => rows.length + 16),
    wordLoads: new Map(),
  };
  for (let r = 0, o = 0; r < size; r++, o += ROW_BYTES) {
    ix.id[r] = view.getInt32(o);
    ix.group[r] = view.getInt32(o + 4);
    ix.model[r] = view.getInt32(o + 8);
    ix.maker[r] = makerIndex.get(view.getInt32(o + 12)) ?? -1;
    ix.brand[r] = brandIndex.get(view.getInt32(o + 16)) ?? -1;
    ix.price100[r] = view.getFloat64(o + 20);
    ix.flags[r] = view.getInt32(o + 28);
    ix.sort[r] = view.getInt32(o + 32);
    ix.sizeOrder[r] = view.getInt32(o + 36);
    ix.popularity[r] = view.getInt32(o + 40);
    ix.createdUs[r] = view.getFloat64(o + 44);
    ix.rowOfId.set(ix.id[r], r);
    const m = ix.model[r];
    let slot = -1;
    if (m !== 0) {
      slot = ix.slotOfModel.get(m) ?? -1;
      if (slot < 0) ix.slotOfModel.set(m, (slot = ix.slotOfModel.size));
    }
    ix.modelSlot[r] = slot;
  }
  ix.slotStart = new Int32Array(ix.slotOfModel.size + 1).fill(size);
  for (let r = size - 1; r >= 0; r--) if (ix.modelSlot[r] >= 0) ix.slotStart[ix.modelSlot[r]] = r;
  const links = bytesOf(row.links);
  const linkView = viewOf(links);
  for (let o = 0; o < links.byteLength; o += 8) {
    const model = linkView.getInt32(o);
    const list = ix.modelCategories.get(model);
    if (list) list.push(linkView.getInt32(o + 4));
    else ix.modelCategories.set(model, [linkView.getInt32(o + 4)]);
  }
  // A model counts under each of its categories and every ancestor (countFacets' recursive tree); a
  // cycle in parent_id ends where a category repeats, as `union` ends the recursion in SQL.
  for (const [model, ids] of ix.modelCategories) {
    const seen = new Set<number>();
    for (const id of ids) {
      let at = ix.categoryById.get(id);
      while (at != null && !seen.has(at)) {
        seen.add(at);
        const parent = ix.categoryList[at].parent_id;
        at = parent == null ? undefined : ix.categoryById.get(parent);
      }
    }
    ix.modelAncestors.set(model, Int32Array.from(seen));
  }
  return ix;
}

/** The category ids a category filter accepts: the category, and with `child` all its descendants. */
function categoryIds(ix: CatalogueIndex, key: string, child: boolean): Set<number> {
  const out = new Set<number>();
  const root = ix.categoryList.find((c) => c.key === key);
  if (!root) return out;
  out.add(root.id);
  if (!child) return out;
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of ix.categoryList) {
      if (c.parent_id != null && out.has(c.parent_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * The filter compiled against one index, as plain values the loops below test inline (a closure
 * call per row and facet cost more than the count itself at 100,000 rows).
 */
interface Compiled {
  /** Per model slot: 1 when the model is in the category filter; null without a category filter. */
  models: Uint8Array | null;
  /** Dense maker / brand index the row must have; -1 without that filter, -2 for an unknown key (nothing matches). */
  maker: number;
  brand: number;
  lo: number;
  hi: number;
  /** Flag bits the row must have (IN_STOCK, ON_SALE). */
  flags: number;
}

function compile(ix: CatalogueIndex, f: IndexFilter): Compiled {
  let models: Uint8Array | null = null;
  if (f.category) {
    const ids = categoryIds(ix, f.category, !!f.child);
    models = new Uint8Array(ix.slotOfModel.size);
    for (const [model, list] of ix.modelCategories) {
      const slot = ix.slotOfModel.get(model);
      if (slot != null && list.some((id) => ids.has(id))) models[slot] = 1;
    }
  }
  // An unknown maker or brand key matches nothing (SQL: `= (select id …)` is null).
  return {
    models,
    maker: f.maker ? (ix.makerByKey.get(f.maker) ?? -2) : -1,
    brand: f.brand ? (ix.brandByKey.get(f.brand) ?? -2) : -1,
    lo: f.price_min != null ? f.price_min * 100 : -Infinity,
    hi: f.price_max != null ? f.price_max * 100 + 99 : Infinity,
    flags: (f.in_stock ? IN_STOCK : 0) | (f.on_sale ? ON_SALE : 0),
  };
}

/** The rows to look at: every row, or the rows a word match gave (ascending, so groups stay adjacent). */
type Rows = Int32Array | null;

/**
 * With a category filter and no word match, only the rows of the category's models can pass: their
 * row ranges (ascending), so a category list reads its share of the catalogue instead of every row.
 */
function candidates(ix: CatalogueIndex, c: Compiled, rows: Rows): Rows {
  if (rows || !c.models) return rows;
  const out: number[] = [];
  const { modelSlot, slotStart } = ix;
  for (let slot = 0; slot < c.models.length; slot++) {
    if (c.models[slot] !== 1) continue;
    for (let r = slotStart[slot]; r < ix.size && modelSlot[r] === slot; r++) out.push(r);
  }
  return Int32Array.from(out);
}

/** The list's total: matching products, or models when grouped (a product without a model is its own). */
export function countWithIndex(ix: CatalogueIndex, f: IndexFilter, given: Rows): number {
  const c = compile(ix, f);
  const { models, maker, brand, lo, hi, flags } = c;
  const rows = candidates(ix, c, given);
  const grouped = f.group !== false;
  const { group, modelSlot, price100, flags: rowFlags, maker: rowMaker, brand: rowBrand } = ix;
  const end = rows ? rows.length : ix.size;
  let n = 0;
  let lastGroup = 0;
  let first = true;
  for (let i = 0; i < end; i++) {
    const r = rows ? rows[i] : i;
    if (models !== null && (modelSlot[r] < 0 || models[modelSlot[r]] !== 1)) continue;
    if (maker !== -1 && rowMaker[r] !== maker) continue;
    if (brand !== -1 && rowBrand[r] !== brand) continue;
    const p = price100[r];
    if (p < lo || p > hi) continue;
    if ((rowFlags[r] & flags) !== flags) continue;
    if (!grouped) {
      n++;
      continue;
    }
    if (first || group[r] !== lastGroup) {
      n++;
      lastGroup = group[r];
      first = false;
    }
  }
  return n;
}

// Bits of the facets a row fails (facetRowsWithIndex).
const F_CATEGORY = 1;
const F_MAKER = 2;
const F_BRAND = 4;
const F_PRICE = 8;
const F_STOCK = 16;
const F_SALE = 32;

/**
 * The facet counts of countFacets, from the index: each facet counts with every filter but its own
 * (disjunctive counting), distinct groups when grouped, and the price facet gives the range of the
 * rows that pass every other filter. Rows in countFacets' shape, for the same assembly.
 */
export function facetRowsWithIndex(ix: CatalogueIndex, f: IndexFilter, rows: Rows): FacetRow[] {
  const { models, maker, brand, lo, hi } = compile(ix, f);
  const grouped = f.group !== false;
  const { group, model, modelSlot, price100, flags: rowFlags, maker: rowMaker, brand: rowBrand } = ix;
  // A "run" is one group (grouped) or one row: a choice counts once per run.
  let run = -1;
  let lastGroup = 0;
  let totalRun = -1,
    stockRun = -1,
    saleRun = -1;
  let total = 0,
    inStock = 0,
    onSale = 0,
    priced = 0;
  let priceLo = Infinity;
  let priceHi = -Infinity;
  const makerRun = new Int32Array(ix.makerList.length).fill(-1);
  const makerN = new Int32Array(ix.makerList.length);
  const brandRun = new Int32Array(ix.brandList.length).fill(-1);
  const brandN = new Int32Array(ix.brandList.length);
  const categoryRun = new Int32Array(ix.categoryList.length).fill(-1);
  const categoryN = new Int32Array(ix.categoryList.length);
  const end = rows ? rows.length : ix.size;
  for (let i = 0; i < end; i++) {
    const r = rows ? rows[i] : i;
    if (!grouped || run < 0 || group[r] !== lastGroup) {
      run++;
      lastGroup = group[r];
    }
    const fl = rowFlags[r];
    const p = price100[r];
    let failed = 0;
    if (models !== null && (modelSlot[r] < 0 || models[modelSlot[r]] !== 1)) failed |= F_CATEGORY;
    if (maker !== -1 && rowMaker[r] !== maker) failed |= F_MAKER;
    if (brand !== -1 && rowBrand[r] !== brand) failed |= F_BRAND;
    if (p < lo || p > hi) failed |= F_PRICE;
    if (f.in_stock && !(fl & IN_STOCK)) failed |= F_STOCK;
    if (f.on_sale && !(fl & ON_SALE)) failed |= F_SALE;
    // Passing every filter but `bit` (or all of them).
    if ((failed & (failed - 1)) !== 0) continue;
    if (failed === 0 && totalRun !== run) {
      totalRun = run;
      total++;
    }
    if ((failed === 0 || failed === F_STOCK) && fl & IN_STOCK && stockRun !== run) {
      stockRun = run;
      inStock++;
    }
    if ((failed === 0 || failed === F_SALE) && fl & ON_SALE && saleRun !== run) {
      saleRun = run;
      onSale++;
    }
    if (failed === 0 || failed === F_PRICE) {
      priced++;
      const yen = Math.floor(p / 100);
      if (yen < priceLo) priceLo = yen;
      if (yen > priceHi) priceHi = yen;
    }
    const m = rowMaker[r];
    if ((failed === 0 || failed === F_MAKER) && m >= 0 && makerRun[m] !== run) {
      makerRun[m] = run;
      makerN[m]++;
    }
    const b = rowBrand[r];
    if ((failed === 0 || failed === F_BRAND) && b >= 0 && brandRun[b] !== run) {
      brandRun[b] = run;
      brandN[b]++;
    }
    if ((failed === 0 || failed === F_CATEGORY) && model[r] !== 0) {
      const ancestors = ix.modelAncestors.get(model[r]);
      if (ancestors)
        for (const a of ancestors)
          if (categoryRun[a] !== run) {
            categoryRun[a] = run;
            categoryN[a]++;
          }
    }
  }
  const out: FacetRow[] = [
    { part: 'total', key: null, name: null, n: total, lo: null, hi: null },
    { part: 'in_stock', key: null, name: null, n: inStock, lo: null, hi: null },
    { part: 'on_sale', key: null, name: null, n: onSale, lo: null, hi: null },
    { part: 'price', key: null, name: null, n: priced, lo: priced ? priceLo : null, hi: priced ? priceHi : null },
  ];
  const choices = (part: string, list: Named[], counts: Int32Array) => {
    list.forEach((x, i) => {
      if (counts[i] > 0) out.push({ part, key: x.key, name: x.name, n: counts[i], lo: x.sort, hi: x.id });
    });
  };
  choices('maker', ix.makerList, makerN);
  choices('brand', ix.brandList, brandN);
  choices('category', ix.categoryList, categoryN);
  return out;
}

/** The list sorts of catalog.ts orderOf (ProductSort; undefined is the shop's own order). */
export type IndexSort = 'price_asc' | 'price_desc' | 'new' | 'popular' | undefined;

/** Pages deeper than this many rows are left to SQL (the top-k insertion below is for small k). */
export const INDEX_PAGE_MAX_ROWS = 300;

/**
 * Whether row a sorts before row b in the list's order, exactly as catalog.ts orderOf orders them in
 * SQL (ties broken by id the same way).
 */
function sorter(ix: CatalogueIndex, sort: IndexSort): (a: number, b: number) => boolean {
  const { id, price100, createdUs, popularity, sort: rank } = ix;
  switch (sort) {
    case 'price_asc':
      return (a, b) => price100[a] < price100[b] || (price100[a] === price100[b] && id[a] < id[b]);
    case 'price_desc':
      return (a, b) => price100[a] > price100[b] || (price100[a] === price100[b] && id[a] > id[b]);
    case 'new':
      return (a, b) => createdUs[a] > createdUs[b] || (createdUs[a] === createdUs[b] && id[a] > id[b]);
    case 'popular':
      return (a, b) => popularity[a] > popularity[b] || (popularity[a] === popularity[b] && id[a] > id[b]);
    default:
      return (a, b) =>
        rank[a] < rank[b] || (rank[a] === rank[b] && (createdUs[a] > createdUs[b] || (createdUs[a] === createdUs[b] && id[a] > id[b])));
  }
}

/**
 * The product ids of one page of the list, as catalog.ts pageIds gives them in SQL: the rows passing
 * every filter, one per model when grouped (the model's representative: in stock first, then size
 * order, seed order, id, among its variants that pass the filters other than the category, which
 * is the model's), in the list's order, with the list's total (countWithIndex's). Null when the page
 * lies deeper than INDEX_PAGE_MAX_ROWS.
 */
export function pageWithIndex(
  ix: CatalogueIndex,
  f: IndexFilter,
  given: Rows,
  sort: IndexSort,
  offset: number,
  per: number,
): { ids: number[]; total: number } | null {
  const k = offset + per;
  if (k > INDEX_PAGE_MAX_ROWS) return null;
  const c = compile(ix, f);
  const { models, maker, brand, lo, hi, flags } = c;
  const rows = candidates(ix, c, given);
  const grouped = f.group !== false;
  const { group, modelSlot, price100, flags: rowFlags, maker: rowMaker, brand: rowBrand, sizeOrder, sort: rank, id } = ix;
  const before = sorter(ix, sort);
  // The best k candidates so far, best first.
  const top: number[] = [];
  // Every offered row is one counted product (one model when grouped): the list's total.
  let total = 0;
  const offer = (r: number) => {
    total++;
    if (top.length === k && !before(r, top[k - 1])) return;
    let at = top.length;
    while (at > 0 && before(r, top[at - 1])) at--;
    top.splice(at, 0, r);
    if (top.length > k) top.pop();
  };
  // Representative order: out of stock last, then size order, seed order, id.
  const repBefore = (a: number, b: number) => {
    const sa = rowFlags[a] & IN_STOCK ? 0 : 1;
    const sb = rowFlags[b] & IN_STOCK ? 0 : 1;
    if (sa !== sb) return sa < sb;
    if (sizeOrder[a] !== sizeOrder[b]) return sizeOrder[a] < sizeOrder[b];
    if (rank[a] !== rank[b]) return rank[a] < rank[b];
    return id[a] < id[b];
  };
  const end = rows ? rows.length : ix.size;
  let rep = -1;
  let repGroup = 0;
  for (let i = 0; i < end; i++) {
    const r = rows ? rows[i] : i;
    if (grouped && rep >= 0 && group[r] !== repGroup) {
      offer(rep);
      rep = -1;
    }
    if (maker !== -1 && rowMaker[r] !== maker) continue;
    if (brand !== -1 && rowBrand[r] !== brand) continue;
    const p = price100[r];
    if (p < lo || p > hi) continue;
    if ((rowFlags[r] & flags) !== flags) continue;
    // The category is the model's: all its variants pass or fail it together.
    if (models !== null && (modelSlot[r] < 0 || models[modelSlot[r]] !== 1)) continue;
    if (!grouped) {
      offer(r);
      continue;
    }
    if (rep < 0 || repBefore(r, rep)) {
      rep = r;
      repGroup = group[r];
    }
  }
  if (grouped && rep >= 0) offer(rep);
  return { ids: top.slice(offset, k).map((r) => id[r]), total };
}

/** Row numbers of the index's rows whose product id is in `ids`, ascending. */
export function rowsOfIds(ix: CatalogueIndex, ids: Int32Array): Int32Array {
  const out: number[] = [];
  for (const id of ids) {
    const r = ix.rowOfId.get(id);
    if (r != null) out.push(r);
  }
  return Int32Array.from(out).sort();
}

/** Decodes the ids of a word-match statement (int4send of each id, concatenated). */
export function idsOf(v: unknown): Int32Array {
  const b = bytesOf(v);
  const view = viewOf(b);
  const out = new Int32Array(b.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt32(i * 4);
  return out;
}

/** Keeps one loaded index per channel and loads the next one in the background. */
export class CatalogueIndexHolder {
  private readonly slots = new Map<string, { index?: CatalogueIndex; loading?: Promise<void>; startedAt: number }>();

  private readonly minReloadMs: number;

  constructor(minReloadMs = 1000) {
    this.minReloadMs = minReloadMs;
  }

  /**
   * The channel's index if it was read at exactly `version`; otherwise undefined, after starting a
   * background load when none is running and the last one started at least minReloadMs ago.
   */
  get(db: Conn, channelId: string, version: number | null): CatalogueIndex | undefined {
    if (version == null) return undefined;
    let slot = this.slots.get(channelId);
    if (slot?.index && slot.index.version === version) return slot.index;
    if (slot?.index && slot.index.version > version) return undefined;
    if (!slot) {
      slot = { startedAt: -Infinity };
      this.slots.set(channelId, slot);
    }
    if (!slot.loading && Date.now() - slot.startedAt >= this.minReloadMs) {
      const s = slot;
      s.startedAt = Date.now();
      s.loading = loadCatalogueIndex(db, channelId)
        .then((index) => {
          if (index && (!s.index || index.version >= s.index.version)) s.index = index;
        })
        // A failed load (database away) leaves the last index; the next request tries again.
        .catch(() => {})
        .finally(() => {
          s.loading = undefined;
        });
    }
    return undefined;
  }

  /** Loads the channel's index now (tests, warm-up at start). */
  async load(db: Conn, channelId: string): Promise<CatalogueIndex | null> {
    const index = await loadCatalogueIndex(db, channelId);
    if (index) this.slots.set(channelId, { index, startedAt: Date.now() });
    return index;
  }

  /** Waits for the background loads running now (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.slots.values()].map((s) => s.loading));
  }
}
