/**
 * Security headers for every response of the shop, in one place: the one-process server
 * (scripts/host/start.ts) applies them to pages and static files, and this hono middleware to the API
 * when it runs alone (`npm run api`). Pages get their script and style sources from the
 * Content-Security-Policy Astro writes into each page (hashes of its own scripts); the header adds
 * what a <meta> policy cannot carry (frame-ancestors), so checkout can never be framed.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { isHttpsContext } from './client-address.ts';

/** JSON and other API answers never run or embed anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** Pages: no framing, no plugins, forms and <base> only to this origin (script-src comes from Astro's meta). */
export const PAGE_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";
/** One year, as preload lists ask; sent only on HTTPS, where it means something. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers for one response: `api` for /v1 and /public.json, `https` when the request came over TLS. */
export function securityHeaders({ api, https }: { api: boolean; https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': api ? API_CSP : PAGE_CSP,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** hono middleware: the API's security headers on every answer, errors included. */
export const securityHeadersMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const https = isHttpsContext(c, c.get('env')?.TRUSTED_PROXIES);
  for (const [name, value] of Object.entries(securityHeaders({ api: true, https }))) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
});
