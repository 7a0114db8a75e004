/**
 * Enhances the product page's plain 「カートに入れる」 form (no React, no API client: about 1 KB; an
 * embroiderable product's 「名入れ刺繍をする」 loads src/scripts/embroidery.ts on top).
 * Once this has run, a submit posts the same form to /cart/add/ with fetch, asking for JSON: the
 * server adds through the Shop API and writes the cartToken / cart_cache cookies exactly as for the
 * plain post, and the page stays put: the result goes to the form's role="status" region and the
 * header count is refreshed. Before it has run, the same submit posts the form normally, so no tap is
 * lost and the chosen quantity is what is sent either way.
 *
 * A new visitor (no cartToken cookie) adding in two tabs at once gets one cart: the second tab waits
 * for the first one's cartToken (src/lib/poll.ts). A member whose access token has expired (expires_at cookie in the past) is refreshed first through
 * the API client (loaded only then), so the add goes to their own cart, not a guest's.
 *
 * The feedback follows the channel's CART.POPUP_COMPONENT (spec 9, the form's data-popup-component):
 * 'toast' (default) writes the result, moves focus to it (it was lost to the body before) and shows
 * a toast at the bottom centre for 5 s; 'dialog' opens src/scripts/add-to-cart-dialog.ts, loaded only
 * on such a channel.
 */

import { CART_INIT_KEY, oneTabAtATime } from '#lib/one-tab.ts';
import type { AddJsonAnswer } from '#pages/cart/add/index.ts';
import { cookie, refreshIfExpired } from './discovery/api.ts';

const FAILED = 'カートに入れられませんでした。時間をおいて再度お試しください。';
/** Spec 9: a toast shows for 5000 ms (as src/stores/toast.ts, which this page does not load). */
const TOAST_MS = 5000;

/**
 * A toast at the bottom centre (the toast region's styles): for sight only, since the same words are
 * in the focused status region, which screen readers read. A repeat replaces it, so there is never a duplicate.
 */
function showToast(text: string): void {
  // Its own region (never a React island's, whose nodes React owns), with the toast region's styles.
  let region = document.querySelector<HTMLElement>('[data-add-toast]');
  if (!region) {
    region = Object.assign(document.createElement('div'), { className: 'toast-region' });
    region.dataset.addToast = '';
    region.setAttribute('aria-hidden', 'true');
    document.body.append(region);
  }
  const item = Object.assign(document.createElement('div'), { className: 'toast toast-success', textContent: text });
  region.replaceChildren(item);
  setTimeout(() => item.remove(), TOAST_MS);
}

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
  // A new visitor's add creates the cart: a second tab adding at the same moment waits for the
  // first one's cartToken (up to 3 s), so both lines end up in one cart (as the cart store's init).
  const res = await oneTabAtATime(
    CART_INIT_KEY,
    () => !!cookie('cartToken'),
    () => fetch(form.action, { method: 'POST', body: new FormData(form), headers: { Accept: 'application/json' } }),
  );
  // In maintenance the shop answers every page 503 (spec 8: go to /maintenance/, which shows the wording).
  // The path as written in src/lib/routes.ts (maintenancePath): importing that module would pull the
  // islands' shared chunk (React, the API client) into this page's first load.
  if (res.status === 503) {
    window.location.assign('/maintenance/');
    throw Object.assign(new Error('maintenance'), { handled: true });
  }
  return res.headers.get('content-type')?.includes('application/json') ? ((await res.json()) as AddJsonAnswer) : null;
}

/** Shows the add's success the way the channel chose: status + focus + toast, or the dialog. */
function added(form: HTMLFormElement, button: HTMLElement | null, dialog: Promise<typeof import('./add-to-cart-dialog.ts')> | null): void {
  const name = form.dataset.productName ?? '';
  report(form, { added: name });
  if (dialog) {
    void dialog.then(
      (m) => m.openAddedDialog(name, form.dataset.cartPath ?? '/cart/', button),
      () => focusStatus(form),
    );
    return;
  }
  focusStatus(form);
  showToast(`「${name}」をカートに追加しました。`);
}

/** Moves focus to the result, so keyboard and screen reader users land on it. */
function focusStatus(form: HTMLFormElement): void {
  const status = form.querySelector<HTMLElement>('[data-add-status]');
  if (!status) return;
  status.tabIndex = -1;
  status.focus();
}

function enhance(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  // CART.POPUP_COMPONENT 'dialog': its code is fetched now, while the shopper chooses, and only then.
  const dialog = form.dataset.popupComponent === 'dialog' ? import('./add-to-cart-dialog.ts') : null;
  dialog?.catch(() => undefined); // a failed load falls back to the status message at the add
  // 「名入れ刺繍をする」 only on an embroiderable product's page: its script is loaded only there.
  const pass = (): boolean => true;
  const embroidery: Promise<() => boolean> = form.querySelector('[data-embroidery]')
    ? import('./embroidery.ts').then(
        (m) => m.setupEmbroidery(form),
        () => pass,
      )
    : Promise.resolve(pass);
  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    button?.setAttribute('aria-busy', 'true');
    report(form, null);
    embroidery
      .then((valid): Promise<AddJsonAnswer | null | 'invalid'> => (valid() ? add(form) : Promise.resolve('invalid')))
      .then(
        (answer) => {
          if (answer === 'invalid') return;
          if (answer?.ok) added(form, button, dialog);
          else if (answer) report(form, { error: answer.message ?? FAILED });
          else report(form, { error: FAILED });
        },
        (error: unknown) => {
          // A refresh that ended the session has already moved to the login page.
          if (!(error instanceof Error && 'handled' in error && error.handled)) report(form, { error: FAILED });
        },
      )
      .finally(() => {
        busy = false;
        button?.removeAttribute('aria-busy');
        window.dispatchEvent(new Event('shop:header'));
      });
  });
  // Tests and styles can tell an enhanced form from the plain one.
  form.dataset.enhanced = 'true';
}

document.querySelectorAll<HTMLFormElement>('form[data-add-to-cart]').forEach(enhance);
