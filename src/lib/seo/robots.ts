/** robots.txt: the shop open to crawlers, the private and transactional screens closed, the sitemap named. */
import { absoluteUrl, siteOrigin } from './site.ts';

/**
 * Paths no search engine should crawl: member area, cart and checkout, sign-in and account flows,
 * forms' confirm/complete steps, the social gift receiver (a secret link), the API and the
 * editors' area. /product/?keyword= search results are not listed: their links lead to products.
 */
export const DISALLOWED_PATHS = [
  '/mypage/',
  '/ec/',
  '/cart/',
  '/admin/',
  '/login/',
  '/login_sync/',
  '/register/',
  '/reminder/',
  '/verify/',
  '/social-gift/',
  '/contact/confirm/',
  '/contact/complete/',
  '/maintenance/',
  '/v1/',
] as const;

/** The robots.txt text for the site at `origin`. */
export function robotsTxt(origin: string = siteOrigin()): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', origin)}`,
    '',
  ].join('\n');
}
