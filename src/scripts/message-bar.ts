/**
 * The shop's messages as one compact bar (src/components/SiteMessages.astro), the way Japanese shops
 * show them: one message at a time with 「1/2」 and 「›」 (次のお知らせ), its title unfolding its text, and its own
 * 「閉じる」 (spec 4: dismissed at its updated_at, src/scripts/message-dismiss.ts). The bar is pinned to
 * the bottom of the screen over the page, so it never pushes the page down when it arrives after the
 * first paint, and a phone's first screen stays the page's own (issue 21).
 */
import { dismissalCookie, fetchMessages, messagesToShow, type SiteMessage } from './message-dismiss.ts';

type Focus = 'close' | 'next' | null;

function button(className: string, text: string): HTMLButtonElement {
  return Object.assign(document.createElement('button'), { type: 'button', className, textContent: text });
}

/** The message at `index` of `count`: its title (a disclosure of its text), the text, the pager and 「閉じる」. */
function article(message: SiteMessage, index: number, count: number): HTMLElement {
  const item = Object.assign(document.createElement('article'), { className: 'site-message' });
  const id = `site-message-${index}`;
  item.setAttribute('aria-labelledby', id);
  const title = Object.assign(document.createElement('h2'), { id, className: 'site-message-title' });
  const unfold = button('site-message-unfold', message.title);
  unfold.setAttribute('aria-expanded', 'false');
  unfold.setAttribute('aria-controls', `${id}-body`);
  unfold.addEventListener('click', () => unfold.setAttribute('aria-expanded', String(unfold.getAttribute('aria-expanded') !== 'true')));
  title.append(unfold);
  const body = Object.assign(document.createElement('div'), { id: `${id}-body`, className: 'site-message-body' });
  // Sanitised by the Shop API on save (the content allow-list), from this shop's own API.
  body.innerHTML = message.body;
  const close = button('site-message-close', '閉じる');
  close.setAttribute('aria-label', `「${message.title}」を閉じる`);
  item.append(title, body);
  if (count > 1) {
    const pager = Object.assign(document.createElement('p'), { className: 'site-message-pager' });
    const where = Object.assign(document.createElement('span'), { className: 'site-message-count' });
    where.innerHTML = `<span class="visually-hidden">お知らせ</span>${index + 1}/${count}<span class="visually-hidden">件目</span>`;
    // A chevron named 「次のお知らせ」: a plain 「次へ」 would be a second 次へ beside a checkout step's own.
    const next = button('site-message-next', '›');
    next.setAttribute('aria-label', '次のお知らせ');
    pager.append(where, next);
    item.append(pager);
  }
  item.append(close);
  return item;
}

/** Shows `messages` in the region one at a time; 次のお知らせ turns to the next, 閉じる dismisses the one shown. */
export function renderBar(region: HTMLElement, messages: SiteMessage[]): void {
  const list = [...messages];
  let current = 0;
  const draw = (focus: Focus) => {
    const items = list.map((m, i) => article(m, i, list.length));
    items.forEach((item, i) => {
      item.hidden = i !== current;
    });
    region.replaceChildren(...items);
    region.hidden = list.length === 0;
    const shown = items[current];
    if (focus && shown) shown.querySelector<HTMLElement>(`.site-message-${focus}`)?.focus();
    if (focus && !shown) {
      // Focus is never lost to the body: with the last message closed it goes to the start of the main content.
      const main = document.getElementById('main');
      if (main) main.tabIndex = -1;
      main?.focus();
    }
  };
  // A property, not a listener: a page restored from the back-forward cache is filled again (site-messages.ts).
  region.onclick = (event) => {
    const target = (event.target as Element).closest('button');
    if (target?.classList.contains('site-message-next')) {
      current = (current + 1) % list.length;
      draw('next');
    } else if (target?.classList.contains('site-message-close')) {
      const line = dismissalCookie(list[current]);
      if (line) document.cookie = line;
      list.splice(current, 1);
      if (current >= list.length) current = 0;
      draw('close');
    }
  };
  draw(null);
}

/** Fills the page's message bar with the messages this visitor has not dismissed (none on a failed call: spec 8). */
export async function showMessages(region: HTMLElement): Promise<void> {
  let messages: unknown;
  try {
    messages = await fetchMessages();
  } catch {
    return; // no messages is better than an error box on every page (spec 8: network errors are ignored)
  }
  renderBar(region, messagesToShow(messages, document.cookie));
}
