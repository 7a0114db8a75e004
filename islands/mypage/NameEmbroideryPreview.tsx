/**
 * The name embroidery as it would be stitched: the text in the chosen typeface and thread colour on
 * a cloth swatch (dark cloth for the light threads, so every colour stays readable: at least 3:1 at
 * this size).
 */
import { EMBROIDERY_COLORS, EMBROIDERY_FONTS, type EmbroideryColor, type EmbroideryFont } from '#contracts/memorial-choices.ts';

const FONT_FAMILIES: Record<EmbroideryFont, { fontFamily: string; fontWeight?: number; fontStyle?: string }> = {
  mincho: { fontFamily: '"Hiragino Mincho ProN", "Yu Mincho", "Noto Serif JP", serif' },
  gothic: { fontFamily: '"Hiragino Sans", "Yu Gothic", "Noto Sans JP", sans-serif', fontWeight: 700 },
  brush: { fontFamily: '"Segoe Script", "Brush Script MT", cursive', fontStyle: 'italic' },
  block: { fontFamily: '"Arial Black", Impact, "Hiragino Sans", sans-serif', fontWeight: 900 },
};
const LIGHT_THREADS: ReadonlySet<EmbroideryColor> = new Set(['gold', 'silver', 'white']);

export default function NameEmbroideryPreview({ text, font, color }: { text: string; font: EmbroideryFont; color: EmbroideryColor }) {
  const dark = LIGHT_THREADS.has(color);
  return (
    <figure style={{ margin: 0 }}>
      <div
        data-embroidery-preview=""
        style={{
          ...FONT_FAMILIES[font],
          color: EMBROIDERY_COLORS[color].hex,
          background: dark ? '#1e1e1e' : '#f5f1e8',
          fontSize: '2rem',
          lineHeight: 1.4,
          padding: '1rem 1.5rem',
          borderRadius: '.5rem',
          border: '1px dashed #777',
          minHeight: '4.5rem',
          overflowWrap: 'anywhere',
          letterSpacing: '.05em',
        }}
      >
        {text || '\u00a0'}
      </div>
      <figcaption className="muted" style={{ fontSize: '.85rem' }}>
        プレビュー：{EMBROIDERY_FONTS[font]}・{EMBROIDERY_COLORS[color].label}の糸（実際の仕上がりとは異なる場合があります）
      </figcaption>
    </figure>
  );
}
