/**
 * The /admin/ screens' server side: the session cookie of the shop's people (editors, staff, admins)
 * and calls to the admin API (/admin/v1) from the server, never from the browser.
 *
 * CSRF: the session is an HttpOnly cookie with SameSite=Strict (a cross-site page's form or fetch
 * never carries it) scoped to /admin/, and every POST must also come with this site's Origin (Astro's
 * security.checkOrigin does it too; checked here again so the editor screens do not depend on that
 * setting). The bearer token itself never reaches page scripts (there are none on these pages).
 * Every answer is `private, no-store`, so no cache keeps an editor's screen.
 */

import { channel } from 'virtual:shop/theme';
import type { AstroGlobal } from 'astro';
import { readServerEndpoint } from '#api-client/core/endpoint.ts';
import { CLIENT_ADDRESS_HEADER, EDITOR_SESSION_SECONDS, INTERNAL_SECRET_ENV, INTERNAL_SECRET_HEADER } from '#contracts/admin.ts';
import { type AdminArea, type AdminRole, canUse } from '#contracts/admin-roles.ts';
import { formatJstDateTime } from '#contracts/datetimes.ts';

export const SESSION_COOKIE = 'admin_session';
export const ADMIN_PATH = '/admin/';

/** A call's outcome: the status and the parsed JSON body (null when there is none). */
export interface AdminAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** What a call to the admin API takes: method, JSON body (or raw bytes with their type), the session's token, the browser's address. */
export interface AdminCallInit {
  method?: string;
  token?: string | null;
  body?: unknown;
  raw?: { bytes: Uint8Array; type: string };
  clientAddress?: string | null;
}

/** Calls the admin API with the session's bearer token and the build's channel. */
export async function adminApi<T = unknown>(path: string, init: AdminCallInit = {}): Promise<AdminAnswer<T>> {
  const res = await adminFetch(path, init);
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: (text && json ? JSON.parse(text) : text || null) as T, headers: res.headers };
}

/** The admin API's raw answer (a CSV download streams through as it is). */
export async function adminFetch(path: string, init: AdminCallInit = {}): Promise<Response> {
  const { baseUrl } = readServerEndpoint();
  const headers: Record<string, string> = { 'X-Channel-Id': channel, 'Accept-Encoding': 'identity' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  // Rate limits and the audit log name the browser, not this server (see contracts/admin.ts).
  const secret = process.env[INTERNAL_SECRET_ENV];
  if (init.clientAddress && secret)
    Object.assign(headers, { [CLIENT_ADDRESS_HEADER]: init.clientAddress, [INTERNAL_SECRET_HEADER]: secret });
  let body: BodyInit | undefined;
  if (init.raw) {
    headers['Content-Type'] = init.raw.type;
    body = init.raw.bytes as unknown as BodyInit;
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  return fetch(`${baseUrl}/admin/v1${path}`, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(30_000) });
}

/** The browser's address as the Node server saw it, or null. */
export function browserAddress(astro: Pick<AstroGlobal, 'clientAddress'>): string | null {
  try {
    return astro.clientAddress || null;
  } catch {
    return null;
  }
}

/** Marks the answer as personal and uncacheable, and keeps the screens out of search engines. */
export function noStore(astro: Pick<AstroGlobal, 'response'>): void {
  astro.response.headers.set('Cache-Control', 'private, no-store');
  astro.response.headers.set('X-Robots-Tag', 'noindex');
}

/** The session token from the cookie (length-capped), or null. */
export function sessionToken(astro: Pick<AstroGlobal, 'cookies'>): string | null {
  const value = astro.cookies.get(SESSION_COOKIE)?.value;
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
}

export function setSession(astro: Pick<AstroGlobal, 'cookies' | 'url'>, token: string): void {
  astro.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: ADMIN_PATH,
    secure: astro.url.protocol === 'https:',
    maxAge: EDITOR_SESSION_SECONDS,
  });
}

export function clearSession(astro: Pick<AstroGlobal, 'cookies' | 'url'>): void {
  astro.cookies.delete(SESSION_COOKIE, { path: ADMIN_PATH, secure: astro.url.protocol === 'https:' });
}

/** Whether a POST came from this site's own pages (Origin equal to ours). */
export function sameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  return origin != null && origin === url.origin;
}

/** The two post types the screens edit, with their Japanese names. */
export const POST_TYPES = { blogs: 'ブログ', news: 'お知らせ' } as const;
export type PostType = keyof typeof POST_TYPES;
export const isPostType = (v: string | undefined): v is PostType => v === 'blogs' || v === 'news';

/** The editor API's error body. */
export interface AdminError {
  message?: string;
  errors?: Record<string, string[]>;
}

/** ISO date-time → the value of a datetime-local input, in Japan time. */
export function toLocalInput(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 16);
}

/** The signed-in person of a screen, and their calls to the admin API (token and browser address added). */
export interface AdminSession {
  token: string;
  name: string;
  login: string;
  role: AdminRole;
  /** Calls the admin API as this person. */
  call: <T = unknown>(path: string, init?: Omit<AdminCallInit, 'token' | 'clientAddress'>) => Promise<AdminAnswer<T>>;
  /** The same, answering the raw response (downloads). */
  fetch: (path: string, init?: Omit<AdminCallInit, 'token' | 'clientAddress'>) => Promise<Response>;
}

type ScreenContext = Pick<AstroGlobal, 'cookies' | 'url' | 'redirect' | 'clientAddress'>;

/** The person behind the session, or the redirect to the login (the cookie dropped) when there is none. */
export async function requireEditor(astro: ScreenContext): Promise<AdminSession | Response> {
  const token = sessionToken(astro);
  const clientAddress = browserAddress(astro);
  const me = token ? await adminApi<{ display_name: string; login: string; role: AdminRole }>('/me', { token, clientAddress }) : null;
  if (!token || !me || me.status !== 200) {
    clearSession(astro);
    return astro.redirect('/admin/login/', 303);
  }
  return {
    token,
    name: me.body.display_name,
    login: me.body.login,
    role: me.body.role,
    call: (path, init = {}) => adminApi(path, { ...init, token, clientAddress }),
    fetch: (path, init = {}) => adminFetch(path, { ...init, token, clientAddress }),
  };
}

/**
 * requireEditor for a screen of one area: the session, the redirect to the login, or a 403 page when
 * the person's role does not open the area (the API refuses their calls anyway).
 */
export async function requireArea(astro: ScreenContext, area: AdminArea): Promise<AdminSession | Response> {
  const session = await requireEditor(astro);
  if (session instanceof Response || canUse(session.role, area)) return session;
  return forbiddenPage();
}

/** The screen a person sees for an area their role does not open. */
export function forbiddenPage(): Response {
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>権限がありません | 管理画面</title></head>
<body><main><h1>権限がありません</h1><p>この画面を表示する権限がありません。必要な場合は管理者にお問い合わせください。</p><p><a href="/admin/">管理画面のトップへ</a></p></main></body></html>`;
  return new Response(html, {
    status: 403,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' },
  });
}

/** The answer to a POST from another site. */
export const forbidden = () => new Response('Forbidden', { status: 403, headers: { 'Cache-Control': 'no-store' } });

/** ISO date-time → 「2026.11.27 9:05」 in Japan time (spec 9). */
export const formatDateTime = (iso: string): string => formatJstDateTime(iso);
