/**
 * The 'dialog' add-to-cart feedback (setting CART.POPUP_COMPONENT = 'dialog'): after an add, a modal
 * <dialog> names the product and offers 「カートを見る」 and 「買い物を続ける」. Focus moves into it;
 * Esc or 「買い物を続ける」 closes it and focus returns to the button that added. Loaded by
 * src/scripts/add-to-cart.ts only on a channel with that setting, so the toast mode pays nothing for it.
 */

const STYLE =
  '.added-dialog{max-width:min(28rem,calc(100% - 2rem));border:1px solid var(--color-border);border-radius:var(--radius);padding:var(--space-4)}' +
  '.added-dialog::backdrop{background:rgb(0 0 0 / .4)}.added-dialog h2{margin-top:0}.added-dialog-actions{display:flex;flex-wrap:wrap;gap:var(--space-2)}';

let dialog: HTMLDialogElement | null = null;
let opener: HTMLElement | null = null;

/** Builds the dialog once (the page keeps it for later adds). */
function build(): HTMLDialogElement {
  const style = document.createElement('style');
  style.textContent = STYLE;
  const d = document.createElement('dialog');
  d.className = 'added-dialog';
  d.setAttribute('aria-labelledby', 'added-dialog-title');
  d.setAttribute('aria-describedby', 'added-dialog-name');
  d.innerHTML =
    '<h2 id="added-dialog-title">カートに追加しました</h2><p id="added-dialog-name"></p>' +
    '<p class="added-dialog-actions"><a class="btn btn-primary" href="/cart/">カートを見る</a> <button type="button" class="btn">買い物を続ける</button></p>';
  d.querySelector('button')!.addEventListener('click', () => d.close());
  // Esc closes a modal dialog natively; either way focus goes back to the button that added.
  d.addEventListener('close', () => opener?.focus());
  document.head.append(style);
  document.body.append(d);
  return d;
}

/** Opens the dialog for the product just added; `from` gets focus back when it closes. */
export function openAddedDialog(productName: string, cartPath: string, from: HTMLElement | null): void {
  dialog ??= build();
  opener = from;
  dialog.querySelector('#added-dialog-name')!.textContent = `「${productName}」をカートに追加しました。`;
  dialog.querySelector('a')!.href = cartPath;
  if (!dialog.open) dialog.showModal();
  // The first action, so keyboard users are inside the dialog and can go straight to the cart.
  dialog.querySelector('a')!.focus();
}
