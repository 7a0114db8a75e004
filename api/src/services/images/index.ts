/**
 * GET /v1/images/{id} and /v1/images/{id}/{width}[.{format}] (issue 25 item 3): every product image
 * through one pipeline. A source is a seeded photograph (rendered from its recipe, ./photo-studio.ts)
 * or an editor's upload in the `products` folder (POST /v1/upload-files, checked to decode at
 * upload); each variant is rendered on first request (./encode.ts) and kept (./cache.ts). The id
 * names the content for good, so answers are immutable. URL rules: #contracts/images.ts.
 */
import { eq } from 'drizzle-orm';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_MASTER_WIDTH,
  IMAGE_WIDTHS,
  type ImageFormat,
  PHOTO_ID_PATTERN,
  UPLOAD_IMAGE_ID_PATTERN,
} from '#contracts/images.ts';
import type { Db } from '../../db/client.ts';
import { uploaded_files } from '../../db/schema/index.ts';
import type { ApiEnv } from '../../env.ts';
import { notFound } from '../../lib/errors.ts';
import { logFor } from '../../lib/log.ts';
import { storageOf, uploadStorage } from '../storage/index.ts';
import { cached, cacheKey } from './cache.ts';
import { encodeVariant } from './encode.ts';
import { photoRecipeOf, renderPhoto } from './photo-studio.ts';

export { imageInfo } from './encode.ts';
export { photoColourOf } from './photo-shapes.ts';

const log = logFor('images');

/** The upload folder whose images the pipeline serves (and checks at upload). */
export const PRODUCT_IMAGE_DIR = 'products';
export const isProductImageDir = (dir: string) => dir === PRODUCT_IMAGE_DIR || dir.startsWith(`${PRODUCT_IMAGE_DIR}/`);

export interface ImageAnswer {
  bytes: Uint8Array;
  etag: string;
  contentType: string;
  /** True when the format came from the Accept header (the answer then varies by it). */
  negotiated: boolean;
}

/** The format a browser's Accept header takes best: AVIF, then WebP, else JPEG. */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  const a = (accept ?? '').toLowerCase();
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return 'jpg';
}

/** `640.avif` → width and format; `640` → width only; null when not a served width or format. */
export function parseVariant(variant: string): { width: number; format: ImageFormat | null } | null {
  const m = /^(\d{2,4})(?:\.([a-z]+))?$/.exec(variant);
  if (!m) return null;
  const width = Number(m[1]);
  const format = (m[2] ?? null) as ImageFormat | null;
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return null;
  if (format && !IMAGE_FORMATS.includes(format)) return null;
  return { width, format };
}

const onStoreError = (e: unknown) => log.warn({ err: e }, 'image cache storage failed');

/** Reads a source's bytes (a photo's master is rendered once and kept); a 404 when the id names none. */
type Source = () => Promise<Uint8Array>;

const photoMaster = (env: ApiEnv, id: string) => {
  const recipe = photoRecipeOf(id);
  if (!recipe) throw notFound('画像');
  return cached(uploadStorage(env), cacheKey(id, 'master.jpg'), () => renderPhoto(recipe), onStoreError);
};

/** The source of an id: an upload is looked up on every request, so a deleted one is gone from the pipeline too. */
async function sourceOf(db: Db, env: ApiEnv, id: string): Promise<Source> {
  if (PHOTO_ID_PATTERN.test(id)) {
    photoRecipeOf(id) ?? notFoundNow();
    return async () => (await photoMaster(env, id)).bytes;
  }
  if (!UPLOAD_IMAGE_ID_PATTERN.test(id)) notFoundNow();
  const [row] = await db.select().from(uploaded_files).where(eq(uploaded_files.key, id)).limit(1);
  if (!row || !isProductImageDir(row.dir) || !row.content_type.startsWith('image/')) notFoundNow();
  return async () => {
    const bytes = await storageOf(env, row.storage).get(row.object_key);
    if (!bytes) throw notFound('画像');
    return bytes;
  };
}

function notFoundNow(): never {
  throw notFound('画像');
}

/** One image answer: `variant` null is the master (the photograph's own JPEG, an upload's 1200-wide JPEG). */
export async function imageVariant(db: Db, env: ApiEnv, id: string, variant: string | null, accept?: string): Promise<ImageAnswer> {
  const read = await sourceOf(db, env, id);
  if (variant === null && PHOTO_ID_PATTERN.test(id)) {
    return { ...(await photoMaster(env, id)), contentType: IMAGE_CONTENT_TYPES.jpg, negotiated: false };
  }
  const wanted = variant === null ? { width: IMAGE_MASTER_WIDTH, format: 'jpg' as const } : parseVariant(variant);
  if (!wanted) notFoundNow();
  const format = wanted.format ?? negotiateFormat(accept);
  const key = cacheKey(id, `${wanted.width}.${format}`);
  const entry = await cached(
    uploadStorage(env),
    key,
    async () => {
      const source = await read();
      return encodeVariant(source, wanted.width, format).catch((e) => {
        // A file kept before uploads were checked to decode: no image to show.
        log.warn({ err: e, id }, 'image source does not decode');
        throw notFound('画像');
      });
    },
    onStoreError,
  );
  return { ...entry, contentType: IMAGE_CONTENT_TYPES[format], negotiated: wanted.format === null };
}

/** The variants made ahead for a new upload: AVIF and WebP at every served width from 160 (what the layouts offer). */
export const WARM_VARIANTS = IMAGE_WIDTHS.filter((w) => w >= 160).flatMap((w) => (['avif', 'webp'] as const).map((f) => `${w}.${f}`));

/**
 * Renders a new upload's variants one after another in the background, so the first shoppers get
 * them from the cache instead of waiting for an encode; one at a time keeps the cores for requests.
 * Answers when done (callers need not wait); a failure only logs, the variant is then made on request.
 */
export async function warmVariants(db: Db, env: ApiEnv, id: string, variants: readonly string[] = WARM_VARIANTS): Promise<number> {
  let made = 0;
  for (const variant of variants) {
    try {
      await imageVariant(db, env, id, variant);
      made++;
    } catch (e) {
      log.warn({ err: e, id, variant }, 'warming an image variant failed');
      return made;
    }
  }
  return made;
}
