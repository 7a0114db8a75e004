/**
 * Renders the seeded product photographs: the product's shape in its colour on a studio sweep, lit
 * from the upper left (diffuse lighting over the blurred silhouette gives it volume), a woven
 * texture, a soft floor shadow, a vignette and film grain from a seeded generator, so the same id
 * always gives the same bytes. Three views: `main`, `detail` (a close-up) and
 * `back` (turned, on a cooler backdrop). Output: the 1200 × 1200 master JPEG the variants come from.
 */
import sharp from 'sharp';
import { IMAGE_MASTER_WIDTH, PHOTO_ID_PATTERN, PHOTO_VERSION } from '#contracts/images.ts';
import { PHOTO_SHAPES, paletteOf } from './photo-shapes.ts';

export interface PhotoRecipe {
  kind: string;
  view: 'main' | 'detail' | 'back';
  colour: string;
}

/** The recipe a photo id names, or null (unknown version or product type). */
export function photoRecipeOf(id: string): PhotoRecipe | null {
  const m = PHOTO_ID_PATTERN.exec(id);
  if (!m || Number(m[1]) !== PHOTO_VERSION || !PHOTO_SHAPES[m[2]]) return null;
  return { kind: m[2], view: m[3] as PhotoRecipe['view'], colour: `#${m[4]}` };
}

const BACKDROPS = {
  main: ['#f7f4ef', '#e4ded4'],
  detail: ['#f3efe8', '#d9d1c4'],
  back: ['#eef1f2', '#d5dadd'],
} as const;

const DRAW_SIZE = 800;

/** The scene's SVG (400 × 400 stage drawn `size` pixels wide). */
export function photoSvg(recipe: PhotoRecipe, size: number = IMAGE_MASTER_WIDTH): string {
  const shape = PHOTO_SHAPES[recipe.kind];
  const [top, floor] = BACKDROPS[recipe.view];
  const seed = Number.parseInt(recipe.colour.slice(1), 16) % 997;
  const [fx, fy] = shape.focus;
  const place =
    recipe.view === 'detail'
      ? `translate(200 200) scale(2.3) translate(${-fx} ${-fy})`
      : recipe.view === 'back'
        ? 'translate(400 0) scale(-1 1) rotate(-4 200 220)'
        : 'translate(0 6)';
  const product = shape.svg(paletteOf(recipe.colour));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
<defs>
  <linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".62" stop-color="${top}"/><stop offset="1" stop-color="${floor}"/></linearGradient>
  <radialGradient id="spot" cx=".3" cy=".22" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <radialGradient id="vignette" cx=".5" cy=".48" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></radialGradient>
  <filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="9"/></filter>
  <filter id="lit" x="-5%" y="-5%" width="110%" height="110%" color-interpolation-filters="sRGB">
    <feGaussianBlur in="SourceAlpha" stdDeviation="7" result="bump"/>
    <feDiffuseLighting in="bump" surfaceScale="9" diffuseConstant="1.15" lighting-color="#fff" result="light"><feDistantLight azimuth="225" elevation="48"/></feDiffuseLighting>
    <feComposite in="SourceGraphic" in2="light" operator="arithmetic" k1="1.05" k2="0" k3="0" k4="0" result="shaded"/>
    <feTurbulence type="fractalNoise" baseFrequency="1.6 0.45" numOctaves="3" seed="${seed}" result="weave"/>
    <feColorMatrix in="weave" type="matrix" values="0 0 0 0 .5  0 0 0 0 .5  0 0 0 0 .5  .8 .8 .8 0 -1.05" result="weaveGrey"/>
    <feBlend in="weaveGrey" in2="shaded" mode="multiply" result="textured"/>
    <feComposite in="textured" in2="SourceAlpha" operator="in"/>
  </filter>
</defs>
<rect width="400" height="400" fill="url(#sweep)"/>
<rect width="400" height="400" fill="url(#spot)"/>
<ellipse cx="${recipe.view === 'detail' ? 230 : 212}" cy="${recipe.view === 'detail' ? 380 : 344}" rx="${recipe.view === 'detail' ? 210 : 140}" ry="18" fill="#2b2520" opacity=".28" filter="url(#soft)"/>
<g transform="${place}"><g filter="url(#lit)">${product}</g></g>
<rect width="400" height="400" fill="url(#vignette)"/>
</svg>`;
}

/** Film grain: a seeded xorshift, so the bytes never change for the same id. */
function grain(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size * size);
  let x = seed | 1;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    // The sum of two uniform draws: a soft, roughly triangular spread around mid-grey.
    const a = x & 0xff;
    const b = (x >>> 8) & 0xff;
    out[i] = 128 + ((a + b - 255) >> 3);
  }
  return out;
}

/** The master JPEG of one recipe. */
export async function renderPhoto(recipe: PhotoRecipe): Promise<Uint8Array> {
  const size = IMAGE_MASTER_WIDTH;
  const seed = Number.parseInt(recipe.colour.slice(1), 16) ^ (recipe.kind.length << 20) ^ (recipe.view.length << 26);
  const noise = await sharp(grain(size, seed), { raw: { width: size, height: size, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  // Drawn at 2/3 size and enlarged: the filters cost the square of the size, the grain stays sharp.
  const drawn = await sharp(Buffer.from(photoSvg(recipe, DRAW_SIZE)))
    .png({ compressionLevel: 0 })
    .toBuffer();
  const jpeg = await sharp(drawn)
    .resize(size, size, { kernel: 'lanczos3' })
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 86, mozjpeg: true, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return new Uint8Array(jpeg);
}
