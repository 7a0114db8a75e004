/** The gift's products as the receiver sees them: picture, name, colour and size, quantity; no prices. */
import type { SocialGiftProduct } from '#contracts/social-gift.ts';
import { thumbnailOf } from '#lib/product-images.ts';

/** The picture's src and 1×/2× srcset through the image pipeline. */
const srcOf = (url: string) => {
  const t = thumbnailOf(url, 80);
  return { src: t.src, srcSet: t.srcset };
};

export default function GiftProducts({ items }: { items: SocialGiftProduct[] }) {
  return (
    <ul className="stack gift-products" aria-label="ギフトの内容">
      {items.map(({ product_info: p, quantity }, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a product may appear twice in one gift
        <li key={`${p.code}-${i}`} style={{ display: 'flex', gap: 'var(--space-3)', alignItems: 'center' }}>
          {p.image && (
            <img {...srcOf(p.image)} alt="" width={80} height={80} loading="lazy" decoding="async" style={{ objectFit: 'cover' }} />
          )}
          <div>
            <strong>{p.name}</strong>
            {(p.color || p.size) && <p className="muted">{[p.color, p.size].filter(Boolean).join(' / ')}</p>}
            <p>数量：{quantity}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
