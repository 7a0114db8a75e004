/**
 * Inserts the catalogue: categories, makers, brands, product models and their products, and the
 * product-channel links. A handful of multi-row INSERTs, so a fresh test database seeds fast.
 */

import { PHOTO_ID_PATTERN, photoUrl } from '#contracts/images.ts';
import { photoColourOf } from '../../services/images/photo-shapes.ts';
import { productSearchText } from '../../services/products/search/normalize.ts';
import type { Db, Tx } from '../client.ts';
import {
  brands,
  categories,
  makers,
  product_accessories,
  product_channels,
  product_model_categories,
  product_models,
  product_reviews,
  products,
} from '../schema/index.ts';
import {
  accessoryPairs,
  type CategorySeed,
  clothesLeaves,
  clothesSizes,
  colorCodes,
  discontinued,
  embroiderableFamilies,
  families,
  inquiryCategories,
  type MakerSeed,
  makerSeeds,
  outletOnly,
  productCategories,
  reviewNicknames,
  reviewTexts,
  shoeLeaves,
  shoeSizes,
} from './catalog-data.ts';
import { createRandom } from './random.ts';

type Conn = Db | Tx;

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Inserts a category tree level by level (parents first, so children get their parent's id). */
async function insertTree(db: Conn, table: string, roots: CategorySeed[]) {
  const ids = new Map<string, number>();
  const topOf = new Map<string, string>();
  let level: { seed: CategorySeed; parent: number | null; top: string }[] = roots.map((seed) => ({ seed, parent: null, top: seed.key }));
  while (level.length) {
    const rows = await db
      .insert(categories)
      .values(
        level.map((l, i) => ({
          table_name: table,
          key: l.seed.key,
          name: l.seed.name,
          parent_id: l.parent,
          sort: (i + 1) * 10,
        })),
      )
      .returning({ id: categories.id, key: categories.key });
    for (const r of rows) ids.set(r.key, r.id);
    for (const l of level) topOf.set(l.seed.key, l.top);
    level = level.flatMap((l) => (l.seed.children ?? []).map((seed) => ({ seed, parent: ids.get(l.seed.key)!, top: l.top })));
  }
  return { ids, topOf };
}

function parseVariants(spec: string, basePrice: number) {
  return spec.split(',').map((v) => {
    const [label, price] = v.split(':');
    return { label: label.trim(), price: price ? Number(price) : basePrice };
  });
}

/** Sale price: 30 % off, rounded down to the hundred yen as shops do. */
const salePrice = (price: number, rate = 0.7) => Math.max(100, Math.floor((price * rate) / 100) * 100);

export interface CatalogSummary {
  productIds: number[];
  makerCount: number;
}

/** Seeds the whole catalogue and links products to the channels. */
export async function seedCatalog(db: Conn, channelIds: { main: string; outlet: string }): Promise<CatalogSummary> {
  const rng = createRandom(20260401);
  const { ids: catIds, topOf } = await insertTree(db, 'products', productCategories);
  await insertTree(db, 'inquiries', inquiryCategories);

  const makerRows = await db
    .insert(makers)
    .values(
      makerSeeds.map((m, i) => ({
        key: m.key,
        name: m.name,
        name_kana: m.kana,
        description: m.description,
        sort: (i + 1) * 10,
      })),
    )
    .returning({ id: makers.id, key: makers.key });
  const makerId = new Map(makerRows.map((r) => [r.key, r.id]));
  const brandRows = await db
    .insert(brands)
    .values(
      makerSeeds
        .flatMap((m) =>
          m.brands.map((b) => ({
            key: slug(b),
            name: b,
            maker_id: makerId.get(m.key)!,
          })),
        )
        .map((b, i) => ({ ...b, sort: (i + 1) * 10 })),
    )
    .returning({ id: brands.id, key: brands.key });
  const brandId = new Map(brandRows.map((r) => [r.key, r.id]));

  const familyOf = (name: string) => {
    const f = families.find((x) => x.name === name);
    if (!f) throw new Error(`seed: unknown family ${name}`);
    return f;
  };
  // Models: one per family, plus one per outlet-only item (B品 are not variants of the regular model).
  const modelValues = [
    ...families.map((f, i) => ({ key: `m${String(i + 1).padStart(4, '0')}`, name: f.name, description: f.description })),
    ...outletOnly.map((o, i) => ({
      key: `outlet-m${String(i + 1).padStart(3, '0')}`,
      name: `【${o.label}】${o.family}`,
      description: familyOf(o.family).description,
    })),
  ];
  const modelRows = await db.insert(product_models).values(modelValues).returning({ id: product_models.id, key: product_models.key });
  const modelId = new Map(modelRows.map((r) => [r.key, r.id]));
  await db.insert(product_model_categories).values([
    ...families.map((f, i) => ({ product_model_id: modelId.get(modelValues[i].key)!, category_id: catIds.get(f.leaf)! })),
    ...outletOnly.map((o, i) => ({
      product_model_id: modelId.get(modelValues[families.length + i].key)!,
      category_id: catIds.get(familyOf(o.family).leaf)!,
    })),
  ]);

  // New arrivals arrive in a shuffled order so "新着順" mixes categories.
  const order = families.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const arrival = new Map(order.map((famIdx, pos) => [famIdx, pos]));
  const base = Date.UTC(2026, 4, 1, 1, 0, 0); // 2026-05-01 10:00 JST

  type ProductInsert = typeof products.$inferInsert;
  const rows: (ProductInsert & { outlet_only?: boolean })[] = [];
  // 在庫なし about 1 in 10, 残りわずか (1–5) about 1 in 7, the rest in stock.
  const stockOf = () => (rng.chance(0.1) ? 0 : rng.chance(0.16) ? rng.int(1, 5) : rng.int(6, 120));
  const brandName = new Map(makerSeeds.flatMap((m) => m.brands.map((b) => [slug(b), b] as const)));
  const searchText = (
    name: string,
    code: string,
    model: string,
    brandKey: string,
    maker: MakerSeed,
    color?: string | null,
    size?: string | null,
  ) => productSearchText([name, code, model, brandName.get(brandKey), maker.name, maker.kana, color, size]);
  /**
   * Each product's photographs show its own type in its own colour (the type's colour when it has
   * none): the product, a close-up and the back view, rendered by the image pipeline (services/images).
   */
  const photosOf = (top: string, colour: string | null | undefined) => {
    const images = (['main', 'detail', 'back'] as const).map((view) => photoUrl(top, view, colour ?? photoColourOf(top)));
    return { image: images[0], images };
  };
  families.forEach((f, fi) => {
    const maker = makerSeeds.find((m) => m.key === f.maker)!;
    const brandKey = slug(maker.brands.length > 1 && f.price < 10000 ? maker.brands[1] : maker.brands[0]);
    const onSale = rng.chance(0.15);
    const top = topOf.get(f.leaf)!;
    const labels = parseVariants(f.variants, f.price);
    const extra = discontinued.filter((d) => d.family === f.name).map((d) => ({ label: d.label, price: f.price, published: false }));
    const sizes = clothesLeaves.has(f.leaf) ? clothesSizes : shoeLeaves.has(f.leaf) ? shoeSizes : null;
    // Clothes and shoes: every colour in every size. Other goods: the label is a colour or a size/amount.
    const variants = [...labels.map((v) => ({ ...v, published: true })), ...extra].flatMap((v, li) => {
      const color = colorCodes[v.label] ? v.label : null;
      if (sizes) return sizes.map((size, si) => ({ ...v, color, size, sizeOrder: si + 1 }));
      return [{ ...v, color, size: color ? null : v.label, sizeOrder: color ? null : li + 1 }];
    });
    variants.forEach((v, vi) => {
      const code = `${maker.code}-${String(fi + 1).padStart(4, '0')}-${String(vi + 1).padStart(2, '0')}`;
      const name = sizes ? `${f.name} ${v.label} ${v.size}` : `${f.name} ${v.label}`;
      rows.push({
        key: code.toLowerCase(),
        code,
        name,
        description: f.description,
        product_model_id: modelId.get(modelValues[fi].key)!,
        brand_id: brandId.get(brandKey)!,
        maker_id: makerId.get(f.maker)!,
        product_price: onSale ? salePrice(v.price) : v.price,
        before_price: onSale ? v.price : null,
        tax_rate: f.tax ?? 10,
        ...photosOf(top, v.color ? colorCodes[v.color] : null),
        stock: stockOf(),
        is_published: v.published,
        color: v.color,
        color_code: v.color ? colorCodes[v.color] : null,
        size: v.size,
        size_order: v.sizeOrder,
        sort: vi,
        search_text: searchText(name, code, f.name, brandKey, maker, v.color, v.size),
        embroiderable: embroiderableFamilies.has(f.name),
        created_at: new Date(base + arrival.get(fi)! * 36 * 3600_000 + vi * 60_000),
      });
    });
  });
  outletOnly.forEach((o, i) => {
    const f = familyOf(o.family);
    const maker = makerSeeds.find((m) => m.key === f.maker)!;
    const v = parseVariants(f.variants, f.price)[0];
    const code = `OUT-${String(i + 1).padStart(4, '0')}`;
    const top = topOf.get(f.leaf)!;
    const sized = clothesLeaves.has(f.leaf) ? 'M' : shoeLeaves.has(f.leaf) ? '25.0cm' : null;
    const color = colorCodes[v.label] ? v.label : null;
    const name = `【${o.label}】${f.name} ${v.label}${sized ? ` ${sized}` : ''}`;
    const brandKey = slug(maker.brands[0]);
    rows.push({
      key: code.toLowerCase(),
      code,
      name,
      description: `${f.description}（${o.label}のため、わずかな傷や色むらがある場合があります。返品・交換はお受けできません。）`,
      product_model_id: modelId.get(modelValues[families.length + i].key)!,
      brand_id: brandId.get(brandKey)!,
      maker_id: makerId.get(f.maker)!,
      product_price: salePrice(v.price, 0.5),
      before_price: v.price,
      tax_rate: f.tax ?? 10,
      stock: rng.int(1, 5),
      created_at: new Date(Date.UTC(2026, 9, 1) + i * 3600_000),
      outlet_only: true,
      ...photosOf(top, color ? colorCodes[color] : null),
      color,
      color_code: color ? colorCodes[color] : null,
      size: sized ?? (color ? null : v.label),
      size_order: sized || !color ? 1 : null,
      search_text: searchText(name, code, modelValues[families.length + i].name, brandKey, maker, color, sized),
    });
  });

  // In chunks: one statement per 200 products keeps every message small.
  const inserted: { id: number; key: string }[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    inserted.push(
      ...(await db
        .insert(products)
        .values(rows.slice(i, i + 200).map(({ outlet_only: _o, ...r }) => r))
        .returning({ id: products.id, key: products.key })),
    );
  }
  const outletKeys = new Set(rows.filter((r) => r.outlet_only).map((r) => r.key));
  const links = inserted.flatMap((p) =>
    outletKeys.has(p.key)
      ? [{ product_id: p.id, channel_id: channelIds.outlet }]
      : [
          { product_id: p.id, channel_id: channelIds.main },
          { product_id: p.id, channel_id: channelIds.outlet },
        ],
  );
  for (let i = 0; i < links.length; i += 1000) await db.insert(product_channels).values(links.slice(i, i + 1000));
  await seedReviews(db, rng, inserted, rows);
  await seedAccessories(db, inserted, rows);
  return { productIds: inserted.map((p) => p.id), makerCount: makerRows.length };
}

/** Accessories (accessoryPairs): each published variant of a family offers the first variant of each accessory family. */
async function seedAccessories(
  db: Conn,
  inserted: { id: number; key: string }[],
  rows: Array<{ key: string; product_model_id?: number | null; is_published?: boolean; outlet_only?: boolean; sort?: number }>,
) {
  const idOf = new Map(inserted.map((p) => [p.key, p.id]));
  const modelOf = await db.select({ id: product_models.id, name: product_models.name }).from(product_models);
  const modelId = new Map(modelOf.map((m) => [m.name, m.id]));
  const variantsOf = (family: string) => {
    const id = modelId.get(family);
    if (id === undefined) throw new Error(`seed: unknown accessory family ${family}`);
    return rows.filter((r) => r.product_model_id === id && !r.outlet_only && r.is_published !== false);
  };
  const values = accessoryPairs.flatMap(({ family, accessories }) => {
    const firsts = accessories.map((a) => idOf.get(variantsOf(a)[0].key)!);
    return variantsOf(family).flatMap((v) => firsts.map((accessory_id) => ({ product_id: idOf.get(v.key)!, accessory_id })));
  });
  if (values.length) await db.insert(product_accessories).values(values);
}

/** The review texts that fit a product's top category. */
function reviewKind(image: string | null | undefined): keyof typeof reviewTexts {
  const top = PHOTO_ID_PATTERN.exec(image?.slice(image.lastIndexOf('/') + 1) ?? '')?.[2] ?? '';
  if (top === 'food') return 'food';
  if (top === 'shoes') return 'shoes';
  if (['tops', 'bottoms', 'outer'].includes(top)) return 'clothes';
  return 'goods';
}

/**
 * Reviews on about half of the product models (1–6 each, mostly 4–5 stars, a few low ones), each on
 * one published variant, dated after the product arrived. Not on outlet-only items.
 */
async function seedReviews(
  db: Conn,
  rng: ReturnType<typeof createRandom>,
  inserted: { id: number; key: string }[],
  rows: Array<{
    key: string;
    code: string;
    image?: string | null;
    product_model_id?: number | null;
    is_published?: boolean;
    outlet_only?: boolean;
    created_at?: Date;
  }>,
) {
  const idOf = new Map(inserted.map((p) => [p.key, p.id]));
  const byModel = new Map<number, typeof rows>();
  for (const r of rows) {
    if (r.outlet_only || r.is_published === false || r.product_model_id == null) continue;
    byModel.set(r.product_model_id, [...(byModel.get(r.product_model_id) ?? []), r]);
  }
  const values: (typeof product_reviews.$inferInsert)[] = [];
  for (const variants of byModel.values()) {
    if (!rng.chance(0.5)) continue;
    const count = rng.int(1, 6);
    const texts = reviewTexts[reviewKind(variants[0].image)];
    for (let i = 0; i < count; i++) {
      const roll = rng.next();
      const rating = roll < 0.45 ? 5 : roll < 0.8 ? 4 : roll < 0.92 ? 3 : roll < 0.97 ? 2 : 1;
      const pool = rating >= 4 ? texts.good : rating === 3 ? texts.mid : texts.bad;
      const text = pool[rng.int(0, pool.length - 1)];
      const v = variants[rng.int(0, variants.length - 1)];
      const arrived = (v.created_at ?? new Date(Date.UTC(2026, 4, 1))).getTime();
      values.push({
        product_id: idOf.get(v.key)!,
        nickname: reviewNicknames[rng.int(0, reviewNicknames.length - 1)],
        rating,
        title: text.title,
        body: text.body,
        created_at: new Date(arrived + (i + 1) * rng.int(2, 9) * 24 * 3600_000),
      });
    }
  }
  if (values.length) await db.insert(product_reviews).values(values);
}
