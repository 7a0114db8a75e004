/**
 * The small fetch the product-page scripts share (no API client, no zod: the page's JS budget).
 * Channel and API base come from the layout's meta tags; a member's bearer from the access_token
 * cookie, refreshed first through the API client (loaded only then) when it has run out.
 */
import { API_BASE_META, CHANNEL_META, DEFAULT_CHANNEL } from '#api-client/core/endpoint.ts';
import { TOAST_DURATION_MS } from '#lib/timing.ts';

const FAILED = '通信に失敗しました。時間をおいて再度お試しください。';

export function cookie(name: string): string {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  try {
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) : '';
  } catch {
    return '';
  }
}

/** A member session is present (it may need a refresh). */
export const isMember = (): boolean => cookie('access_token') !== '';

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() ?? '';

/** The answer of a call that failed: the server's message (spec 8) and its field errors. */
export class CallError extends Error {
  status: number;
  errors: Record<string, string[]>;
  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/**
 * Refreshes a member's access token that has run out (expires_at cookie in the past), through the
 * API client loaded only then; a failed refresh ends the session and goes to the login page (spec 2).
 */
export async function refreshIfExpired(): Promise<void> {
  if (!isMember()) return;
  const expires = Number(cookie('expires_at'));
  if (Number.isFinite(expires) && expires > 0 && expires <= Date.now()) {
    const { refreshForRequest } = await import('#api-client/core/refresh.ts');
    await refreshForRequest();
  }
}

async function bearer(): Promise<string> {
  await refreshIfExpired();
  return cookie('access_token');
}

/** Calls the Shop API; `auth: false` sends no bearer (a shared-cacheable read). Throws CallError. */
export async function api<T>(method: string, path: string, opts: { body?: unknown; auth?: boolean; keepalive?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Channel-Id': meta(CHANNEL_META) || DEFAULT_CHANNEL, 'X-Requested-With': 'XMLHttpRequest' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = opts.auth === false ? '' : await bearer();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${meta(API_BASE_META).replace(/\/+$/, '')}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      keepalive: opts.keepalive,
      credentials: 'same-origin',
    });
  } catch {
    throw new CallError(0, FAILED);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const b = (body ?? {}) as { message?: unknown; errors?: unknown };
    throw new CallError(
      res.status,
      typeof b.message === 'string' && b.message ? b.message : FAILED,
      (b.errors ?? {}) as Record<string, string[]>,
    );
  }
  return body as T;
}

/** The login page that comes back here afterwards. */
export const loginHref = (): string => `/login/?redirect=${encodeURIComponent(location.pathname + location.search)}`;

/** A short notice at the bottom of the page (role=alert for failures, status otherwise), gone after 5 s. */
export function toast(content: string | Node, kind: 'error' | 'info' = 'error'): void {
  let region = document.querySelector<HTMLElement>('[data-discovery-toasts]');
  if (!region) {
    region = Object.assign(document.createElement('div'), { className: 'discovery-toasts' });
    region.dataset.discoveryToasts = '';
    region.style.cssText =
      'position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:50;display:grid;gap:.5rem;max-width:min(32rem,92vw)';
    document.body.append(region);
  }
  const text = typeof content === 'string' ? content : (content.textContent ?? '');
  // Duplicates suppressed, at most 5 (spec 9).
  if ([...region.children].some((c) => c.textContent === text)) return;
  while (region.children.length >= 5) region.firstElementChild?.remove();
  const item = document.createElement('p');
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  item.className = `toast toast-${kind}`;
  item.style.cssText = 'margin:0;padding:.75rem 1rem;border-radius:.5rem;background:#222;color:#fff;box-shadow:0 2px 8px rgb(0 0 0/.3)';
  item.append(content);
  region.append(item);
  setTimeout(() => item.remove(), TOAST_DURATION_MS);
}

/** Asks a guest to log in: a toast with the login link. */
export function askLogin(what: string): void {
  const p = document.createElement('span');
  const link = Object.assign(document.createElement('a'), { href: loginHref(), textContent: 'ログイン' });
  link.style.color = 'inherit';
  p.append(`${what}には`, link, 'してください。');
  toast(p, 'info');
}

/** Runs `fn` once `el` is near the viewport (at once without IntersectionObserver). */
export function whenVisible(el: HTMLElement, fn: () => void): void {
  if (!('IntersectionObserver' in window)) {
    fn();
    return;
  }
  // A shelf stays hidden until it has items, and a hidden element never intersects: watch a 1px
  // marker in its place instead.
  let target: HTMLElement = el;
  if (el.hidden) {
    target = document.createElement('div');
    target.setAttribute('aria-hidden', 'true');
    target.style.height = '1px';
    el.before(target);
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      if (target !== el) target.remove();
      fn();
    },
    { rootMargin: '200px' },
  );
  io.observe(target);
}
