/**
 * The once-per-visitor popup: the first shown popup this browser has not seen is revealed, and is
 * marked seen at once (localStorage `shop:popups-seen`, a list of ids), so it shows on one visit
 * only. Without storage (private mode, blocked) nothing is revealed: better no popup than one on
 * every page load. The popups stay readable at /popup/.
 */
const KEY = 'shop:popups-seen';
/** At most this many ids are kept (old popups drop out). */
const KEEP = 50;

/** Parses the stored value: a JSON array of integer ids, anything else as empty. */
export function parseSeen(raw: string | null): number[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)).slice(-KEEP) : [];
  } catch {
    return [];
  }
}

export function showPopupOnce(root: ParentNode): void {
  let seen: number[];
  try {
    seen = parseSeen(localStorage.getItem(KEY));
  } catch {
    return;
  }
  const next = [...root.querySelectorAll<HTMLElement>('[data-popup-id]')].find((el) => !seen.includes(Number(el.dataset.popupId)));
  if (!next) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...seen, Number(next.dataset.popupId)].slice(-KEEP)));
  } catch {
    return;
  }
  next.hidden = false;
  next.querySelector<HTMLButtonElement>('[data-popup-close]')?.addEventListener('click', () => { next.hidden = true; });
}
