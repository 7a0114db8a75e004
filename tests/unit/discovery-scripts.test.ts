// @vitest-environment jsdom
/** The product-page scripts in a DOM: hearts marked everywhere, recommendation click events, data layer pushes. */
import { describe, expect, it } from 'vitest';
import { markFavorite } from '../../src/scripts/favorites.ts';
import { recommendClickEvent } from '../../src/scripts/recommend.ts';
import { pushPurchase, pushViewItem } from '../../src/scripts/data-layer.ts';

describe('hearts', () => {
  it('marking a product updates every heart of that product on the page, and only those', () => {
    document.body.innerHTML = `
      <button data-favorite data-product-id="5" aria-pressed="false"></button>
      <section><button data-favorite data-product-id="5" aria-pressed="false"></button></section>
      <button data-favorite data-product-id="6" aria-pressed="false"></button>`;
    markFavorite(5, true);
    const [a, b, c] = document.querySelectorAll('button');
    expect([a, b].map((x) => [x.getAttribute('aria-pressed'), x.getAttribute('aria-label')])).toEqual([['true', 'お気に入りから削除'], ['true', 'お気に入りから削除']]);
    expect(c.getAttribute('aria-pressed')).toBe('false');
    markFavorite(5, false);
    expect(a.getAttribute('aria-label')).toBe('お気に入りに追加');
  });
});

describe('recommendation click', () => {
  it('carries the cart-cookie token and logreco_rcmd_ct', () => {
    expect(recommendClickEvent('from-key', 9, 2, 'cart-tok', 'item_to_item')).toEqual({
      name: 'recommend_click', args: { from_product_key: 'from-key', product_id: 9, position: 2 }, token: 'cart-tok', logreco_rcmd_ct: 'item_to_item',
    });
    expect(recommendClickEvent('k', 1, 1, '', 'x')).not.toHaveProperty('token');
  });
});

describe('dataLayer', () => {
  it('pushes view_item and purchase onto window.dataLayer', () => {
    const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
    delete w.dataLayer;
    pushViewItem({ id: 1, key: 'k', code: 'C', name: 'N', product_price: 100, product_price_with_tax: 110, brand: null, product_model: null });
    pushPurchase({ order_no: 'O-1', total_payment: 1100, total_tax: 100, total_carriage: 0 }, [], true);
    const events = w.dataLayer!.filter((e) => e.event);
    expect(events.map((e) => e.event)).toEqual(['view_item', 'purchase']);
    expect((events[1].ecommerce as { value: number }).value).toBe(1000);
    expect((events[0].ecommerce as { value: number }).value).toBe(110);
  });
});
