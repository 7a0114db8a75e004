/**
 * Product shelves filled when they come into view (themes/default/components/Recommend.astro and
 * Accessories.astro): GET /v1/products/{key}/recommend or /accessories, asked without the bearer so
 * the answer stays shared-cacheable (the hearts are marked for the member afterwards). A click on a
 * recommendation posts an e-commerce event with the cart-cookie token and logreco_rcmd_ct (spec 7).
 */
import { api, cookie, whenVisible } from './discovery/api.ts';
import { type CardProduct, fillShelf } from './discovery/cards.ts';

/** What a recommendation click sends to POST /v1/ecommerce_events. */
export function recommendClickEvent(from: string, productId: number, position: number, cartToken: string, kind: string) {
  return {
    name: 'recommend_click',
    args: { from_product_key: from, product_id: productId, position },
    ...(cartToken ? { token: cartToken } : {}),
    logreco_rcmd_ct: kind,
  };
}

function start(section: HTMLElement): void {
  const key = section.dataset.productKey ?? '';
  const kind = section.dataset.shelf === 'accessories' ? 'accessories' : 'recommend';
  whenVisible(section, () => {
    api<CardProduct[]>('GET', `/v1/products/${encodeURIComponent(key)}/${kind}`, { auth: false }).then(
      (products) => fillShelf(section, products),
      () => {
        section.hidden = true;
      },
    );
  });
  if (kind !== 'recommend') return;
  section.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-product-id]');
    if (!link) return;
    const cards = [...section.querySelectorAll('a[data-product-id]')];
    const body = recommendClickEvent(
      key,
      Number(link.dataset.productId),
      cards.indexOf(link) + 1,
      cookie('cartToken'),
      section.dataset.logrecoRcmdCt || 'item_to_item',
    );
    // keepalive: the page is being left; the event must still go out.
    void api('POST', '/v1/ecommerce_events', { body, keepalive: true }).catch(() => {});
  });
}

document.querySelectorAll<HTMLElement>('[data-product-shelf]').forEach(start);
