/**
 * Enhances the product page's plain 「カートに入れる」 form (no React, no zod: a few KB). Once this has
 * run, a submit adds through the API client core (channel header, XHR marker, bearer, refresh) and
 * the page stays put: the result goes to the form's role="status" region and the header count is
 * refreshed. Before it has run, the same submit posts the form to /cart/add/, so no tap is lost and
 * the chosen quantity is what is sent either way.
 */
import { addToCart, parseProductId, parseQuantity } from '../api-client/add-to-cart.ts';
import { readCartToken, writeCartCache, writeCartToken } from '../api-client/cookie-jar.ts';
import { firstErrorMessage, isDisplayableError } from '../api-client/errors.ts';
import { cartPath } from '../lib/routes.ts';

/** Shows `text` (and a link to the cart when added) in the status region; an alert for failures. */
function report(form: HTMLFormElement, result: { added: string } | { error: string } | null): void {
  const status = form.querySelector<HTMLElement>('[data-add-status]');
  const alert = form.querySelector<HTMLElement>('[data-add-alert]');
  if (status) {
    status.textContent = '';
    status.classList.toggle('notice', !!result && 'added' in result);
    if (result && 'added' in result) {
      const link = Object.assign(document.createElement('a'), { href: cartPath, textContent: 'カートを見る' });
      status.append(`「${result.added}」をカートに追加しました。 `, link);
    }
  }
  if (alert) {
    alert.textContent = result && 'error' in result ? result.error : '';
    alert.hidden = !(result && 'error' in result);
  }
}

function enhance(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form);
    const productId = parseProductId(data.get('product_id'));
    const quantity = parseQuantity(data.get('quantity'));
    if (!productId || !quantity) return;
    busy = true;
    button?.setAttribute('aria-busy', 'true');
    report(form, null);
    void addToCart({ productId, quantity, token: readCartToken() }).then((outcome) => {
      if (outcome.cart) {
        writeCartToken(outcome.cart.cart.token);
        writeCartCache({ count: outcome.cart.cart.count });
      }
      if (outcome.ok) report(form, { added: form.dataset.productName ?? '' });
      else if (isDisplayableError(outcome.error)) report(form, { error: firstErrorMessage(outcome.error) });
      window.dispatchEvent(new Event('shop:header'));
    }).finally(() => {
      busy = false;
      button?.removeAttribute('aria-busy');
    });
  });
  // Tests and styles can tell an enhanced form from the plain one.
  form.dataset.enhanced = 'true';
}

document.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]').forEach(enhance);
