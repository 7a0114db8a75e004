/** Spec 4 "Messages": shown only when updated_at differs from the value stored at dismissal (spec 9: a per-message key). */
// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_KEYS, readMessageDismissal } from '#lib/cookies.ts';
import { showMessages } from '#scripts/message-bar.ts';
import {
  DISMISSAL_PREFIX,
  dismissalCookie,
  dismissalKey,
  messagesToShow,
  type SiteMessage,
  storedDismissal,
} from '#scripts/message-dismiss.ts';

const msg = (code: string, updated_at: string): SiteMessage => ({ code, title: `件名 ${code}`, body: `<p>本文 ${code}</p>`, updated_at });
const A1 = msg('free-shipping', '2026-11-01T00:00:00.000Z');
const B1 = msg('year-end-shipping', '2026-11-02T00:00:00.000Z');

function clearCookies() {
  for (const c of document.cookie.split('; ').filter(Boolean)) document.cookie = `${c.split('=')[0]}=; Path=/; Max-Age=0`;
}
afterEach(() => {
  clearCookies();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the per-message dismissal key', () => {
  it('is the spec 9 cookie key of src/lib/cookies.ts, one per message code', () => {
    expect(DISMISSAL_PREFIX).toBe(COOKIE_KEYS.messageDismissal);
    expect(dismissalKey('free-shipping')).toBe('message_dismissed_free-shipping');
    expect(dismissalKey('bad code;')).toBeNull();
    expect(dismissalKey('')).toBeNull();
  });

  it('stores the updated_at the page-code reader understands', () => {
    document.cookie = dismissalCookie(A1)!;
    expect(readMessageDismissal('free-shipping')).toBe(A1.updated_at);
    expect(storedDismissal(document.cookie, 'free-shipping')).toBe(A1.updated_at);
    expect(storedDismissal(document.cookie, 'year-end-shipping')).toBeNull();
    expect(dismissalCookie(A1)).toMatch(/; Path=\/; Max-Age=31536000; SameSite=Lax$/);
  });
});

describe('which messages show', () => {
  it('all of them before any dismissal', () => {
    expect(messagesToShow([A1, B1], '')).toEqual([A1, B1]);
  });

  it('not one dismissed at its current updated_at; the others still show', () => {
    const cookies = dismissalCookie(A1)!.split(';')[0];
    expect(messagesToShow([A1, B1], cookies)).toEqual([B1]);
  });

  it('again once the message is updated (its updated_at differs from the stored one)', () => {
    const cookies = dismissalCookie(A1)!.split(';')[0];
    const edited = { ...A1, updated_at: '2026-11-20T09:30:00.000Z' };
    expect(messagesToShow([edited, B1], cookies)).toEqual([edited, B1]);
  });

  it('drops anything in the list that is not a message', () => {
    expect(messagesToShow([A1, null, { code: 'x' }, { ...B1, title: 1 }], '')).toEqual([A1]);
    expect(messagesToShow({ data: [A1] }, '')).toEqual([]);
  });

  it('a dismissal of one message does not hide another with a longer code sharing its start', () => {
    const cookies = dismissalCookie(msg('free', A1.updated_at))!.split(';')[0];
    expect(messagesToShow([A1], cookies)).toEqual([A1]);
  });
});

