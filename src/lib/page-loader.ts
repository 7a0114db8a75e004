/**
 * The one server-side page loader for on-demand pages: runs the page's calls, classifies a failure
 * (spec 2 error page, spec 8 invalid channel and maintenance), sets the status and Cache-Control,
 * and hands the page either its data or the failure to render. Pure apart from the context it is
 * given, so it has no Astro or virtual-module import and is unit tested directly.
 */
import { ApiError, isChannelNotFound } from '#api-client/core/errors.ts';
import { RouteError } from './route-middleware.ts';
import { paths } from './routes.ts';

/**
 * 'not-found': the page's data does not exist (the error page's 404 text); 'router-miss': the route's
 * own router has no page for the path (spec 2 "A missing page in the theme router shows 404 with 'This
 * page could not be found'").
 */
export type PageFailure = 'not-found' | 'router-miss' | 'invalid-channel' | 'maintenance' | 'error';

/** What loadPage needs from `Astro`: the response to set and the redirect helper. */
export interface PageContext {
  response: { status?: number; headers: Headers };
  redirect: (path: string, status?: 301 | 302 | 303 | 307 | 308 | 300 | 304) => Response;
}

/** Thrown by a page's loader when its input names nothing (past the last page, unknown filter). */
export class PageNotFound extends Error {
  constructor(what = 'page') {
    super(`not found: ${what}`);
    this.name = 'PageNotFound';
  }
}

/** Shorthand for `throw new PageNotFound(what)` inside a loader. */
export function notFound(what?: string): never {
  throw new PageNotFound(what);
}

/** Thrown by a route that routes its sub-paths itself (the social gift's steps) for a path it has no page for. */
export class RouterMiss extends PageNotFound {}

/** Shorthand for `throw new RouterMiss(what)` inside a loader. */
export function routerMiss(what?: string): never {
  throw new RouterMiss(what);
}

/** What a page does after a failed call: 404 page, invalid-channel layout, /maintenance/, or the error page. */
export function classifyFailure(error: unknown): PageFailure {
  if (error instanceof RouterMiss) return 'router-miss';
  if (error instanceof PageNotFound) return 'not-found';
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 503) return 'maintenance';
  if (error.status === 404 && (error.code === 'channel.not_exists' || isChannelNotFound(error.status, error.message)))
    return 'invalid-channel';
  // 422 is the API refusing the input (bad filter, NUL byte, id out of range): nothing to show there.
  if (error.status === 404 || error.status === 422 || error.status === 400) return 'not-found';
  return 'error';
}

/** HTTP status of the page for a failure (maintenance redirects instead); 'error' defaults to 500 (see errorPageFacts). */
export function failureStatus(failure: PageFailure): number {
  return failure === 'error' ? 500 : failure === 'maintenance' ? 302 : 404;
}

/** What the error page shows for a failed route change (spec 8). */
export interface ErrorPageFacts {
  status: number;
  /** Our own route errors' message ('Unknown middleware …'); the API's wording is not shown (spec 8). */
  message: string | null;
}

/**
 * Status and message of the error page for a failure classified 'error' (spec 8 "Route-change error
 * with status: error page with that code and message; default status 500"): a RouteError's status
 * and message, an API error's 4xx/5xx status (a 502 from the API is a 502 page), else 500.
 */
export function errorPageFacts(error: unknown): ErrorPageFacts {
  if (error instanceof RouteError) return { status: validErrorStatus(error.status), message: error.message };
  if (error instanceof ApiError) return { status: validErrorStatus(error.status), message: null };
  return { status: 500, message: null };
}

const validErrorStatus = (status: number) => (Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500);

/**
 * On-demand catalogue pages hold no personal data (member state comes from header.js and islands),
 * so a shared cache may keep them a minute and serve stale while revalidating; browsers revalidate.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** Member page shells: nothing personal in them, but no shared cache should hold a member's URL. */
export const PRIVATE_PAGE_CACHE = 'private, no-cache';
/** A failed or degraded page must never be kept. */
export const FAILED_PAGE_CACHE = 'no-store';

export type PageCaching = 'public' | 'private';

/** Sets the page's Cache-Control: by kind when it rendered fully, never stored when it failed or degraded. */
export function setPageCaching(headers: Headers, failed: boolean, caching: PageCaching = 'public'): void {
  headers.set('Cache-Control', failed ? FAILED_PAGE_CACHE : caching === 'private' ? PRIVATE_PAGE_CACHE : PUBLIC_PAGE_CACHE);
}

/** Helpers a loader receives. */
export interface LoadKit {
  /**
   * An optional block (home page news, say): its failure hides the block (the fallback) and marks
   * the page degraded (not cached), unless it is maintenance or an invalid channel, which fail the page.
   */
  optional<V>(work: Promise<V>, fallback: V): Promise<V>;
}

export type PageResult<T> =
  | { ok: true; data: T; degraded: boolean; redirect?: undefined }
  | { ok: false; failure: Exclude<PageFailure, 'maintenance'>; redirect?: undefined }
  | { ok: false; failure: 'maintenance'; redirect: Response };

/**
 * Runs `load` for an on-demand page. Maintenance answers a 302 to /maintenance/ (`result.redirect`,
 * which the page returns); any other failure sets 404/500 and no-store; success sets the caching.
 */
export async function loadPage<T>(
  page: PageContext,
  load: (kit: LoadKit) => Promise<T>,
  opts: { caching?: PageCaching } = {},
): Promise<PageResult<T>> {
  let degraded = false;
  const kit: LoadKit = {
    async optional(work, fallback) {
      try {
        return await work;
      } catch (error) {
        const failure = classifyFailure(error);
        if (failure === 'maintenance' || failure === 'invalid-channel') throw error;
        degraded = true;
        return fallback;
      }
    },
  };
  try {
    const data = await load(kit);
    setPageCaching(page.response.headers, degraded, opts.caching);
    return { ok: true, data, degraded };
  } catch (error) {
    const failure = classifyFailure(error);
    setPageCaching(page.response.headers, true);
    if (failure === 'maintenance') return { ok: false, failure, redirect: page.redirect(paths.maintenance, 302) };
    page.response.status = failure === 'error' ? errorPageFacts(error).status : failureStatus(failure);
    return { ok: false, failure };
  }
}
