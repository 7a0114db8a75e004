/**
 * Enhances the product page's plain 「カートに入れる」 form (no React, no API client: about 1 KB; an
 * embroiderable product's 「名入れ刺繍をする」 loads src/scripts/embroidery.ts on top).
 * Once this has run, a submit posts the same form to /cart/add/ with fetch, asking for JSON: the
 * server adds through the Shop API and writes the cartToken / cart_cache cookies exactly as for the
 * plain post, and the page stays put: the result goes to the form's role="status" region and the
 * header count is refreshed. Before it has run, the same submit posts the form normally, so no tap is
 * lost and the chosen quantity is what is sent either way.
 *
 * A member whose access token has expired (expires_at cookie in the past) is refreshed first through
 * the API client (loaded only then), so the add goes to their own cart, not a guest's.
 */
import type { AddJsonAnswer } from '../pages/cart/add/index.ts';
import { refreshIfExpired } from './discovery/api.ts';

const FAILED = 'カートに入れられませんでした。時間をおいて再度お試しください。';

/** Shows `text` (and a link to the cart when added) in the status region; an alert for failures. */
function report(form: HTMLFormElement, result: { added: string } | { error: string } | null): void {
  const status = form.querySelector<HTMLElement>('[data-add-status]');
  const alert = form.querySelector<HTMLElement>('[data-add-alert]');
  if (status) {
    status.textContent = '';
    status.classList.toggle('notice', !!result && 'added' in result);
    if (result && 'added' in result) {
      const link = Object.assign(document.createElement('a'), { href: form.dataset.cartPath ?? '/cart/', textContent: 'カートを見る' });
      status.append(`「${result.added}」をカートに追加しました。 `, link);
    }
  }
  if (alert) {
    alert.textContent = result && 'error' in result ? result.error : '';
    alert.hidden = !(result && 'error' in result);
  }
}

async function add(form: HTMLFormElement): Promise<AddJsonAnswer | null> {
  // A member whose token has run out is refreshed first, so the add goes to their own cart.
  await refreshIfExpired();
  const res = await fetch(form.action, { method: 'POST', body: new FormData(form), headers: { Accept: 'application/json' } });
  // In maintenance the shop answers every page 503 (spec 8: go to /maintenance/, which shows the wording).
  // The path as written in src/lib/routes.ts (maintenancePath): importing that module would pull the
  // islands' shared chunk (React, the API client) into this page's first load.
  if (res.status === 503) {
    window.location.assign('/maintenance/');
    throw Object.assign(new Error('maintenance'), { handled: true });
  }
  return res.headers.get('content-type')?.includes('application/json') ? await res.json() as AddJsonAnswer : null;
}

function enhance(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  // 「名入れ刺繍をする」 only on an embroiderable product's page: its script is loaded only there.
  const pass = (): boolean => true;
  const embroidery: Promise<() => boolean> = form.querySelector('[data-embroidery]')
    ? import('./embroidery.ts').then((m) => m.setupEmbroidery(form), () => pass)
    : Promise.resolve(pass);
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    button?.setAttribute('aria-busy', 'true');
    report(form, null);
    embroidery.then((valid): Promise<AddJsonAnswer | null | 'invalid'> => (valid() ? add(form) : Promise.resolve('invalid'))).then((answer) => {
      if (answer === 'invalid') return;
      if (answer?.ok) report(form, { added: form.dataset.productName ?? '' });
      else if (answer) report(form, { error: answer.message ?? FAILED });
      else report(form, { error: FAILED });
    }, (error: unknown) => {
      // A refresh that ended the session has already moved to the login page.
      if (!(error instanceof Error && 'handled' in error && error.handled)) report(form, { error: FAILED });
    }).finally(() => {
      busy = false;
      button?.removeAttribute('aria-busy');
      window.dispatchEvent(new Event('shop:header'));
    });
  });
  // Tests and styles can tell an enhanced form from the plain one.
  form.dataset.enhanced = 'true';
}

document.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]').forEach(enhance);
