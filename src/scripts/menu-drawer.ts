/**
 * The phone menu drawer (src/components/HeaderNav.astro): makes the 「メニュー」 button, which CSS shows
 * at phone width from the first paint with the list folded away, open the list as a drawer. Loaded by
 * /header.js only at phone width (the channel's SITE.BREAKPOINT.SCREEN-SM), as one self-contained
 * classic script; wider screens and pages without JavaScript keep the plain list. While open: a modal dialog, focus moved to its first link,
 * Tab kept inside, the page behind not scrolling; Esc, 閉じる, a tap outside or leaving the phone
 * width close it, and focus goes back to the button (except for a tap outside, which put it elsewhere).
 */
const nav = document.querySelector<HTMLElement>('[data-menu]');
const toggle = nav?.querySelector<HTMLButtonElement>('[data-menu-toggle]');
const panel = nav?.querySelector<HTMLElement>('[data-menu-panel]');
const closer = nav?.querySelector<HTMLButtonElement>('[data-menu-close]');

if (nav && toggle && panel && closer && !nav.dataset.drawer) {
  const sm = Number(document.querySelector('meta[name="shop:breakpoints"]')?.getAttribute('content')?.split(',')[0]) || 576;
  const phone = matchMedia(`(max-width: ${sm}px)`);
  const isOpen = () => nav.dataset.drawer === 'open';
  // checkVisibility: the links of the folded category menu in the drawer have boxes but cannot take focus.
  const focusables = () =>
    Array.from(panel.querySelectorAll<HTMLElement>('a[href], button, summary')).filter((e) =>
      e.checkVisibility ? e.checkVisibility() : e.getClientRects().length > 0,
    );

  /** Opens or closes the drawer; `back` returns focus to the 「メニュー」 button on closing. */
  const setOpen = (open: boolean, back: boolean) => {
    nav.dataset.drawer = open ? 'open' : 'ready';
    toggle.setAttribute('aria-expanded', String(open));
    document.documentElement.classList.toggle('menu-open', open);
    if (open) {
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-modal', 'true');
      panel.setAttribute('aria-label', 'メニュー');
      (panel.querySelector<HTMLElement>(':scope > ul a') ?? closer).focus();
    } else {
      for (const a of ['role', 'aria-modal', 'aria-label']) panel.removeAttribute(a);
      if (back) toggle.focus();
    }
  };

  nav.dataset.drawer = 'ready';
  toggle.addEventListener('click', () => setOpen(!isOpen(), true));
  closer.addEventListener('click', () => setOpen(false, true));
  document.addEventListener('keydown', (e) => {
    if (!isOpen()) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false, true);
    } else if (e.key === 'Tab') {
      // Focus stays in the drawer: from the last item forward to the first, from the first back to the last.
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      const at = document.activeElement;
      if (e.shiftKey && (at === first || !panel.contains(at))) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && (at === last || !panel.contains(at))) {
        e.preventDefault();
        first?.focus();
      }
    }
  });
  document.addEventListener('click', (e) => {
    if (isOpen() && !nav.contains(e.target as Node)) setOpen(false, false);
  });
  phone.addEventListener('change', () => {
    if (!phone.matches && isOpen()) setOpen(false, false);
  });
  // A tap on the button before this script ran (/header.js kept it): open the drawer for it now.
  toggle.onclick = null;
  if (nav.dataset.drawerPending) {
    delete nav.dataset.drawerPending;
    setOpen(true, false);
  }
}

export {};
