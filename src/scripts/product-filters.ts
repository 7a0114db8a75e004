/**
 * The list's filter form: folded on phones (the server sends it open, so it is usable without
 * JavaScript), and blank fields left out of the submitted URL so a shared link stays short.
 */
const panel = document.querySelector<HTMLDetailsElement>('[data-filter-panel]');
if (panel && window.matchMedia('(max-width: 47.99rem)').matches) panel.open = false;
panel?.querySelector('form')?.addEventListener('submit', (event) => {
  const form = event.currentTarget as HTMLFormElement;
  for (const el of Array.from(form.elements)) {
    if ((el instanceof HTMLInputElement) && el.name && el.value.trim() === '' && (el.type === 'radio' ? el.checked : el.type !== 'checkbox')) el.disabled = true;
  }
  // Re-enable after the navigation starts, for a page kept in the back/forward cache.
  setTimeout(() => { for (const el of Array.from(form.elements)) if (el instanceof HTMLInputElement) el.disabled = false; }, 0);
});
