/**
 * 「再入荷をお知らせ」 (themes/default/components/RestockRequest.astro): a sold-out product's form
 * posts POST /v1/product-requests. A guest gives an e-mail; a member's request goes to the member's
 * own address, so the field is hidden for a member. Field errors go under the field, others to the
 * form's alert; success replaces the form with a confirmation (for a guest: the address must be
 * confirmed through the mailed link first).
 */
import { api, CallError, isMember } from './discovery/api.ts';

interface ProductRequest {
  id: number;
  email: string | null;
  confirmed_at: string | null;
}

function enhance(form: HTMLFormElement): void {
  const emailField = form.querySelector<HTMLElement>('[data-restock-email]');
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const fieldError = form.querySelector<HTMLElement>('[data-restock-email-error]');
  const alert = form.querySelector<HTMLElement>('[data-restock-alert]');
  const status = form.querySelector<HTMLElement>('[data-restock-status]');
  const member = isMember();
  if (member && emailField && input) {
    emailField.hidden = true;
    input.required = false;
    input.disabled = true;
    form.querySelector<HTMLElement>('[data-restock-member-note]')?.removeAttribute('hidden');
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (fieldError) {
      fieldError.textContent = '';
      fieldError.hidden = true;
    }
    if (alert) {
      alert.textContent = '';
      alert.hidden = true;
    }
    input?.removeAttribute('aria-invalid');
    const productId = Number(form.dataset.productId);
    const body = member ? { product_id: productId } : { product_id: productId, email: input?.value.trim() ?? '' };
    button?.setAttribute('aria-busy', 'true');
    if (button) button.disabled = true;
    try {
      const saved = await api<ProductRequest>('POST', '/v1/product-requests', { body });
      form.querySelectorAll<HTMLElement>('[data-restock-fields]').forEach((el) => {
        el.hidden = true;
      });
      const to = saved.email ?? 'ご登録のメールアドレス';
      // A guest's address is confirmed first: nothing is mailed to it until the link is opened.
      if (status) {
        status.textContent = saved.confirmed_at
          ? `再入荷のお知らせを受け付けました。入荷しましたら${to}にメールでお知らせします。`
          : `再入荷のお知らせを受け付けました。${to}に確認メールをお送りしました。メールに記載のURLを開くと、入荷時にお知らせが届くようになります。`;
      }
    } catch (e) {
      const email = e instanceof CallError ? e.errors.email?.[0] : undefined;
      if (email && fieldError && input) {
        fieldError.textContent = email;
        fieldError.hidden = false;
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      } else if (alert) {
        alert.textContent = e instanceof Error ? e.message : String(e);
        alert.hidden = false;
      }
      if (button) button.disabled = false;
    } finally {
      button?.removeAttribute('aria-busy');
    }
  });
}

document.querySelectorAll<HTMLFormElement>('form[data-restock-request]').forEach(enhance);
