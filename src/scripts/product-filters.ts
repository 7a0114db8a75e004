/**
 * The list's filter form: open on wide screens (the server sends it folded, as phones show it, and
 * CSS shows its content on wide screens from the first paint, so marking it open moves nothing; it
 * only tells assistive technology), and blank fields left out of the submitted URL so a shared link
 * stays short.
 */
const panel = document.querySelector<HTMLDetailsElement>('[data-filter-panel]');
if (panel && window.matchMedia('(min-width: 48rem)').matches) panel.open = true;
panel?.querySelector('form')?.addEventListener('submit', (event) => {
  const form = event.currentTarget as HTMLFormElement;
  for (const el of Array.from(form.elements)) {
    if (el instanceof HTMLInputElement && el.name && el.value.trim() === '' && (el.type === 'radio' ? el.checked : el.type !== 'checkbox'))
      el.disabled = true;
  }
  // Re-enable after the navigation starts, for a page kept in the back/forward cache.
  setTimeout(() => {
    for (const el of Array.from(form.elements)) if (el instanceof HTMLInputElement) el.disabled = false;
  }, 0);
});
