/**
 * 「名入れ刺繍をする」 on the product page (themes/default/components/EmbroideryFields.astro), loaded by
 * the add-to-cart script only when the form has it. The fields show while the box is ticked; the text
 * is checked with the API's rules and Japanese message before the form is sent; a member sees their
 * saved embroidery (GET /v1/me/name-embroidery) filled in and a link to change it in my-page.
 */
import { embroideryText, type LineEmbroidery } from '#contracts/embroidery-choices.ts';
import { embroideryTextError } from '#contracts/embroidery-rules.ts';
import { api, isMember } from './discovery/api.ts';

/** Sets up the embroidery fields of `form`; returns the check to run before each submit (false: do not send). */
export function setupEmbroidery(form: HTMLFormElement): () => boolean {
  const toggle = form.querySelector<HTMLInputElement>('[data-embroidery-toggle]');
  const fields = form.querySelector<HTMLElement>('[data-embroidery-fields]');
  const text = form.querySelector<HTMLInputElement>('input[name="embroidery_text"]');
  const error = form.querySelector<HTMLElement>('[data-embroidery-error]');
  if (!toggle || !fields || !text || !error) return () => true;

  const show = () => {
    fields.hidden = !toggle.checked;
  };
  toggle.addEventListener('change', show);
  show();

  const setError = (message: string | null) => {
    error.textContent = message ?? '';
    error.hidden = !message;
    if (message) text.setAttribute('aria-invalid', 'true');
    else text.removeAttribute('aria-invalid');
  };
  text.addEventListener('input', () => {
    if (!error.hidden) setError(embroideryTextError(text.value));
  });

  if (isMember()) {
    form.querySelector<HTMLElement>('[data-embroidery-member]')?.removeAttribute('hidden');
    // A member's saved embroidery is what the fields start with (they can still change it for this line).
    api<(LineEmbroidery & { updated_at: string }) | null>('GET', '/v1/me/name-embroidery').then(
      (saved) => {
        if (!saved || text.value) return;
        text.value = saved.text;
        const font = form.querySelector<HTMLSelectElement>('select[name="embroidery_font"]');
        const color = form.querySelector<HTMLSelectElement>('select[name="embroidery_color"]');
        if (font) font.value = saved.font;
        if (color) color.value = saved.color;
        const note = form.querySelector<HTMLElement>('[data-embroidery-saved]');
        if (note) {
          note.textContent = `マイページに保存した名入れ：${embroideryText(saved)}`;
          note.hidden = false;
        }
      },
      () => {
        /* no saved embroidery to offer: the shopper types it */
      },
    );
  }

  return () => {
    if (!toggle.checked) return true;
    const message = embroideryTextError(text.value);
    setError(message);
    if (message) text.focus();
    return !message;
  };
}
