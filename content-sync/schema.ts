/**
 * Shapes of the content snapshot files in content-sync/.snapshot/<channel>/. Items keep the
 * contract's wire shape; bodies are already sanitised. The loader parses every file with these,
 * so a hand-edited or stale snapshot fails loudly at build time instead of rendering garbage.
 */
import { z } from 'zod';
import { blogSchema, brandSchema, makerSchema, newsSchema, staticPageSchema } from '#contracts/content.ts';
import { frontSettingsSchema } from '#contracts/settings.ts';

export const snapshotBlogsSchema = z.array(blogSchema);
export const snapshotNewsSchema = z.array(newsSchema);
export const snapshotMakersSchema = z.array(makerSchema);
export const snapshotBrandsSchema = z.array(brandSchema);
export const snapshotPagesSchema = z.array(staticPageSchema);
export const snapshotSettingsSchema = frontSettingsSchema.nullable();

/** manifest.json: when the sync ran and a content hash per item id (`blog:<key>`, `news:<key>`, ...). */
export const manifestSchema = z.object({
  channel: z.string(),
  synced_at: z.string(),
  items: z.record(z.string(), z.string()),
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
}

/** File name of each snapshot part inside the channel folder. */
export const SNAPSHOT_FILES = {
  blogs: 'blogs.json',
  news: 'news.json',
  makers: 'makers.json',
  brands: 'brands.json',
  pages: 'static-pages.json',
  settings: 'settings.json',
  manifest: 'manifest.json',
} as const;
