/** POST /admin/logout/: ends the editor's session at the API and drops the cookie. */
import type { APIRoute } from 'astro';
import { adminApi, clearSession, forbidden, sameOrigin, sessionToken } from '../_api.ts';

export const prerender = false;

export const POST: APIRoute = async (context) => {
  if (!sameOrigin(context.request, context.url)) return forbidden();
  const token = sessionToken(context);
  if (token) await adminApi('/auth/logout', { method: 'POST', token }).catch(() => null);
  clearSession(context);
  return new Response(null, { status: 303, headers: { Location: '/admin/login/', 'Cache-Control': 'private, no-store' } });
};
