/**
 * The product gallery: a thumbnail switches the main image (and the zoomed one) in place; the main
 * image opens the modal <dialog> (showModal keeps focus inside and closes on Esc; a click on the
 * backdrop closes it too). Without this script a thumbnail link opens its image. Images are
 * <picture>s of the image pipeline: switching one swaps the image id in its sources.
 */
/**
 * Shows another image in a pipeline <picture>: its id replaces the shown one in every srcset (the
 * widths and formats stay those of the layout); a plain <img> takes the link's URL.
 */
function showImage(img: HTMLImageElement, id: string | undefined, href: string) {
  const shown = img.dataset.imageId;
  if (!id || !shown) {
    img.src = href;
    return;
  }
  const swap = (v: string) => v.split(`/v1/images/${shown}/`).join(`/v1/images/${id}/`);
  for (const source of img.parentElement?.querySelectorAll('source') ?? []) source.srcset = swap(source.srcset);
  img.srcset = swap(img.srcset);
  img.src = swap(img.src);
  img.dataset.imageId = id;
}

document.querySelectorAll<HTMLElement>('[data-gallery]').forEach((gallery) => {
  const main = gallery.querySelector<HTMLImageElement>('[data-gallery-main]');
  const zoom = gallery.querySelector<HTMLImageElement>('[data-gallery-zoom]');
  const dialog = gallery.querySelector<HTMLDialogElement>('[data-gallery-dialog]');
  const thumbs = Array.from(gallery.querySelectorAll<HTMLAnchorElement>('[data-gallery-thumb]'));
  thumbs.forEach((thumb, i) => {
    thumb.addEventListener('click', (event) => {
      event.preventDefault();
      const id = thumb.dataset.imageId;
      for (const img of [main, zoom]) if (img) showImage(img, id, thumb.href);
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