describe('the message region', () => {
  function page() {
    document.body.innerHTML = '<main id="main"><section data-site-messages hidden></section></main>';
    return document.querySelector<HTMLElement>('[data-site-messages]')!;
  }
  const serve = (list: SiteMessage[]) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } })),
    );

  /** The messages on screen (one at a time): their titles. */
  const shownTitles = (region: HTMLElement) =>
    [...region.querySelectorAll<HTMLElement>('article')].filter((a) => !a.hidden).map((a) => a.querySelector('h2')?.textContent);
  const shownButton = (region: HTMLElement, name: string) =>
    [...region.querySelectorAll<HTMLElement>('article')].find((a) => !a.hidden)!.querySelector<HTMLButtonElement>(`.site-message-${name}`)!;

  it('shows one message at a time in one bar: 「1/2」 and 「次のお知らせ」 turn to the next, the title unfolds its text', async () => {
    serve([A1, B1]);
    const region = page();
    await showMessages(region);
    expect(region.hidden).toBe(false);
    expect(region.querySelectorAll('article')).toHaveLength(2);
    expect(shownTitles(region)).toEqual(['件名 free-shipping']);
    expect(shownButton(region, 'next').parentElement?.textContent).toBe('お知らせ1/2件目›');
    expect(shownButton(region, 'next').getAttribute('aria-label')).toBe('次のお知らせ');
    shownButton(region, 'next').click();
    expect(shownTitles(region)).toEqual(['件名 year-end-shipping']);
    expect(document.activeElement).toBe(shownButton(region, 'next'));
    shownButton(region, 'next').click();
    expect(shownTitles(region)).toEqual(['件名 free-shipping']);
    const unfold = shownButton(region, 'unfold');
    expect(unfold.getAttribute('aria-expanded')).toBe('false');
    unfold.click();
    expect(unfold.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(unfold.getAttribute('aria-controls')!)?.textContent).toBe('本文 free-shipping');
  });

  it("「閉じる」 stores the message's updated_at and shows the next with focus on its 「閉じる」; the last one hides the bar; a reload keeps them away until updated", async () => {
    serve([A1, B1]);
    let region = page();
    await showMessages(region);
    const first = shownButton(region, 'close');
    expect([first.textContent, first.getAttribute('aria-label')]).toEqual(['閉じる', '「件名 free-shipping」を閉じる']);
    first.click();
    expect(readMessageDismissal('free-shipping')).toBe(A1.updated_at);
    expect(region.querySelectorAll('article')).toHaveLength(1);
    expect(shownTitles(region)).toEqual(['件名 year-end-shipping']);
    // One message left: no pager.
    expect(region.querySelector('.site-message-next')).toBeNull();
    expect(document.activeElement).toBe(shownButton(region, 'close'));
    shownButton(region, 'close').click();
    expect(region.hidden).toBe(true);
    expect(document.activeElement?.id).toBe('main');

    region = page();
    await showMessages(region);
    expect(region.hidden).toBe(true);
    serve([{ ...A1, updated_at: '2026-11-21T00:00:00.000Z' }, B1]);
    region = page();
    await showMessages(region);
    expect(shownTitles(region)).toEqual(['件名 free-shipping']);
    expect(region.querySelectorAll('article')).toHaveLength(1);
  });

  it("asks the Shop API of the page's meta tags for every message of its channel, without a bearer", async () => {
    document.head.innerHTML = '<meta name="shop:api-base" content="https://api.example.jp/"><meta name="shop:channel" content="school">';
    document.cookie = 'access_token=member-token; Path=/';
    serve([A1]);
    await showMessages(page());
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://api.example.jp/v1/messages?per=all');
    expect(init.headers).toEqual({ 'X-Channel-Id': 'school', 'X-Requested-With': 'XMLHttpRequest' });
    expect(init.cache, 'the current list, not a stale copy refreshed behind the page').toBe('no-cache');
    document.head.innerHTML = '';
  });

  it('stays hidden when the messages cannot be fetched or the API fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"x"}', { status: 500 })),
    );
    const failed = page();
    await showMessages(failed);
    expect(failed.hidden).toBe(true);
    expect(failed.childElementCount).toBe(0);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const region = page();
    await showMessages(region);
    expect(region.hidden).toBe(true);
    expect(region.childElementCount).toBe(0);
  });
});

describe('/header.js loads the messages script on every page with the region', () => {
  const header = readFileSync(path.join(import.meta.dirname, '../../public/header.js'), 'utf8');
  const loaded = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('appends the script the region names (data-src), once', () => {
    document.body.innerHTML =
      '<section data-site-messages data-src="/_astro/site-messages-abc.js" hidden></section><main id="main"></main>';
    new Function(header)();
    expect(loaded()).toEqual(['/_astro/site-messages-abc.js']);
  });

  it('loads nothing on a page without the region (layouts without the site header)', () => {
    document.body.innerHTML = '<main id="main"></main>';
    new Function(header)();
    expect(loaded()).toEqual([]);
  });
});
