/**
 * The social gift's link for the thanks page. The API gives it once, in the decision's answer (it
 * keeps only a hash), so the tab keeps it in sessionStorage under the order number until the thanks
 * page shows it; the sender also has it by mail.
 */
const KEY = 'shop:social-gift-link:';

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** Keeps the link of a gift order just placed. */
export function rememberGiftLink(orderNo: string, url: string): void {
  try {
    session()?.setItem(KEY + orderNo, url);
  } catch {
    // Storage full or disabled: the mail still carries the link.
  }
}

/** The link of this order, if this tab placed it; only an http(s) URL of a /social-gift/ page. */
export function recalledGiftLink(orderNo: string): string | null {
  const value = session()?.getItem(KEY + orderNo) ?? null;
  if (!value) return null;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.pathname.startsWith('/social-gift/') ? url.toString() : null;
  } catch {
    return null;
  }
}
