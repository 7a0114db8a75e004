// @vitest-environment jsdom
/** The product-page scripts in a DOM: hearts marked everywhere, recommendation click events, data layer pushes. */
import { describe, expect, it } from 'vitest';
import { pushPurchase, pushViewItem } from '#scripts/data-layer.ts';
import { markFavorite } from '#scripts/favorites.ts';
import { purchaseItems, purchaseValueWithoutTax, reportPurchase } from '#scripts/purchase-data-layer.ts';
import { recommendClickEvent } from '#scripts/recommend.ts';

describe('hearts', () => {
  it('marking a product updates every heart of that product on the page, and only those', () => {
    document.body.innerHTML = `
      <button data-favorite data-product-id="5" aria-pressed="false"></button>
      <section><button data-favorite data-product-id="5" aria-pressed="false"></button></section>
      <button data-favorite data-product-id="6" aria-pressed="false"></button>`;
    markFavorite(5, true);
    const [a, b, c] = document.querySelectorAll('button');
    expect([a, b].map((x) => [x.getAttribute('aria-pressed'), x.getAttribute('aria-label')])).toEqual([
      ['true', 'お気に入りから削除'],
      ['true', 'お気に入りから削除'],
    ]);
    expect(c.getAttribute('aria-pressed')).toBe('false');
    markFavorite(5, false);
    expect(a.getAttribute('aria-label')).toBe('お気に入りに追加');
  });
});

describe('recommendation click', () => {
  it('carries the cart-cookie token and logreco_rcmd_ct', () => {
    expect(recommendClickEvent('from-key', 9, 2, 'cart-tok', 'item_to_item')).toEqual({
      name: 'recommend_click',
      args: { from_product_key: 'from-key', product_id: 9, position: 2 },
      token: 'cart-tok',
      logreco_rcmd_ct: 'item_to_item',
    });
    expect(recommendClickEvent('k', 1, 1, '', 'x')).not.toHaveProperty('token');
  });
});

describe('dataLayer', () => {
  it('pushes view_item and purchase onto window.dataLayer', () => {
    const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
    delete w.dataLayer;
    pushViewItem({
      id: 1,
      key: 'k',
      code: 'C',
      name: 'N',
      product_price: 100,
      product_price_with_tax: 110,
      brand: null,
      product_model: null,
    });
    pushPurchase({ order_no: 'O-1', total_payment: 1100, total_tax: 100, total_carriage: 0 }, [], true);
    const events = w.dataLayer!.filter((e) => e.event);
    expect(events.map((e) => e.event)).toEqual(['view_item', 'purchase']);
    expect((events[1].ecommerce as { value: number }).value).toBe(1000);
    expect((events[0].ecommerce as { value: number }).value).toBe(110);
  });
});

describe('thanks-page purchase', () => {
  const order = {
    order_no: 'O-77',
    items: [
      {
        key: 'k1',
        code: 'C-1',
        name: '麻のシャツ',
        image: null,
        unit_price: 5000,
        unit_price_with_tax: 5500,
        tax_rate: 10 as const,
        quantity: 2,
        tax_amount: 1000,
        subtotal_with_tax: 11000,
      },
    ],
    order: { total_payment: 11700, total_tax: 1000, total_carriage: 700 },
  } as unknown as Parameters<typeof reportPurchase>[0];

  it('pushes purchase once per order and tab, with the lines and the value per the setting', () => {
    const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
    delete w.dataLayer;
    sessionStorage.clear();
    expect(reportPurchase(order, true)).toBe(true);
    // A reload of the thanks page pushes nothing more.
    expect(reportPurchase(order, true)).toBe(false);
    const events = w.dataLayer!.filter((e) => e.event === 'purchase');
    expect(events).toHaveLength(1);
    expect(events[0].ecommerce).toEqual({
      transaction_id: 'O-77',
      currency: 'JPY',
      value: 10700,
      tax: 1000,
      shipping: 700,
      items: [{ item_id: 'C-1', item_name: '麻のシャツ', quantity: 2, price: 5000 }],
    });
    expect(purchaseItems(order, false)[0].price).toBe(5500);
  });

  it('reads the build setting from the page, false when absent or broken', () => {
    document.body.innerHTML = '<script type="application/json" id="data-layer-settings">{"withoutTax":true}</script>';
    expect(purchaseValueWithoutTax()).toBe(true);
    document.body.innerHTML = '<script type="application/json" id="data-layer-settings">{oops</script>';
    expect(purchaseValueWithoutTax()).toBe(false);
    document.body.innerHTML = '';
    expect(purchaseValueWithoutTax()).toBe(false);
  });
});
