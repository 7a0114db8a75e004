/** Product cards the discovery scripts render into shelves (recently viewed, recommendations, accessories). */
import { formatYen } from '#lib/money.ts';
import { thumbnailOf } from '#lib/product-images.ts';
import { loadFavorites } from '../favorites.ts';

/** The fields of a wire Product a card shows. */
export interface CardProduct {
  id: number;
  key: string;
  name: string;
  image: string;
  product_price_with_tax: number;
  is_stock_available: boolean;
  brand: { name: string } | null;
}

const productHref = (key: string) => `/product/${encodeURIComponent(key)}/`;

/** One card: image, brand, name (the card's link), price, sold-out mark and the heart. */
export function renderCard(p: CardProduct): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'shelf-card';
  const img = Object.assign(document.createElement('img'), {
    ...thumbnailOf(p.image, 200),
    alt: '',
    width: 200,
    height: 200,
    loading: 'lazy',
    decoding: 'async',
  });
  const link = Object.assign(document.createElement('a'), { href: productHref(p.key), textContent: p.name, className: 'shelf-name' });
  link.dataset.productId = String(p.id);
  const price = Object.assign(document.createElement('p'), {
    className: 'shelf-price',
    textContent: `${formatYen(p.product_price_with_tax)}（税込）`,
  });
  if (!p.is_stock_available)
    price.append(Object.assign(document.createElement('span'), { className: 'shelf-soldout', textContent: ' 在庫切れ' }));
  const heart = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'fav-button',
    textContent: '♥',
    title: 'お気に入りに追加',
  });
  heart.dataset.favorite = '';
  heart.dataset.productId = String(p.id);
  heart.setAttribute('aria-pressed', 'false');
  heart.setAttribute('aria-label', 'お気に入りに追加');
  li.append(img);
  if (p.brand) li.append(Object.assign(document.createElement('p'), { className: 'shelf-brand', textContent: p.brand.name }));
  li.append(link, price, heart);
  return li;
}

/** Fills a shelf section's list with cards and shows it; an empty list keeps it hidden. */
export function fillShelf(section: HTMLElement, products: CardProduct[]): void {
  const list = section.querySelector('ul[data-shelf-items]');
  if (!list) return;
  list.replaceChildren(...products.map(renderCard));
  section.hidden = products.length === 0;
  void loadFavorites(section);
}
