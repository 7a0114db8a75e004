/** subset-font ships no types: HarfBuzz's hb-subset (wasm) keeping only the glyphs of `text`. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'; preserveNameIds?: number[]; variationAxes?: Record<string, number> },
  ): Promise<Uint8Array>;
}
