/**
 * Shapes of the content snapshot files in content-sync/.snapshot/<channel>/. Items keep the
 * contract's wire shape; bodies are already sanitised. The loader parses every file with these,
 * so a hand-edited or stale snapshot fails loudly at build time instead of rendering garbage.
 */
import { z } from 'zod';
import { catalogSchema } from '#contracts/catalog-order.ts';
import {
  blogSchema,
  brandSchema,
  landingPageSchema,
  makerSchema,
  newsSchema,
  popupSchema,
  qaCategorySchema,
  qaSchema,
  staticPageSchema,
  stylistSchema,
} from '#contracts/content.ts';
import { categoryHierarchySchema } from '#contracts/products.ts';
import { frontSettingsSchema } from '#contracts/settings.ts';

export const snapshotBlogsSchema = z.array(blogSchema);
export const snapshotNewsSchema = z.array(newsSchema);
export const snapshotMakersSchema = z.array(makerSchema);
export const snapshotBrandsSchema = z.array(brandSchema);
export const snapshotPagesSchema = z.array(staticPageSchema);
export const snapshotSettingsSchema = frontSettingsSchema.nullable();
export const snapshotQasSchema = z.array(qaSchema);
export const snapshotQaCategoriesSchema = z.array(qaCategorySchema);
export const snapshotStylistsSchema = z.array(stylistSchema);
export const snapshotLandingPagesSchema = z.array(landingPageSchema);
export const snapshotPopupsSchema = z.array(popupSchema);
export const snapshotCatalogsSchema = z.array(catalogSchema);
export const snapshotCategoriesSchema = categoryHierarchySchema;

/**
 * manifest.json: when the sync ran and a content hash per item id (`blog:<key>`, `news:<key>`, ...).
 * For the incremental sync (sync.ts) also: the API's revision of each blog/news item (`revs`, same ids;
 * '' when unknown), the sync format it was written with (`format`: a new sanitising policy or file
 * layout forces a full pull) and the size and mtime of blogs.json and news.json as written (`files`),
 * so a snapshot file changed behind the manifest's back is never reused. Old manifests lack the three.
 */
export const manifestSchema = z.object({
  channel: z.string(),
  synced_at: z.string(),
  items: z.record(z.string(), z.string()),
  revs: z.record(z.string(), z.string()).optional(),
  format: z.string().optional(),
  files: z.record(z.string(), z.string()).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Everything one sync produces for a channel. */
export interface Snapshot {
  blogs: z.infer<typeof snapshotBlogsSchema>;
  news: z.infer<typeof snapshotNewsSchema>;
  makers: z.infer<typeof snapshotMakersSchema>;
  brands: z.infer<typeof snapshotBrandsSchema>;
  pages: z.infer<typeof snapshotPagesSchema>;
  settings: z.infer<typeof snapshotSettingsSchema>;
  /** FAQ items (every one, in category order) and their categories: /faq/. */
  qas: z.infer<typeof snapshotQasSchema>;
  qaCategories: z.infer<typeof snapshotQaCategoriesSchema>;
  /** /stylist/ and /stylist/{key}/. */
  stylists: z.infer<typeof snapshotStylistsSchema>;
  /** Landing pages, served by URL /{key}/ (spec 2). */
  landingPages: z.infer<typeof snapshotLandingPagesSchema>;
  /** Shown popups: /popup/, /popup/{id}/ and the once-per-visitor popup. */
  popups: z.infer<typeof snapshotPopupsSchema>;
  /** Catalogues with their page images: /flip-book/. */
  catalogs: z.infer<typeof snapshotCatalogsSchema>;
  /** The product category tree: the /sitemap/ page's category links. */
  categories: z.infer<typeof snapshotCategoriesSchema>;
}

/** File name of each snapshot part inside the channel folder. */
export const SNAPSHOT_FILES = {
  blogs: 'blogs.json',
  news: 'news.json',
  makers: 'makers.json',
  brands: 'brands.json',
  pages: 'static-pages.json',
  settings: 'settings.json',
  qas: 'qas.json',
  qaCategories: 'qa-categories.json',
  stylists: 'stylists.json',
  landingPages: 'landing-pages.json',
  popups: 'popups.json',
  catalogs: 'catalogs.json',
  categories: 'categories.json',
  manifest: 'manifest.json',
} as const;
