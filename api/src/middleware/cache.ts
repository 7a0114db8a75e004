/**
 * Cache-Control for every /v1 answer. Anything personal (a signed-in request, /me/, auth, carts,
 * payments for a cart) is `private, no-store`, so no shared cache or browser keeps member data.
 * Public reads may be kept briefly by a shared cache; they vary by channel and by sign-in state
 * (e.g. is_favorite), hence the Vary header. The shop's own server-side calls (they carry the
 * internal secret; the maintenance switch lets them through) are answered `no-store`: what they read
 * must not reach a shared cache and from there a visitor while the shop is closed.
 */
import { createMiddleware } from 'hono/factory';
import { INTERNAL_SECRET_HEADER } from '#contracts/internal.ts';
import type { AppEnv } from '../context.ts';

const PERSONAL_PATH = /\/(me|auth|carts|payments\/carts|users)(\/|$)/;
const PUBLIC_READ = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

export const cacheControl = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.headers.has('cache-control')) return;
  const personal = c.get('user') != null || c.req.header('authorization') != null || PERSONAL_PATH.test(c.req.path);
  if (personal || c.req.method !== 'GET' || c.res.status >= 300 || c.req.header(INTERNAL_SECRET_HEADER) != null) {
    c.header('Cache-Control', personal ? 'private, no-store' : 'no-store');
    return;
  }
  c.header('Cache-Control', PUBLIC_READ);
  c.header('Vary', 'Authorization, X-Channel-Id', { append: true });
});
