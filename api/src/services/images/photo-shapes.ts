/**
 * The product shapes of the seeded photographs, one per top-level category (the same silhouettes as
 * the old SVG drawings, on a 400 × 400 stage), painted in the product's colour: `c` the cloth or body,
 * `s` its shade (seams, outlines), `l` its light (highlights), with fixed colours for metal, soles
 * and the like. `focus` is where the close-up ("detail") view looks.
 */

export interface Palette {
  c: string;
  s: string;
  l: string;
}

export interface PhotoShape {
  /** The colour of products of this type that have none of their own. */
  colour: string;
  focus: [number, number];
  svg: (p: Palette) => string;
}

export const PHOTO_SHAPES: Record<string, PhotoShape> = {
  tops: {
    colour: '#5d7ea8',
    focus: [200, 130],
    svg: (p) =>
      `<path d="M150 92l-72 38 26 58 30-14v136h132V174l30 14 26-58-72-38c-8 22-28 36-50 36s-42-14-50-36z" fill="${p.c}" stroke="${p.s}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M172 96c8 14 18 20 28 20s20-6 28-20" fill="none" stroke="${p.s}" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="M134 292h132M104 182l28-12M296 182l-28-12" stroke="${p.s}" stroke-width="2" stroke-dasharray="4 3" opacity=".7"/>`,
  },
  bottoms: {
    colour: '#3f5a7a',
    focus: [200, 120],
    svg: (p) =>
      `<path d="M138 80h124l22 244h-62l-22-168-22 168h-62z" fill="${p.c}" stroke="${p.s}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M138 104h124" stroke="${p.s}" stroke-width="4"/>` +
      `<path d="M200 104v52M160 118c0 14 8 22 20 24M240 118c0 14-8 22-20 24" fill="none" stroke="${p.s}" stroke-width="3" stroke-linecap="round"/>` +
      `<circle cx="200" cy="92" r="5" fill="#d9b36c" stroke="#8c6d35" stroke-width="1.5"/>`,
  },
  outer: {
    colour: '#a77b52',
    focus: [190, 200],
    svg: (p) =>
      `<path d="M160 76l-56 30-20 214h52l10-120v132h108V200l10 120h52l-20-214-56-30-40 64z" fill="${p.c}" stroke="${p.s}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M160 76l40 64 40-64M200 140v192" fill="none" stroke="${p.s}" stroke-width="4" stroke-linejoin="round"/>` +
      `<g fill="${p.s}"><circle cx="186" cy="190" r="6"/><circle cx="186" cy="236" r="6"/><circle cx="186" cy="282" r="6"/></g>` +
      `<path d="M146 240h24M230 240h24" stroke="${p.s}" stroke-width="4" stroke-linecap="round"/>`,
  },
  shoes: {
    colour: '#e9e4da',
    focus: [180, 210],
    svg: (p) =>
      `<path d="M76 262v-88c20 0 40-6 58-24 26 36 70 58 128 64 44 4 66 24 66 48z" fill="${p.c}" stroke="${p.s}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M72 262h260v18c0 8-6 14-14 14H86c-8 0-14-6-14-14z" fill="#efebe3" stroke="#b9b2a5" stroke-width="2"/>` +
      `<path d="M148 190l16-14M170 202l16-14M192 212l16-14" stroke="${p.s}" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M230 232c20 2 40 8 52 20" fill="none" stroke="${p.l}" stroke-width="6" stroke-linecap="round"/>`,
  },
  bags: {
    colour: '#c9a27a',
    focus: [200, 190],
    svg: (p) =>
      `<path d="M150 150v-22a50 50 0 0 1 100 0v22" fill="none" stroke="${p.s}" stroke-width="10" stroke-linecap="round"/>` +
      `<path d="M104 150h192l-14 180H118z" fill="${p.c}" stroke="${p.s}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M112 196h176" stroke="${p.s}" stroke-width="3"/>` +
      `<rect x="182" y="184" width="36" height="26" rx="4" fill="${p.l}" stroke="${p.s}" stroke-width="3"/>`,
  },
  accessories: {
    colour: '#8c6e4f',
    focus: [200, 200],
    svg: (p) =>
      `<rect x="170" y="70" width="60" height="80" rx="10" fill="${p.c}" stroke="${p.s}" stroke-width="2"/>` +
      `<rect x="170" y="250" width="60" height="80" rx="10" fill="${p.c}" stroke="${p.s}" stroke-width="2"/>` +
      `<circle cx="200" cy="200" r="66" fill="#fbf8f3" stroke="#b08d57" stroke-width="12"/>` +
      `<path d="M200 160v40l26 18" fill="none" stroke="#3b3b3b" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<circle cx="200" cy="200" r="5" fill="#3b3b3b"/><path d="M266 192h10v16h-10" fill="#b08d57"/>`,
  },
  kitchen: {
    colour: '#3d4b59',
    focus: [200, 220],
    svg: (p) =>
      `<path d="M116 188h168v64a72 72 0 0 1-72 72h-24a72 72 0 0 1-72-72z" fill="${p.c}" stroke="${p.s}" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M284 208c26 0 38 10 38 24s-12 22-38 22" fill="none" stroke="${p.s}" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M108 188h184" stroke="${p.s}" stroke-width="10" stroke-linecap="round"/>` +
      `<path d="M152 188c0-30 22-48 48-48s48 18 48 48" fill="${p.l}" stroke="${p.s}" stroke-width="3"/>` +
      `<circle cx="200" cy="132" r="10" fill="${p.s}"/>`,
  },
  food: {
    colour: '#d9cdb4',
    focus: [200, 250],
    svg: (p) =>
      `<ellipse cx="200" cy="312" rx="138" ry="20" fill="${p.c}" stroke="${p.s}" stroke-width="2"/>` +
      `<path d="M200 84c-20 0-34 12-48 36l-62 110c-22 40 0 80 48 80h124c48 0 70-40 48-80l-62-110c-14-24-28-36-48-36z" fill="#fbfaf6" stroke="#cfc8b8" stroke-width="2" stroke-linejoin="round"/>` +
      `<path d="M142 236h116v74H142z" fill="#27321f"/>` +
      `<g fill="#e3ddcd"><circle cx="180" cy="160" r="3"/><circle cx="214" cy="184" r="3"/><circle cx="196" cy="206" r="3"/><circle cx="226" cy="150" r="3"/></g>`,
  },
};

/** The default colour of a product type (for products with no colour of their own). */
export const photoColourOf = (kind: string) => PHOTO_SHAPES[kind]?.colour ?? '#8a8d91';

const hex = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, '0');

/** `colour` mixed towards `to` (0 → colour, 1 → to). */
function mix(colour: string, to: [number, number, number], t: number): string {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  return `#${rgb.map((v, i) => hex(v + (to[i] - v) * t)).join('')}`;
}

/** The palette of a product colour (`#rrggbb`): light colours get a grey shade, dark ones a lighter light. */
export function paletteOf(colour: string): Palette {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  const luma = 0.299 * r + 0.587 * g + 0.114 * b;
  return {
    c: colour,
    s: luma > 200 ? mix(colour, [90, 88, 84], 0.55) : mix(colour, [0, 0, 0], 0.42),
    l: mix(colour, [255, 255, 255], luma < 60 ? 0.35 : 0.45),
  };
}
