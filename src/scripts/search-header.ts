/**
 * The header search box (every theme): a plain GET form to /product/?keyword= that works without
 * this script. This adds the suggestions as an ARIA combobox (after 2 characters, 200 ms after the
 * last keystroke, the previous request aborted) and posts each search word to the member's search
 * history (POST /v1/product-search-histories; never a blank word). No API client: plain fetch with
 * the channel and XHR headers and the member's bearer from the access_token cookie, as the API
 * client sends them, so the header stays a few KB on every page.
 */
import { thumbnailOf } from '#lib/product-images.ts';
import { enterAction, moveActive, type SuggestOption, searchWord, shouldSuggest, suggestOptions } from './search-combobox.ts';

const DEBOUNCE_MS = 200;

/** A layout meta tag (API_BASE_META / CHANNEL_META of api-client/endpoint.ts, not imported: that module is bundled with React). */
const meta = (name: string) => document.querySelector(`meta[name="shop:${name}"]`)?.getAttribute('content')?.trim();
/** `/v1…` on the API base. */
const api = (path: string) => `${(meta('api-base') ?? '').replace(/\/+$/, '')}/v1${path}`;

function cookie(name: string): string {
  const m = document.cookie.match(`(?:^|; )${name}=([^;]*)`);
  try {
    return m ? decodeURIComponent(m[1]) : '';
  } catch {
    return '';
  }
}

function headers(): Record<string, string> {
  const h: Record<string, string> = {
    'X-Channel-Id': meta('channel') || 'default',
    'X-Requested-With': 'XMLHttpRequest',
    'Content-Type': 'application/json',
  };
  const token = cookie('access_token');
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** Posts the word to the search history; keepalive lets it finish while the page navigates. */
export function postSearchWord(raw: string): void {
  const word = searchWord(raw);
  if (!word) return;
  fetch(api('/product-search-histories'), { method: 'POST', headers: headers(), body: JSON.stringify({ word }), keepalive: true }).catch(
    () => {},
  );
}

const yen = (n: number) => `¥${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

function enhance(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('[role="combobox"]');
  const list = form.querySelector<HTMLElement>('[role="listbox"]');
  const live = form.querySelector<HTMLElement>('[data-search-status]');
  if (!input || !list) return;
  let options: SuggestOption[] = [];
  let active = -1;
  let timer = 0;
  let inflight: AbortController | null = null;

  const optionId = (i: number) => `${list.id}-${i}`;

  function setActive(next: number): void {
    active = next;
    list!.querySelectorAll('[role="option"]').forEach((el, i) => {
      el.setAttribute('aria-selected', String(i === active));
    });
    if (active >= 0) input!.setAttribute('aria-activedescendant', optionId(active));
    else input!.removeAttribute('aria-activedescendant');
  }

  function close(): void {
    inflight?.abort();
    clearTimeout(timer);
    list!.hidden = true;
    input!.setAttribute('aria-expanded', 'false');
    setActive(-1);
  }

  function render(next: SuggestOption[]): void {
    options = next;
    list!.replaceChildren(
      ...next.map((o, i) => {
        const li = document.createElement('li');
        li.id = optionId(i);
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.className = `suggest-option suggest-${o.kind}`;
        if (o.kind === 'product') {
          const img = Object.assign(document.createElement('img'), {
            ...thumbnailOf(o.image, 40),
            alt: '',
            width: 40,
            height: 40,
            loading: 'lazy',
            decoding: 'async',
          });
          const name = Object.assign(document.createElement('span'), { className: 'suggest-name', textContent: o.label });
          const price = Object.assign(document.createElement('span'), { className: 'suggest-price', textContent: yen(o.price) });
          li.append(img, name, price);
        } else li.textContent = o.label;
        li.addEventListener('mousedown', (e) => e.preventDefault());
        li.addEventListener('click', () => pick(i));
        return li;
      }),
    );
    active = -1;
    input!.removeAttribute('aria-activedescendant');
    const open = next.length > 0;
    list!.hidden = !open;
    input!.setAttribute('aria-expanded', String(open));
    if (live) live.textContent = open ? `候補${next.length}件` : '';
  }

  function pick(i: number): void {
    const action = enterAction(i, options, input!.value);
    if (!action) return;
    if (action.word) {
      input!.value = action.word;
      postSearchWord(action.word);
    }
    close();
    window.location.assign(action.go);
  }

  async function suggest(text: string): Promise<void> {
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    try {
      const res = await fetch(api(`/products/suggest?keyword=${encodeURIComponent(text)}`), {
        headers: headers(),
        signal: controller.signal,
      });
      if (!res.ok) return render([]);
      const data = (await res.json()) as Parameters<typeof suggestOptions>[0];
      if (inflight === controller && document.activeElement === input) render(suggestOptions(data));
    } catch {
      // Aborted by a newer keystroke, or offline: the plain search still works.
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    inflight?.abort();
    const text = input.value;
    if (!shouldSuggest(text)) return render([]);
    timer = window.setTimeout(() => void suggest(searchWord(text)!), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (e) => {
    const open = !list.hidden;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!open) return;
      e.preventDefault();
      setActive(moveActive(active, options.length, e.key));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', () => setTimeout(close, 100));
  form.addEventListener('submit', (e) => {
    const word = searchWord(input.value);
    // A blank search is not a search: stay put rather than list everything.
    if (!word) {
      e.preventDefault();
      input.focus();
      return;
    }
    input.value = word;
    postSearchWord(word);
  });
  form.dataset.enhanced = 'true';
}

document.querySelectorAll<HTMLFormElement>('form[data-search-box]').forEach(enhance);
