/**
 * Popups once per visitor, on every storefront page (spec 4 "Fetch-once data", issue 10): the first
 * shown popup this browser has not seen is revealed (at the top of the main content, floating over the
 * bottom of the screen so that it moves nothing) and marked
 * seen at once (localStorage `shop:popups-seen`, a list of ids), so it shows on one page view only.
 * The list comes from the pre-rendered /popups.json, fetched at most once per browser session
 * (sessionStorage `shop:popups-checked`) and never on the cart, checkout, my-page or editor screens,
 * where a shopper is busy. Without storage (private mode, blocked) nothing is shown: better no popup
 * than one on every page. The popups stay readable at /popup/.
 */
const SEEN_KEY = 'shop:popups-seen';
const CHECKED_KEY = 'shop:popups-checked';
/** At most this many ids are kept (old popups drop out). */
const KEEP = 50;
/** Screens where no popup interrupts. */
const QUIET_PATHS = /^\/(cart|mypage|admin|social-gift|contact\/confirm|login|register|reminder|verify|maintenance)(\/|$)/;

export interface PopupItem {
  id: number;
  title: string;
  body: string;
}

/** Parses the stored value: a JSON array of integer ids, anything else as empty. */
export function parseSeen(raw: string | null): number[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)).slice(-KEEP) : [];
  } catch {
    return [];
  }
}

/** The first popup not seen yet, or null. */
export function chooseNext(popups: readonly PopupItem[], seen: readonly number[]): PopupItem | null {
  return (
    popups.find((p) => Number.isInteger(p.id) && typeof p.title === 'string' && typeof p.body === 'string' && !seen.includes(p.id)) ?? null
  );
}

/** True on the screens where a popup may show. */
export function popupAllowedOn(pathname: string): boolean {
  return !QUIET_PATHS.test(pathname);
}

/** Builds the notice: a landmark at the top of the main content, shown floating at the bottom of the screen (global.css), so it pushes nothing down. */
function render(popup: PopupItem, main: HTMLElement): void {
  const aside = document.createElement('aside');
  aside.className = 'popup-notice';
  aside.dataset.popupId = String(popup.id);
  aside.setAttribute('aria-labelledby', `popup-${popup.id}`);
  const heading = document.createElement('h2');
  heading.id = `popup-${popup.id}`;
  heading.textContent = popup.title;
  const body = document.createElement('div');
  body.className = 'prose';
  // Sanitised by content-sync (the same allow-list as the API's), from this site's own pre-rendered file.
  body.innerHTML = popup.body;
  const actions = document.createElement('p');
  actions.className = 'popup-notice-actions';
  const more = document.createElement('a');
  more.href = `/popup/${popup.id}/`;
  more.textContent = '詳しく見る';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'btn';
  close.textContent = '閉じる';
  const dismiss = () => {
    const hadFocus = aside.contains(document.activeElement);
    aside.remove();
    // Focus is not left on a removed element: it goes to the start of the main content.
    if (hadFocus) {
      main.tabIndex = -1;
      main.focus();
    }
  };
  close.addEventListener('click', dismiss);
  aside.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') dismiss();
  });
  actions.append(more, ' ', close);
  aside.append(heading, body, actions);
  main.prepend(aside);
}

/** Shows the next unseen popup on this page, when there is one and this screen allows it. */
export async function showPopupOnce(): Promise<void> {
  if (!popupAllowedOn(location.pathname)) return;
  const main = document.getElementById('main');
  if (!main) return;
  let seen: number[];
  try {
    if (sessionStorage.getItem(CHECKED_KEY) === '1') return;
    seen = parseSeen(localStorage.getItem(SEEN_KEY));
  } catch {
    return;
  }
  let popups: PopupItem[];
  try {
    const res = await fetch('/popups.json', { credentials: 'omit' });
    if (!res.ok) return;
    const value: unknown = await res.json();
    popups = Array.isArray(value) ? (value as PopupItem[]) : [];
  } catch {
    return; // a network error is ignored (spec 8)
  }
  const next = chooseNext(popups, seen);
  try {
    // Checked for this session only when nothing is left to show: a later page shows the next one.
    if (!next || !chooseNext(popups, [...seen, next.id])) sessionStorage.setItem(CHECKED_KEY, '1');
    if (!next) return;
    localStorage.setItem(SEEN_KEY, JSON.stringify([...seen, next.id].slice(-KEEP)));
  } catch {
    return;
  }
  render(next, main);
}
