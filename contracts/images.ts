/**
 * The image pipeline's URLs (issue 25 item 3), shared by the Shop API, which serves them
 * (api/src/services/images/), and the storefront, which writes the <picture> markup
 * (src/lib/product-images.ts). A product image is named by a source id:
 * - a seeded photograph, `photo<version>-<kind>-<view>-<rrggbb>.jpg` (rendered by the API from its
 *   recipe: the product type, the view and the product's colour);
 * - an editor's upload, `<32 hex>.<jpg|png|gif|webp>` (POST /v1/upload-files with dir `products`).
 * `/v1/images/<id>` is the master JPEG; `/v1/images/<id>/<width>.<avif|webp|jpg>` one variant, and
 * `/v1/images/<id>/<width>` the best format the request's Accept names (Vary: Accept). Source ids
 * never change content (a new recipe is a new version, an upload a new random key), so every
 * variant is served immutable.
 */

export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** The only widths served (a closed list, so a request cannot make the server render any size). */
export const IMAGE_WIDTHS = [80, 160, 240, 320, 400, 480, 640, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The master's width (and height: product photographs are square). */
export const IMAGE_MASTER_WIDTH = 1200;

/** The recipe version of seeded photographs: a new look is a new version, so old URLs stay valid in caches. */
export const PHOTO_VERSION = 1;

export const PHOTO_ID_PATTERN = /^photo(\d+)-([a-z]+)-(main|detail|back)-([0-9a-f]{6})\.jpg$/;
export const UPLOAD_IMAGE_ID_PATTERN = /^[a-f0-9]{32}\.(?:jpg|png|gif|webp)$/;

export const isImageId = (id: string) => PHOTO_ID_PATTERN.test(id) || UPLOAD_IMAGE_ID_PATTERN.test(id);

/** The pipeline's source id of an image URL (`/v1/images/<id>`, `/v1/upload-files/<id>`, absolute or not), or null. */
export function imageIdOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const m = /^\/v1\/(?:images|upload-files)\/([^/]+)$/.exec(pathname);
  return m && isImageId(m[1]) ? m[1] : null;
}

/** The URL of the master JPEG of a source id. */
export const imageUrl = (id: string) => `/v1/images/${id}`;

/** One variant's URL; without a format, the server picks by Accept. */
export const imageVariantUrl = (id: string, width: ImageWidth, format?: ImageFormat) =>
  `/v1/images/${id}/${width}${format ? `.${format}` : ''}`;

/** The URL of a seeded photograph. */
export const photoUrl = (kind: string, view: 'main' | 'detail' | 'back', colour: string) =>
  imageUrl(`photo${PHOTO_VERSION}-${kind}-${view}-${colour.replace(/^#/, '').toLowerCase()}.jpg`);
