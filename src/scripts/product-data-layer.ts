/**
 * The product page's analytics events (spec 9): view_item once the page has loaded, add_to_cart when
 * the enhanced add-to-cart form reports success (its status region gets the 「カートに追加しました」
 * notice). The product and the tax setting come from the page's JSON data block.
 */
import { type LayerProduct, pushAddToCart, pushViewItem } from './data-layer.ts';

const data = document.getElementById('data-layer-product')?.textContent;
if (data) {
  const { product, withoutTax } = JSON.parse(data) as { product: LayerProduct; withoutTax: boolean };
  pushViewItem(product, withoutTax);
  const form = document.querySelector<HTMLFormElement>('form[data-add-to-cart]');
  const status = form?.querySelector('[data-add-status]');
  if (form && status) {
    new MutationObserver(() => {
      if (!status.classList.contains('notice')) return;
      const quantity = Number(new FormData(form).get('quantity')) || 1;
      pushAddToCart(product, quantity, withoutTax);
    }).observe(status, { childList: true });
  }
}
