/**
 * The product gallery: a thumbnail switches the main image (and the zoomed one) in place; the main
 * image opens the modal <dialog> (showModal keeps focus inside and closes on Esc; a click on the
 * backdrop closes it too). Without this script a thumbnail link opens its image.
 */
document.querySelectorAll<HTMLElement>('[data-gallery]').forEach((gallery) => {
  const main = gallery.querySelector<HTMLImageElement>('[data-gallery-main]');
  const zoom = gallery.querySelector<HTMLImageElement>('[data-gallery-zoom]');
  const dialog = gallery.querySelector<HTMLDialogElement>('[data-gallery-dialog]');
  const thumbs = Array.from(gallery.querySelectorAll<HTMLAnchorElement>('[data-gallery-thumb]'));
  thumbs.forEach((thumb, i) => {
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      if (main) main.src = thumb.href;
      if (zoom) zoom.src = thumb.href;
      for (const t of thumbs) t.removeAttribute('aria-current');
      thumb.setAttribute('aria-current', 'true');
      if (main) main.alt = `${main.alt.replace(/（\d+枚目）$/, '')}${i > 0 ? `（${i + 1}枚目）` : ''}`;
    });
  });
  gallery.querySelector('[data-gallery-open]')?.addEventListener('click', () => dialog?.showModal());
  dialog?.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
});
