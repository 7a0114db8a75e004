/** Spec 4 "Messages": shown only when updated_at differs from the value stored at dismissal (spec 9: a per-message key). */
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_KEYS, readMessageDismissal } from '../../src/lib/cookies.ts';
import { DISMISSAL_PREFIX, dismissalCookie, dismissalKey, messagesToShow, showMessages, storedDismissal, type SiteMessage } from '../../src/scripts/message-dismiss.ts';

const msg = (code: string, updated_at: string): SiteMessage => ({ code, title: `件名 ${code}`, body: `<p>本文 ${code}</p>`, updated_at });
const A1 = msg('free-shipping', '2026-11-01T00:00:00.000Z');
const B1 = msg('year-end-shipping', '2026-11-02T00:00:00.000Z');

function clearCookies() {
  for (const c of document.cookie.split('; ').filter(Boolean)) document.cookie = `${c.split('=')[0]}=; Path=/; Max-Age=0`;
}
afterEach(() => { clearCookies(); vi.unstubAllGlobals(); document.body.innerHTML = ''; });

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
  const serve = (list: SiteMessage[]) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } })));

  it('shows each message with 「閉じる」; closing stores its updated_at, moves focus on and hides it after a reload', async () => {
    serve([A1, B1]);
    let region = page();
    await showMessages(region);
    expect(region.hidden).toBe(false);
    const closes = [...region.querySelectorAll('button')];
    expect(closes.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['閉じる', '「件名 free-shipping」を閉じる'], ['閉じる', '「件名 year-end-shipping」を閉じる'],
    ]);
    closes[0].click();
    expect(readMessageDismissal('free-shipping')).toBe(A1.updated_at);
    expect(region.querySelectorAll('article')).toHaveLength(1);
    expect(document.activeElement).toBe(closes[1]);
    closes[1].click();
    expect(region.hidden).toBe(true);
    expect(document.activeElement?.id).toBe('main');

    region = page();
    await showMessages(region);
    expect(region.hidden).toBe(true);
    serve([{ ...A1, updated_at: '2026-11-21T00:00:00.000Z' }, B1]);
    region = page();
    await showMessages(region);
    expect([...region.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['件名 free-shipping']);
  });

  it('stays hidden when the messages cannot be fetched', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    const region = page();
    await showMessages(region);
    expect(region.hidden).toBe(true);
    expect(region.childElementCount).toBe(0);
  });
});
