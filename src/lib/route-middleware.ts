/**
 * Route middleware by name (spec 2 redirect rules, spec 8 "Unknown middleware"): a page declares the
 * names of the guards it runs ('auth' login required, 'guest' guest only, 'cart' the cart-expiry and
 * product-not-found rules, 'maintenance'), and this registry maps each name to its rule in
 * redirects.ts. A name the registry does not know is a bug in the page: it throws a RouteError with
 * status 500 and the message `Unknown middleware <name>`, which the error page shows.
 */
import {
  cartExpiredRedirect,
  cartProductNotFoundRedirect,
  guestOnlyRedirect,
  maintenanceRedirect,
  memberOnlyRedirect,
  type RedirectSettings,
  type VisitorState,
} from './redirects.ts';

/** An error of a route change that carries the HTTP status the error page answers with (spec 8). */
export class RouteError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'RouteError';
    this.status = status;
  }
}

/** What the middlewares read about the visitor and the page. */
export interface RouteFacts {
  pathname: string;
  /** Path and query to come back to after login. */
  returnTo: string;
  visitor: VisitorState;
  settings: RedirectSettings;
  /** What the cart's last call said (cart pages). */
  cart?: { expired?: boolean; productNotFound?: boolean; empty?: boolean };
  /** The API answered 503. */
  maintenance?: boolean;
}

/** A guard: the path to send the visitor to, or null to stay. */
export type RouteMiddleware = (facts: RouteFacts) => string | null;

/** True on the order confirmation step, where product-not-found with an empty cart goes back to /cart/. */
const onConfirmScreen = (pathname: string) => pathname.startsWith('/cart/confirm');

/*
 * Each middleware is also exported on its own: an island imports the one it runs (the member gate
 * `authMiddleware`), so its bundle keeps that function, not the whole table (an object literal is kept
 * or dropped as a whole; the checkout pages' JS budget has no room for the rest).
 */
/** 'auth': login required (spec 2). */
export const authMiddleware: RouteMiddleware = (f) => memberOnlyRedirect(f.visitor, f.returnTo, f.settings);
/** 'guest': guest-only screens (login, register, reminder). */
export const guestMiddleware: RouteMiddleware = (f) => guestOnlyRedirect(f.visitor, f.settings);
/** 'cart': cart expiry on a cart page, product-not-found on the confirm step with an empty cart. */
export const cartMiddleware: RouteMiddleware = (f) => {
  if (f.cart?.expired) return cartExpiredRedirect(f.pathname);
  if (f.cart?.productNotFound)
    return cartProductNotFoundRedirect({ onConfirmScreen: onConfirmScreen(f.pathname), cartEmpty: !!f.cart.empty });
  return null;
};
/** 'maintenance': a 503 goes to /maintenance/. */
export const maintenanceMiddleware: RouteMiddleware = (f) => (f.maintenance ? maintenanceRedirect() : null);

/** Every middleware a page may name. */
export const routeMiddlewares = {
  auth: authMiddleware,
  guest: guestMiddleware,
  cart: cartMiddleware,
  maintenance: maintenanceMiddleware,
} satisfies Record<string, RouteMiddleware>;

export type MiddlewareName = keyof typeof routeMiddlewares;

/** The middleware of that name; throws RouteError(500, `Unknown middleware <name>`) for any other. */
export function middlewareByName(name: string): RouteMiddleware {
  if (!Object.hasOwn(routeMiddlewares, name)) throw new RouteError(500, `Unknown middleware ${name}`);
  return routeMiddlewares[name as MiddlewareName];
}

/** Checks every name up front (a page's declaration), so an unknown one fails before any guard runs. */
export function assertMiddlewareNames(names: readonly string[]): MiddlewareName[] {
  for (const name of names) middlewareByName(name);
  return names as MiddlewareName[];
}

/** Runs the named middlewares in order; the first redirect wins, null when the visitor may stay. */
export function runMiddleware(names: readonly string[], facts: RouteFacts): string | null {
  for (const name of assertMiddlewareNames(names)) {
    const target = routeMiddlewares[name](facts);
    if (target) return target;
  }
  return null;
}

/** The names a page declared in a data-middleware attribute ("auth guest"), split on spaces or commas. */
export function parseMiddlewareNames(raw: string | null | undefined): string[] {
  return (raw ?? '').split(/[\s,]+/).filter(Boolean);
}
