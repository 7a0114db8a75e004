/**
 * The pipeline's encoders: one source (a master JPEG or an editor's upload) resized to a served
 * width (never enlarged) and written as AVIF, WebP or JPEG. Renders run one or two at a time
 * (RENDER_SLOTS), so a burst of first requests queues here instead of taking every core from the
 * API; libvips itself keeps one thread per render.
 */
import sharp from 'sharp';
import type { ImageFormat } from '#contracts/images.ts';

/** Bump when a setting below changes: cached variants are kept under this version. */
export const ENCODER_VERSION = 1;

/** Decoded pixels a source may have (a 6000 × 6000 photograph); more is refused as a decompression bomb. */
export const MAX_SOURCE_PIXELS = 36_000_000;

sharp.concurrency(1);

const RENDER_SLOTS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RENDER_SLOTS) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** What sharp can read of a source, or null when it is no image it can decode (or too many pixels). */
export async function imageInfo(bytes: Uint8Array): Promise<{ width: number; height: number; format: string } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_SOURCE_PIXELS) return null;
    // Decode it once: a header that reads well over broken pixel data is caught here, not on first view.
    await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).resize(8).raw().toBuffer();
    return { width: meta.width, height: meta.height, format: meta.format ?? '' };
  } catch {
    return null;
  }
}

/** One variant: `width` wide at most (never enlarged), EXIF orientation applied, metadata dropped. */
export function encodeVariant(source: Uint8Array, width: number, format: ImageFormat): Promise<Uint8Array> {
  return inSlot(async () => {
    const image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true, kernel: 'lanczos3' })
      .toColourspace('srgb');
    const out =
      format === 'avif'
        ? image.avif({ quality: 52, effort: 3, chromaSubsampling: '4:2:0' })
        : format === 'webp'
          ? image.webp({ quality: 74, effort: 4, smartSubsample: true })
          : image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true, progressive: true });
    return new Uint8Array(await out.toBuffer());
  });
}
