/** schema.org Product JSON-LD of a product page (name, images, sku, brand, offer, aggregate rating). */
import type { Product } from '#contracts/products.ts';

const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  low: 'https://schema.org/LimitedAvailability',
  out: 'https://schema.org/OutOfStock',
} as const;

/** The JSON-LD object; image and offer URLs made absolute against `pageUrl`. */
export function productJsonLd(product: Product, pageUrl: URL): Record<string, unknown> {
  const abs = (path: string) => new URL(path, pageUrl).href;
  const images = [product.image, ...product.images.filter((i) => i !== product.image)].map(abs);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: images,
    sku: product.code,
    description: product.description.replace(/\s+/g, ' ').slice(0, 500),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    ...(product.color ? { color: product.color } : {}),
    ...(product.size ? { size: product.size } : {}),
    offers: {
      '@type': 'Offer',
      url: new URL(pageUrl.pathname, pageUrl).href,
      price: product.product_price_with_tax,
      priceCurrency: 'JPY',
      availability: AVAILABILITY[product.stock_status],
    },
    ...(product.review_count > 0 && product.review_avg !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.review_avg,
            reviewCount: product.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The object as the text of a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
