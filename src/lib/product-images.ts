/**
 * Product image markup for every layout (issue 25 item 3): which variant widths each layout offers
 * and the `sizes` its CSS gives the image, turned into <picture> sources (AVIF, WebP, JPEG fallback)
 * by src/components/ProductImage.astro, or into one negotiated <img> (`/v1/images/<id>/<w>`
 * picks AVIF or WebP from the browser's Accept) for islands and client scripts. An image the
 * pipeline does not serve (the SVG placeholder, an outside URL) is shown as it is.
 */
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  type ImageFormat,
  type ImageWidth,
  imageIdOf,
  imageVariantUrl,
} from '#contracts/images.ts';

export interface ImageLayout {
  /** The widths offered in srcset (1× and 2× screens of every size the layout takes). */
  widths: readonly ImageWidth[];
  /** The rendered width for `sizes`, matching the layout's CSS. */
  sizes: string;
  /** The width and height attributes (the image's box before CSS: reserves its room, no layout shift). */
  box: number;
}

/**
 * The layouts. Grids are `repeat(auto-fill, minmax(9.5rem, 1fr))`: two columns on a phone (about
 * half the screen), cards of about 10 rem beside the filters on wider screens. The gallery's main image is the full width
 * on a phone and at most 36 rem beside the buy box.
 */
export const IMAGE_LAYOUTS = {
  card: { widths: [160, 240, 320, 400, 480], sizes: '(min-width: 48rem) 10rem, 46vw', box: 400 },
  gallery: { widths: [320, 480, 640, 800, 1200], sizes: '(min-width: 48rem) 36rem, 92vw', box: 600 },
  thumb: { widths: [80, 160], sizes: '4rem', box: 80 },
  zoom: { widths: [640, 800, 1200], sizes: 'min(90vw, 48rem)', box: 1200 },
  small: { widths: [160, 240, 320], sizes: '10rem', box: 160 },
} as const satisfies Record<string, ImageLayout>;

export type ImageLayoutName = keyof typeof IMAGE_LAYOUTS;

export interface PictureSource {
  type: string;
  srcset: string;
}

export interface PictureMarkup {
  /** AVIF then WebP (the browser takes the first it supports). */
  sources: PictureSource[];
  /** The JPEG fallback: src and srcset of the <img>. */
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
}

const srcsetOf = (id: string, widths: readonly ImageWidth[], format?: ImageFormat) =>
  widths.map((w) => `${imageVariantUrl(id, w, format)} ${w}w`).join(', ');

/** The <picture> of a product image in a layout; null when the pipeline does not serve the URL. */
export function pictureOf(url: string | null | undefined, layout: ImageLayoutName): PictureMarkup | null {
  const id = imageIdOf(url);
  if (!id) return null;
  const { widths, sizes, box } = IMAGE_LAYOUTS[layout];
  const fallback = widths[Math.min(1, widths.length - 1)];
  return {
    sources: IMAGE_FORMATS.filter((f) => f !== 'jpg').map((f) => ({ type: IMAGE_CONTENT_TYPES[f], srcset: srcsetOf(id, widths, f) })),
    src: imageVariantUrl(id, fallback, 'jpg'),
    srcset: srcsetOf(id, widths, 'jpg'),
    sizes,
    width: box,
    height: box,
  };
}

const atLeast = (px: number): ImageWidth => IMAGE_WIDTHS.find((w) => w >= px) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/**
 * A fixed-size image `px` CSS pixels wide as a plain <img>: src and a 1×/2× srcset of the smallest
 * served widths that cover it (format by Accept); the URL as it is when the pipeline does not serve it.
 */
export function thumbnailOf(url: string, px: number): { src: string; srcset?: string } {
  const id = imageIdOf(url);
  if (!id) return { src: url };
  const once = imageVariantUrl(id, atLeast(px));
  return { src: once, srcset: `${once} 1x, ${imageVariantUrl(id, atLeast(px * 2))} 2x` };
}
